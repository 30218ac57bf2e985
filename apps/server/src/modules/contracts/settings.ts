import type { ErrorCode } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { D, type Dec, str } from '../../lib/money.js';
import { type ContractRules, loadContractRules, openCountByPair, upsertContractRules } from './repo.js';

/** The console's editor of contract rules per pair (operators set terms, never results). */

const view = (r: ContractRules | undefined) =>
  r && {
    contract_size: str(r.contractSize),
    multiples: r.multiples,
    lot_presets: r.lotPresets,
    open_fee_rate: str(r.openFeeRate),
    close_fee_rate: str(r.closeFeeRate),
    maintenance_margin_rate: str(r.maintenanceMarginRate),
    max_lots: r.maxLots,
  };

export async function consoleContractSettings(app: FastifyInstance) {
  await app.market.ensurePairs();
  const rules = new Map((await loadContractRules(app.db)).map((r) => [r.pairId, r]));
  const open = await openCountByPair(app.db);
  return app.market.listPairs().map((p) => ({
    pair_id: p.id,
    symbol: p.symbol,
    open_lever: p.openLever,
    open_positions: open.get(p.id) ?? 0,
    settings: view(rules.get(p.id)) ?? null,
  }));
}

export type ContractSettingsInput = {
  pair_id: number;
  contract_size?: unknown;
  multiples?: unknown;
  lot_presets?: unknown;
  open_fee_rate?: unknown;
  close_fee_rate?: unknown;
  maintenance_margin_rate?: unknown;
  max_lots?: unknown;
};

const bad = (field: string, code: ErrorCode = 'field_invalid') => new AppError(code, { fields: { [field]: code } });
const text = (raw: unknown) => (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '');

function decimalField(raw: unknown, field: string, fallback: Dec | undefined, check: (v: Dec) => boolean): Dec {
  const t = text(raw);
  if (t === '') {
    if (fallback) return fallback;
    throw bad(field, 'field_required');
  }
  if (!/^\d{1,12}(\.\d{1,18})?$/.test(t)) throw bad(field);
  const value = new D(t);
  if (!check(value)) throw bad(field);
  return value;
}

/** A list of whole numbers: "5, 10, 20" or an array; distinct, ascending, each 1..limit. */
function intList(raw: unknown, field: string, fallback: number[] | undefined, limit: number): number[] {
  if (raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0)) {
    if (fallback) return fallback;
    throw bad(field, 'field_required');
  }
  const parts = Array.isArray(raw)
    ? raw.map(text)
    : text(raw)
        .split(/[\s,]+/)
        .filter(Boolean);
  if (!parts.length || parts.length > 20 || parts.some((p) => !/^\d{1,7}$/.test(p))) throw bad(field);
  const values = [...new Set(parts.map(Number))].sort((a, b) => a - b);
  if (values.some((v) => v < 1 || v > limit)) throw bad(field);
  return values;
}

/**
 * Sets a pair's rules (fields left out keep their value; a pair without rules needs them all). They
 * apply to positions opened afterwards: an open position keeps the terms it was opened with.
 */
export async function updateContractSettings(app: FastifyInstance, request: FastifyRequest, input: ContractSettingsInput) {
  await app.market.ensurePairs();
  const pair = app.market.getPair(input.pair_id);
  if (!pair) throw bad('pair_id', 'pair_unknown');
  const before = (await loadContractRules(app.db)).find((r) => r.pairId === pair.id);
  const rate = (v: Dec) => v.gte(0) && v.lt(1);
  const contractSize = decimalField(input.contract_size, 'contract_size', before && new D(before.contractSize), (v) => v.gt(0));
  const multiples = intList(input.multiples, 'multiples', before?.multiples, 1000);
  const lotPresets = intList(input.lot_presets, 'lot_presets', before?.lotPresets, 1_000_000);
  const openFeeRate = decimalField(input.open_fee_rate, 'open_fee_rate', before && new D(before.openFeeRate), rate);
  const closeFeeRate = decimalField(input.close_fee_rate, 'close_fee_rate', before && new D(before.closeFeeRate), rate);
  const mmr = decimalField(
    input.maintenance_margin_rate,
    'maintenance_margin_rate',
    before && new D(before.maintenanceMarginRate),
    rate,
  );
  const maxLotsText = text(input.max_lots);
  const maxLots = maxLotsText === '' ? (before?.maxLots ?? 10_000) : /^\d{1,7}$/.test(maxLotsText) ? Number(maxLotsText) : 0;
  if (maxLots < 1) throw bad('max_lots');
  // A position must start above its maintenance margin: margin (notional / multiple) > notional × rate.
  if (mmr.times(Math.max(...multiples)).gte(1)) throw bad('maintenance_margin_rate');
  if (lotPresets.some((l) => l > maxLots)) throw bad('lot_presets');

  const next = {
    pairId: pair.id,
    contractSize: str(contractSize),
    multiples,
    lotPresets,
    openFeeRate: str(openFeeRate),
    closeFeeRate: str(closeFeeRate),
    maintenanceMarginRate: str(mmr),
    maxLots,
  };
  await app.db.transaction(async (tx) => {
    await upsertContractRules(tx, next);
    await audit(
      tx,
      request,
      'contract_settings.set',
      `pair:${pair.id}`,
      view(before) ?? null,
      view({ ...next, quoteDecimals: 0, updatedAt: new Date() }),
    );
  });
  return (await consoleContractSettings(app)).find((r) => r.pair_id === pair.id);
}
