import {
  addDecimal,
  ceilDecimal,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  isDecimal,
  isOnStep,
  isPositiveDecimal,
  multiplyDecimal,
  subtractDecimal,
  truncateDecimal,
} from '@app/shared';
import type { EntryKind, Side } from './api/contracts-api';

/**
 * The contract form's checks and estimates, the same rules as the server's (modules/contracts/math.ts),
 * on exact decimal strings. The server checks again; these only spare a round trip and show the cost.
 */

export type ContractsField = 'lots' | 'price' | 'stop_profit' | 'stop_loss';
export type ContractsProblem = { field: ContractsField; code: string };

/** Lots: a whole number ≥ 1 as typed, at most `max`. */
export function checkLots(text: string, max: number): string | undefined {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t) || Number(t) < 1) return 'lots_invalid';
  if (Number(t) > max) return 'lots_too_many';
  return undefined;
}

/** A price on the pair's grid ("" is none). */
export function checkPrice(text: string, tick: string, priceDecimals: number): string | undefined {
  const t = text.trim();
  if (!isDecimal(t) || !isPositiveDecimal(t) || decimalPlaces(t) > priceDecimals) return 'price_invalid';
  if (!isOnStep(t, tick)) return 'price_off_tick';
  return undefined;
}

export type FormInput = {
  side: Side;
  kind: EntryKind;
  lots: string;
  price: string;
  stopOn: boolean;
  stopProfit: string;
  stopLoss: string;
};

export type PairRules = { tick: string; priceDecimals: number; maxLots: number; current: string | null };

/** The first problem of the form, in the order the fields appear. */
export function checkForm(input: FormInput, rules: PairRules): ContractsProblem | undefined {
  const lots = checkLots(input.lots, rules.maxLots);
  if (lots) return { field: 'lots', code: lots };
  if (input.kind === 'limit') {
    if (input.price.trim() === '') return { field: 'price', code: 'price_required' };
    const bad = checkPrice(input.price, rules.tick, rules.priceDecimals);
    if (bad) return { field: 'price', code: bad };
    if (rules.current) {
      const c = compareDecimal(input.price, rules.current);
      if (input.side === 'long' ? c >= 0 : c <= 0) return { field: 'price', code: 'limit_price_wrong_side' };
    }
  }
  if (input.stopOn) {
    const entry = input.kind === 'limit' ? input.price.trim() : rules.current;
    const stops = checkStops(input.side, entry, rules.current, input.stopProfit, input.stopLoss, rules);
    if (stops) return stops;
  }
  return undefined;
}

/**
 * Stop prices (spec: required when a stop is set; api-notes: for a long, profit above the entry and the
 * current price and loss below both; mirrored for a short). An empty one of the two means none.
 */
export function checkStops(
  side: Side,
  entry: string | null,
  current: string | null,
  stopProfit: string,
  stopLoss: string,
  rules: Pick<PairRules, 'tick' | 'priceDecimals'>,
): ContractsProblem | undefined {
  const sp = stopProfit.trim();
  const sl = stopLoss.trim();
  if (sp === '' && sl === '') return { field: 'stop_profit', code: 'stop_price_required' };
  const references = [entry, current].filter((v): v is string => !!v && isDecimal(v));
  if (sp !== '') {
    const bad = checkPrice(sp, rules.tick, rules.priceDecimals);
    if (bad) return { field: 'stop_profit', code: bad };
    if (references.some((r) => (side === 'long' ? compareDecimal(sp, r) <= 0 : compareDecimal(sp, r) >= 0))) {
      return { field: 'stop_profit', code: 'stop_profit_wrong_side' };
    }
  }
  if (sl !== '') {
    const bad = checkPrice(sl, rules.tick, rules.priceDecimals);
    if (bad) return { field: 'stop_loss', code: bad };
    if (references.some((r) => (side === 'long' ? compareDecimal(sl, r) >= 0 : compareDecimal(sl, r) <= 0))) {
      return { field: 'stop_loss', code: 'stop_loss_wrong_side' };
    }
  }
  return undefined;
}

/** a ÷ n rounded up to `places` (exactly: a remainder beyond the last place still rounds up). */
function divideUp(a: string, n: number, places: number): string {
  const cut = divideDecimal(a, String(n), places);
  if (compareDecimal(multiplyDecimal(cut, String(n)), a) === 0) return cut;
  return addDecimal(cut, places === 0 ? '1' : `0.${'0'.repeat(places - 1)}1`);
}

/** What opening costs: margin = price × size × lots / multiple and the fee = notional × rate, both up. */
export function estimateCost(
  price: string,
  contractSize: string,
  lots: number,
  multiple: number,
  feeRate: string,
  places: number,
): { margin: string; fee: string; total: string } {
  const notional = multiplyDecimal(multiplyDecimal(price, contractSize), String(lots));
  const margin = divideUp(notional, multiple, places);
  const fee = ceilDecimal(multiplyDecimal(notional, feeRate), places);
  return { margin, fee, total: addDecimal(margin, fee) };
}

/**
 * The liquidation price a new position would have, as the server computes it once opened
 * (modules/contracts/math.ts): equity = margin + PnL reaches the maintenance margin (entry notional ×
 * rate, rounded up) at entry ∓ (margin − maintenance) / quantity; a long's is shown rounded down, a
 * short's up, on the pair's places. Null when a long's would be at or below zero (never reached).
 */
export function estimateLiquidation(
  side: Side,
  entry: string,
  contractSize: string,
  lots: number,
  multiple: number,
  maintenanceRate: string,
  places: number,
  priceDecimals: number,
): string | null {
  const quantity = multiplyDecimal(contractSize, String(lots));
  if (!isPositiveDecimal(quantity)) return null;
  const notional = multiplyDecimal(entry, quantity);
  const margin = divideUp(notional, multiple, places);
  const maintenance = ceilDecimal(multiplyDecimal(notional, maintenanceRate), places);
  const cushion = divideDecimal(subtractDecimal(margin, maintenance), quantity, priceDecimals + 8);
  if (side === 'long') {
    const price = truncateDecimal(subtractDecimal(entry, cushion), priceDecimals);
    return compareDecimal(price, '0') > 0 ? price : null;
  }
  return ceilDecimal(addDecimal(entry, cushion), priceDecimals);
}
