import type { DepthLevel } from '@app/shared';
import { addDecimal, compareDecimal } from '@app/shared';

/**
 * The order book as the trade and chart pages draw it. Sums are exact (decimal strings); only the
 * final ratios, which are widths on the screen, become JS numbers.
 */

export type BookRow = {
  price: string;
  amount: string /** Sum of amounts from the best price to this one. */;
  cumulative: string;
};

/** Levels from the best price outwards with their running totals (at most `levels`). */
export function withCumulative(levels: readonly DepthLevel[], count = 10): BookRow[] {
  let running = '0';
  return levels.slice(0, count).map(([price, amount]) => {
    running = addDecimal(running, amount);
    return { price, amount, cumulative: running };
  });
}

/** The largest of several decimal strings ('0' for none). */
export function maxDecimal(values: readonly string[]): string {
  return values.reduce((max, v) => (compareDecimal(v, max) > 0 ? v : max), '0');
}

/** value ÷ max as a screen fraction in [0, 1]. */
export function ratio(value: string, max: string): number {
  const m = Number(max);
  if (!(m > 0)) return 0;
  return Math.min(1, Math.max(0, Number(value) / m));
}

export type DepthPoint = { price: number; total: number };

/**
 * The depth chart's two staircases: bids from the best (highest) price down, asks from the best
 * (lowest) up, each with its cumulative amount. Screen coordinates only.
 */
export function depthCurves(bids: readonly DepthLevel[], asks: readonly DepthLevel[]) {
  const toPoints = (rows: BookRow[]): DepthPoint[] => rows.map((r) => ({ price: Number(r.price), total: Number(r.cumulative) }));
  return {
    bids: toPoints(withCumulative(bids, bids.length)),
    asks: toPoints(withCumulative(asks, asks.length)),
  };
}
