import { D, roundDown, roundUp, str } from '../../lib/money.js';
import type { PairRules } from '../../market/pairs.js';

/** Fee rates of a listed pair unless the caller gives others: those of the seeded pairs (0.08 % / 0.1 %). */
export const LISTING_MAKER_FEE = '0.0008';
export const LISTING_TAKER_FEE = '0.001';
/** The smallest order of a listed pair is worth about this much USDT at the start price. */
const MIN_ORDER_USDT = 5;
/** The market maker is given this much USDT worth of the new coin (its ladder needs ~10,000 a side). */
const MARKET_MAKER_USDT = 100_000;

/** What a listing may set; anything left out is worked out from the start price. */
export type ListPairInput = Partial<PairRules> & {
  /** The coin, already in `currencies` (the new-coin subscription inserts it). */
  currencyId: number;
  /** The index's start price in USDT (the issue price), a plain decimal > 0. */
  startPrice: string;
  /** Base coin given to the market-making account from the house account (default ≈ 100,000 USDT worth; '0' for none). */
  marketMakerFunding?: string;
};

export type ListingRules = PairRules & { marketMakerFunding: string };

const PLAIN = /^\d{1,24}(\.\d{1,18})?$/;

/** Refusals of a listing are programming errors of the caller (an operator flow), not user input. */
export class ListingError extends Error {}

/**
 * The pair's rules for a coin priced `startPrice`, as the large exchanges set them: the tick about a
 * 100,000th of the price (so 1.00 trades in steps of 0.00001), a lot worth about a hundredth of a USDT
 * (never finer than the coin's decimals), a minimum order of about 5 USDT.
 */
export function listingRules(input: ListPairInput, coinDecimals: number): ListingRules {
  if (!PLAIN.test(input.startPrice) || new D(input.startPrice).lte(0)) {
    throw new ListingError(`start price must be a plain decimal above zero: ${input.startPrice}`);
  }
  const price = new D(input.startPrice);
  // The decimal's own exponent: the power of ten of its first digit (123.4 → 2, 0.05 → −2), exact.
  const magnitude = price.e;
  const priceDecimals =
    input.priceDecimals ?? Math.min(10, Math.max(price.decimalPlaces(), Math.min(8, Math.max(0, 5 - magnitude))));
  const tickSize = input.tickSize ?? str(new D(10).pow(-priceDecimals));
  const lotDecimals = Math.min(coinDecimals, Math.max(0, magnitude + 2));
  const lotSize = input.lotSize ?? str(new D(10).pow(-lotDecimals));
  const lot = new D(lotSize);
  const minAmount =
    input.minAmount ?? str(D.max(lot, roundUp(new D(MIN_ORDER_USDT).dividedBy(price).dividedBy(lot), 0).times(lot)));
  const marketMakerFunding = input.marketMakerFunding ?? str(roundDown(new D(MARKET_MAKER_USDT).dividedBy(price), coinDecimals));
  const rules = {
    priceDecimals,
    tickSize,
    lotSize,
    minAmount,
    makerFeeRate: input.makerFeeRate ?? LISTING_MAKER_FEE,
    takerFeeRate: input.takerFeeRate ?? LISTING_TAKER_FEE,
    marketMakerFunding,
  };
  for (const [name, value] of Object.entries(rules)) {
    if (typeof value === 'string' && (!PLAIN.test(value) || new D(value).isNegative()))
      throw new ListingError(`${name} must be a plain decimal: ${value}`);
  }
  if (new D(tickSize).lte(0) || lot.lte(0)) throw new ListingError('tick and lot sizes must be above zero');
  if (lot.decimalPlaces() > coinDecimals)
    throw new ListingError(`lot size ${lotSize} is finer than the coin's ${coinDecimals} decimals`);
  if (new D(tickSize).decimalPlaces() > priceDecimals)
    throw new ListingError(`tick size ${tickSize} has more than ${priceDecimals} places`);
  if (new D(rules.makerFeeRate).gte(1) || new D(rules.takerFeeRate).gte(1)) throw new ListingError('fee rates must be below 1');
  return rules;
}
