import type { Dec } from '../../lib/money.js';
import { D, dec } from '../../lib/money.js';
import {
  isLiquidated,
  limitReached,
  liquidationPriceExact,
  maintenanceOf,
  pnlOf,
  quantityOf,
  riskRate,
  type Side,
  stopReached,
} from './math.js';
import type { PositionRow } from './repo.js';

/**
 * The open positions in memory, per pair, with everything a tick needs precomputed, so re-marking a
 * position on a new index price is cheap. The database stays the truth: a position enters this book
 * after the transaction that opened it commits, and what a tick triggers is settled by a conditional
 * update (open.ts fills, close.ts closes).
 *
 * Re-marking runs on exact integers (bigint) rather than decimal.js: a price on the pair's grid is an
 * integer count of 10^-priceDecimals, a quantity an integer count of 10^-quantityDecimals, so PnL, risk
 * rate and every trigger comparison are exact integer arithmetic with the same rounding as math.ts
 * (PnL toward −∞ on the quote coin's places, risk rate truncated to two places; a property test checks
 * both paths agree). A mark that is not on the grid falls back to the decimal path.
 */

export type Trigger = 'fill' | 'stop_profit' | 'stop_loss' | 'liquidation';

/** The integer form of a position: prices in 10^-priceDecimals, money in 10^-decimals. */
type Units = {
  entry: bigint;
  quantity: bigint;
  /** PnL units = (mark − entry) × quantity, scaled by 10^-shift to the quote coin's places. */
  shift: number;
  margin: bigint;
  /** Triggers in price units: a long liquidates at or below `liquidation`, a short at or above. */
  liquidation?: bigint;
  stopProfit?: bigint;
  stopLoss?: bigint;
  target?: bigint;
};

export type LivePosition = {
  id: number;
  userId: number;
  pairId: number;
  side: Side;
  status: 'entrusted' | 'holding';
  target: Dec | undefined;
  entry: Dec | undefined;
  quantity: Dec;
  margin: Dec;
  maintenance: Dec | undefined;
  liquidation: Dec | undefined;
  stopProfit: Dec | undefined;
  stopLoss: Dec | undefined;
  /** The quote coin's places, and the pair's price places. */
  decimals: number;
  priceDecimals: number;
  units: Units | undefined;
  /** Set while a triggered settlement is in flight, so the next tick does not queue it again. */
  pending: boolean;
  /** The last re-mark: PnL (quote coin) and risk rate (percent) at the last index price, as text. */
  profit?: string;
  risk?: string | null;
};

const optional = (v: string | null | undefined) => (v === null || v === undefined ? undefined : dec(v));
const TEN = 10n;
const pow10 = (n: number) => TEN ** BigInt(n);

/** A decimal as an integer count of 10^-scale, or undefined when it has more places than that. */
export function toUnits(value: Dec | string, scale: number): bigint | undefined {
  const d = dec(value);
  if (d.decimalPlaces() > scale) return undefined;
  return BigInt(d.times(pow10(scale).toString()).toFixed(0));
}

/** An integer count of 10^-scale as a plain decimal ("12.5", "-0.000001", "0"). */
export function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    digits = digits.padStart(scale + 1, '0');
    const whole = digits.slice(0, -scale);
    const fraction = digits.slice(-scale).replace(/0+$/, '');
    digits = fraction ? `${whole}.${fraction}` : whole;
  }
  return negative && digits !== '0' ? `-${digits}` : digits;
}

/** Integer division rounded toward −∞ (bigint `/` truncates toward zero). */
const floorDiv = (a: bigint, b: bigint) => {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
};

function unitsOf(p: LivePosition): Units | undefined {
  const entry = p.entry ?? p.target;
  if (!entry) return undefined;
  const entryUnits = toUnits(entry, p.priceDecimals);
  const quantityPlaces = p.quantity.decimalPlaces();
  const quantity = toUnits(p.quantity, quantityPlaces);
  const margin = toUnits(p.margin, p.decimals);
  if (entryUnits === undefined || quantity === undefined || margin === undefined) return undefined;
  const grid = (v: Dec | undefined, rounding: 'floor' | 'ceil') => {
    if (!v) return undefined;
    return BigInt(
      v
        .times(pow10(p.priceDecimals).toString())
        .toDecimalPlaces(0, rounding === 'floor' ? D.ROUND_FLOOR : D.ROUND_CEIL)
        .toFixed(0),
    );
  };
  const long = p.side === 'long';
  return {
    entry: entryUnits,
    quantity,
    shift: p.priceDecimals + quantityPlaces - p.decimals,
    margin,
    // mark ≤ L ⇔ markUnits ≤ ⌊L⌋ for a long; mark ≥ L ⇔ markUnits ≥ ⌈L⌉ for a short (marks are integers).
    liquidation: grid(p.liquidation, long ? 'floor' : 'ceil'),
    // Stops and limit prices are on the grid already (the service checks them).
    stopProfit: grid(p.stopProfit, long ? 'ceil' : 'floor'),
    stopLoss: grid(p.stopLoss, long ? 'floor' : 'ceil'),
    target: grid(p.target, long ? 'floor' : 'ceil'),
  };
}

/** Builds the live form of a stored open position. */
export function livePosition(row: PositionRow, decimals: number, priceDecimals: number): LivePosition {
  const quantity = quantityOf(row.contractSize, row.lots);
  const live: LivePosition = {
    id: row.id,
    userId: row.userId,
    pairId: row.pairId,
    side: row.side as Side,
    status: row.status as LivePosition['status'],
    target: optional(row.targetPrice),
    entry: optional(row.openPrice),
    quantity,
    margin: dec(row.margin),
    maintenance: undefined,
    liquidation: undefined,
    stopProfit: optional(row.stopProfitPrice),
    stopLoss: optional(row.stopLossPrice),
    decimals,
    priceDecimals,
    units: undefined,
    pending: false,
  };
  if (live.entry) {
    live.maintenance = maintenanceOf(live.entry, row.contractSize, row.lots, row.maintenanceMarginRate, decimals);
    live.liquidation = liquidationPriceExact(live.side, live.entry, live.margin, live.maintenance, quantity);
  }
  live.units = unitsOf(live);
  return live;
}

/** Recomputes the precomputed parts after the stops changed. */
export function setStops(p: LivePosition, stopProfit: Dec | undefined, stopLoss: Dec | undefined): void {
  p.stopProfit = stopProfit;
  p.stopLoss = stopLoss;
  p.units = unitsOf(p);
}

/**
 * Re-marks one position at `mark` (decimal path): its PnL and risk rate, and what the price triggers.
 * Stops are the user's own instructions and are checked first; liquidation settles at the same mark.
 */
export function remarkPosition(p: LivePosition, mark: Dec): Trigger | undefined {
  if (p.status === 'entrusted') return p.target && limitReached(p.side, mark, p.target) ? 'fill' : undefined;
  const entry = p.entry!;
  const profit = pnlOf(p.side, entry, mark, p.quantity, p.decimals);
  p.profit = profit.toFixed();
  p.risk = riskRate(p.margin.plus(profit), p.margin);
  const stop = stopReached(p.side, mark, { stopProfit: p.stopProfit, stopLoss: p.stopLoss });
  if (stop) return stop;
  return isLiquidated(p.side, mark, p.liquidation) ? 'liquidation' : undefined;
}

/** The same as `remarkPosition`, on integers: `mark` is the index in 10^-priceDecimals. */
export function remarkUnits(p: LivePosition, u: Units, mark: bigint): Trigger | undefined {
  const long = p.side === 'long';
  if (p.status === 'entrusted') {
    if (u.target === undefined) return undefined;
    return (long ? mark <= u.target : mark >= u.target) ? 'fill' : undefined;
  }
  const move = (long ? mark - u.entry : u.entry - mark) * u.quantity;
  const profit = u.shift >= 0 ? floorDiv(move, pow10(u.shift)) : move * pow10(-u.shift);
  p.profit = fromUnits(profit, p.decimals);
  // Equity / margin in hundredths of a percent, truncated toward zero like riskRate().
  const risk = ((u.margin + profit) * 10_000n) / u.margin;
  p.risk = fromUnitsFixed2(risk);
  if (u.stopProfit !== undefined && (long ? mark >= u.stopProfit : mark <= u.stopProfit)) return 'stop_profit';
  if (u.stopLoss !== undefined && (long ? mark <= u.stopLoss : mark >= u.stopLoss)) return 'stop_loss';
  if (u.liquidation !== undefined && (long ? mark <= u.liquidation : mark >= u.liquidation)) return 'liquidation';
  return undefined;
}

/** Hundredths as a two-place decimal ("95.00", "-0.50"). */
function fromUnitsFixed2(hundredths: bigint): string {
  const negative = hundredths < 0n;
  const digits = (negative ? -hundredths : hundredths).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

export class PositionBook {
  private readonly byPair = new Map<number, Map<number, LivePosition>>();

  put(p: LivePosition): void {
    let pair = this.byPair.get(p.pairId);
    if (!pair) {
      pair = new Map();
      this.byPair.set(p.pairId, pair);
    }
    pair.set(p.id, p);
  }

  get(pairId: number, id: number): LivePosition | undefined {
    return this.byPair.get(pairId)?.get(id);
  }

  remove(pairId: number, id: number): void {
    this.byPair.get(pairId)?.delete(id);
  }

  /** cluster: forgets every position (a node that stops leading). */
  clear(): void {
    this.byPair.clear();
  }

  pair(pairId: number): Iterable<LivePosition> {
    return this.byPair.get(pairId)?.values() ?? [];
  }

  size(pairId?: number): number {
    if (pairId !== undefined) return this.byPair.get(pairId)?.size ?? 0;
    let n = 0;
    for (const m of this.byPair.values()) n += m.size;
    return n;
  }

  /**
   * Re-marks every open position of a pair on one index price; returns those the price triggers (each
   * once: a position already being settled is skipped).
   */
  remark(pairId: number, price: string | Dec): { position: LivePosition; trigger: Trigger }[] {
    const mark = dec(price);
    const markUnits = new Map<number, bigint | undefined>();
    const triggered: { position: LivePosition; trigger: Trigger }[] = [];
    for (const p of this.pair(pairId)) {
      if (p.pending) continue;
      let units = markUnits.get(p.priceDecimals);
      if (!markUnits.has(p.priceDecimals)) {
        units = toUnits(mark, p.priceDecimals);
        markUnits.set(p.priceDecimals, units);
      }
      const trigger = p.units && units !== undefined ? remarkUnits(p, p.units, units) : remarkPosition(p, mark);
      if (trigger) {
        p.pending = true;
        triggered.push({ position: p, trigger });
      }
    }
    return triggered;
  }
}
