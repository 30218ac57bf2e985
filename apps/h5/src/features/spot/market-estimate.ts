import type { DepthLevel } from '@app/shared';
import {
  addDecimal,
  ceilDecimal,
  compareDecimal,
  divideDecimal,
  floorToStep,
  isPositiveDecimal,
  multiplyDecimal,
  subtractDecimal,
  truncateDecimal,
} from '@app/shared';

/**
 * What a market order would do against the book as the app last saw it, before it is sent: the same
 * walk the server's engine makes (best price first, whole lots, only within the pair's price band
 * around the index price), so the user sees the average price, the fee and what the band would cut
 * off. An estimate: the book may move before the order arrives; the server's reply is what happened.
 */

export type EstimateRules = {
  lotSize: string;
  priceDecimals: number;
  quoteDecimals: number;
  takerFeeRate: string;
  /** Fraction of the reference price ("0.05"). */
  priceBand: string;
  /** The index (last) price the band is around; null: no band known, the whole book counts. */
  reference: string | null;
};

export type MarketEstimate = {
  /** Base quantity that would trade. */
  filled: string;
  /** Quote amount of the trades (price × quantity, before the fee). */
  filledTotal: string;
  /** Average price at the pair's places; null when nothing would trade. */
  avgPrice: string | null;
  fee: string;
  /** The band's edge this side trades to (null without a reference price). */
  limit: string | null;
  /** Sell: base left unfilled; buy: quote (of the total) left unspent. */
  rest: string;
  /** Whether the band (not the book running out) is what leaves `rest`. */
  cutByBand: boolean;
};

/** The band's worst price for a side: reference × (1 ± band), cut inwards to the pair's places. */
export function bandLimit(side: 'buy' | 'sell', reference: string, band: string, places: number): string {
  if (side === 'buy') return truncateDecimal(multiplyDecimal(reference, addDecimal('1', band)), places);
  return ceilDecimal(multiplyDecimal(reference, subtractDecimal('1', band)), places);
}

/**
 * Sell `amount` of the base coin (walks the bids) or spend `total` of the quote coin, fee included
 * (walks the asks), as the server would.
 */
export function estimateMarketOrder(
  side: 'buy' | 'sell',
  size: string,
  levels: readonly DepthLevel[],
  rules: EstimateRules,
): MarketEstimate {
  const limit = rules.reference === null ? null : bandLimit(side, rules.reference, rules.priceBand, rules.priceDecimals);
  const within = (price: string) =>
    limit === null || (side === 'buy' ? compareDecimal(price, limit) <= 0 : compareDecimal(price, limit) >= 0);
  let filled = '0';
  let filledTotal = '0';
  let cutByBand = false;
  // A buy's budget for price × quantity: the total less the taker fee on it (the server's rule).
  let budget = side === 'buy' ? divideDecimal(size, addDecimal('1', rules.takerFeeRate), 18) : '0';
  let left = side === 'sell' ? size : '0';
  for (const [price, quantity] of levels) {
    if (side === 'sell' ? !isPositiveDecimal(left) : !isPositiveDecimal(budget)) break;
    if (!within(price)) {
      cutByBand = true;
      break;
    }
    let take: string;
    if (side === 'sell') take = compareDecimal(quantity, left) < 0 ? quantity : left;
    else {
      const affordable = floorToStep(divideDecimal(budget, price, 18), rules.lotSize);
      take = compareDecimal(quantity, affordable) < 0 ? quantity : affordable;
    }
    if (!isPositiveDecimal(take)) break;
    const value = multiplyDecimal(price, take);
    filled = addDecimal(filled, take);
    filledTotal = addDecimal(filledTotal, value);
    if (side === 'sell') left = subtractDecimal(left, take);
    else budget = subtractDecimal(budget, value);
    if (side === 'buy' && compareDecimal(take, quantity) < 0) break;
  }
  const feeExact = multiplyDecimal(filledTotal, rules.takerFeeRate);
  // What a buyer pays is rounded up, what a seller gets rounded down, at the quote coin's places.
  const fee =
    side === 'buy'
      ? subtractDecimal(ceilDecimal(addDecimal(filledTotal, feeExact), rules.quoteDecimals), filledTotal)
      : subtractDecimal(filledTotal, truncateDecimal(subtractDecimal(filledTotal, feeExact), rules.quoteDecimals));
  const avgPrice = isPositiveDecimal(filled) ? divideDecimal(filledTotal, filled, rules.priceDecimals) : null;
  const rest = side === 'sell' ? left : subtractDecimal(size, addDecimal(filledTotal, fee));
  return { filled, filledTotal, avgPrice, fee, limit, rest, cutByBand: cutByBand && isPositiveDecimal(rest) };
}
