import { D, type Dec, dec, roundUp } from '../../lib/money.js';

/**
 * The money of a contract position, with no I/O (DESIGN.md 5). Everything is exact decimal arithmetic;
 * amounts are rounded to the quote coin's places once, in the platform's disfavour where a user pays
 * (margin, fees: up) and in a fixed direction for results (PnL: toward −∞, so a loss is never rounded
 * away and a gain never rounded up). Prices are the pair's prices as the index reports them.
 *
 *   quantity     = contract size × lots                          (base coin)
 *   notional     = price × quantity                               (quote coin)
 *   margin       = entry notional / multiple                      (frozen while the position is open)
 *   opening fee  = entry notional × open fee rate
 *   PnL          = (mark − entry) × quantity for a long, (entry − mark) × quantity for a short
 *                  — the multiple is NOT applied again (the original client's error, api-notes)
 *   maintenance  = entry notional × maintenance margin rate
 *   liquidation  when equity = margin + PnL ≤ maintenance
 *   closing fee  = exit notional × close fee rate, never more than what the position still holds
 */

export type Side = 'long' | 'short';

export type PositionTerms = {
  side: Side;
  lots: number;
  multiple: number;
  contractSize: Dec | string;
  openFeeRate: Dec | string;
  closeFeeRate: Dec | string;
  maintenanceMarginRate: Dec | string;
};

export const quantityOf = (contractSize: Dec | string, lots: number): Dec => dec(contractSize).times(lots);

export const notionalOf = (price: Dec | string, contractSize: Dec | string, lots: number): Dec =>
  dec(price).times(quantityOf(contractSize, lots));

/** Margin taken from the contract account: entry notional / multiple, rounded up. */
export function marginOf(
  entry: Dec | string,
  terms: Pick<PositionTerms, 'contractSize' | 'lots' | 'multiple'>,
  decimals: number,
) {
  return roundUp(notionalOf(entry, terms.contractSize, terms.lots).dividedBy(terms.multiple), decimals);
}

/** A fee on a notional at a rate, rounded up (the platform never charges less than its rate). */
export function feeOf(price: Dec | string, contractSize: Dec | string, lots: number, rate: Dec | string, decimals: number) {
  return roundUp(notionalOf(price, contractSize, lots).times(rate), decimals);
}

/** Exact unrealised PnL at `mark` (unrounded: comparisons use it as it is). */
export function pnlExact(side: Side, entry: Dec | string, mark: Dec | string, quantity: Dec): Dec {
  const move = dec(mark).minus(entry);
  return (side === 'long' ? move : move.negated()).times(quantity);
}

/** PnL at `mark` on the coin's places, rounded toward −∞. */
export function pnlOf(side: Side, entry: Dec | string, mark: Dec | string, quantity: Dec, decimals: number): Dec {
  return pnlExact(side, entry, mark, quantity).toDecimalPlaces(decimals, D.ROUND_FLOOR);
}

/** Maintenance margin: entry notional × rate, rounded up; fixed for the position's life. */
export function maintenanceOf(
  entry: Dec | string,
  contractSize: Dec | string,
  lots: number,
  rate: Dec | string,
  decimals: number,
) {
  return roundUp(notionalOf(entry, contractSize, lots).times(rate), decimals);
}

/**
 * The exact mark at which equity equals maintenance: a long is liquidated at or below it, a short at
 * or above it. Undefined for a long whose liquidation price would be ≤ 0 (it can never be reached).
 */
export function liquidationPriceExact(side: Side, entry: Dec | string, margin: Dec, maintenance: Dec, quantity: Dec) {
  const cushion = margin.minus(maintenance).dividedBy(quantity);
  const price = side === 'long' ? dec(entry).minus(cushion) : dec(entry).plus(cushion);
  return price.gt(0) ? price : undefined;
}

/**
 * The liquidation price as shown, on the pair's places: the first price on that grid at which the
 * position is liquidated (a long's rounded down, a short's up), or null when none can be reached.
 */
export function liquidationPriceShown(side: Side, exact: Dec | undefined, priceDecimals: number): string | null {
  if (!exact) return null;
  const rounding = side === 'long' ? D.ROUND_FLOOR : D.ROUND_CEIL;
  const shown = exact.toDecimalPlaces(priceDecimals, rounding);
  return shown.gt(0) ? shown.toFixed(priceDecimals) : null;
}

/** True when the mark has reached the liquidation price (equity ≤ maintenance), compared exactly. */
export function isLiquidated(side: Side, mark: Dec | string, liquidationExact: Dec | undefined): boolean {
  if (!liquidationExact) return false;
  return side === 'long' ? dec(mark).lte(liquidationExact) : dec(mark).gte(liquidationExact);
}

export type Settlement = {
  /** Realised PnL as booked: the position's PnL, but never a loss beyond the margin. */
  profit: Dec;
  /** The closing fee actually charged (reduced when the position holds less than the fee). */
  closeFee: Dec;
  /** What returns to the user's available contract balance (≥ 0). */
  payout: Dec;
  /** The house's side: what it pays (negative) or receives (positive); equals −profit. */
  house: Dec;
};

/**
 * The exit of a position: the margin comes back with the PnL, less the closing fee. The user never
 * loses more than the margin: a loss beyond it (a gap through the liquidation price) is the house's.
 * Invariant: payout + closeFee + house = margin, every part on the coin's places, payout ≥ 0.
 */
export function settle(margin: Dec, pnl: Dec, closeFee: Dec): Settlement {
  const zero = new D(0);
  const profit = D.max(pnl, margin.negated());
  const left = margin.plus(profit);
  const fee = D.min(closeFee, D.max(left, zero));
  const payout = D.max(left.minus(fee), zero);
  return { profit, closeFee: fee, payout, house: profit.negated() };
}

/** Risk rate in percent (equity / margin × 100, two places, rounded down); null without margin. */
export function riskRate(equity: Dec, margin: Dec): string | null {
  if (margin.lte(0)) return null;
  return equity.dividedBy(margin).times(100).toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2);
}

export type StopCheck = { stopProfit?: Dec; stopLoss?: Dec };

/**
 * The stop rules of the spec and api-notes: for a long, stop-profit above both the entry and the
 * current price and stop-loss below both; mirrored for a short. Returns the offending field's code.
 */
export function stopProblem(
  side: Side,
  entry: Dec | string,
  current: Dec | string,
  stops: StopCheck,
): 'stop_profit_wrong_side' | 'stop_loss_wrong_side' | undefined {
  const e = dec(entry);
  const c = dec(current);
  if (stops.stopProfit) {
    const ok =
      side === 'long' ? stops.stopProfit.gt(e) && stops.stopProfit.gt(c) : stops.stopProfit.lt(e) && stops.stopProfit.lt(c);
    if (!ok) return 'stop_profit_wrong_side';
  }
  if (stops.stopLoss) {
    const ok = side === 'long' ? stops.stopLoss.lt(e) && stops.stopLoss.lt(c) : stops.stopLoss.gt(e) && stops.stopLoss.gt(c);
    if (!ok) return 'stop_loss_wrong_side';
  }
  return undefined;
}

/** Which stop a mark reaches, if any: a long's stop-profit at or above it, its stop-loss at or below. */
export function stopReached(side: Side, mark: Dec | string, stops: StopCheck): 'stop_profit' | 'stop_loss' | undefined {
  const m = dec(mark);
  if (stops.stopProfit && (side === 'long' ? m.gte(stops.stopProfit) : m.lte(stops.stopProfit))) return 'stop_profit';
  if (stops.stopLoss && (side === 'long' ? m.lte(stops.stopLoss) : m.gte(stops.stopLoss))) return 'stop_loss';
  return undefined;
}

/** A limit entry fills once the index reaches its price: at or below it for a long, at or above for a short. */
export function limitReached(side: Side, mark: Dec | string, target: Dec | string): boolean {
  return side === 'long' ? dec(mark).lte(target) : dec(mark).gte(target);
}
