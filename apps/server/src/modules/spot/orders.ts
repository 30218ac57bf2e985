import { type MarketUnits, marketUnits } from '@app/engine';
import type { AccountRef } from '../../ledger/accounts.js';
import type { Leg } from '../../ledger/ledger.js';
import { D, type Dec, roundDown, roundUp, str } from '../../lib/money.js';
import type { Pair } from '../../market/pairs.js';

/**
 * The money of spot orders, without I/O: what placing freezes, what each trade moves, what an ending
 * order releases. All fees are in the quote coin: a buyer pays price × quantity plus the fee, a seller
 * receives price × quantity less the fee.
 *
 * Rounding (DESIGN.md 1.2) is done once per order on its running totals, not per trade: a buyer has paid
 * `roundUp(Σ quote + Σ quote × rate)`, a seller has received `roundDown(Σ quote − Σ quote × rate)`, both
 * at the quote coin's decimals; a trade moves the change of that figure. So many small fills never cost
 * more than one large one, every user posting is on the coin's grid, and the fees account receives the
 * difference (the fees plus the sub-cent remainder of the quote amount).
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
export type OrderStatus = 'waiting' | 'completed' | 'partially_filled' | 'cancelled';

/** A pair as the spot book trades it: rules, fee rates and the coins' decimals. */
export type SpotMarket = {
  pair: Pair;
  units: MarketUnits;
  baseDecimals: number;
  quoteDecimals: number;
  makerRate: Dec;
  takerRate: Dec;
  /** A buy freezes enough for the dearer of the two rates. */
  maxRate: Dec;
};

export function spotMarket(pair: Pair, baseDecimals: number, quoteDecimals: number): SpotMarket {
  const makerRate = new D(pair.makerFeeRate);
  const takerRate = new D(pair.takerFeeRate);
  return {
    pair,
    units: marketUnits(pair.tickSize, pair.lotSize),
    baseDecimals,
    quoteDecimals,
    makerRate,
    takerRate,
    maxRate: D.max(makerRate, takerRate),
  };
}

/** One order as the book and the database hold it. */
export type SpotOrder = {
  id: number;
  userId: number;
  pairId: number;
  side: Side;
  type: OrderType;
  /** Decimal strings as placed (price: limit orders; amount: base quantity; total: market buy budget). */
  price: string | null;
  amount: string | null;
  total: string | null;
  filled: Dec;
  filledQuote: Dec;
  feeExact: Dec;
  fee: Dec;
  /** Frozen at placement (quote for a buy, base for a sell) and taken from it by trades so far. */
  locked: Dec;
  used: Dec;
  status: OrderStatus;
  cancelReason: string | null;
  seq: number;
  createdAt: Date;
  updatedAt: Date;
};

export const quoteAccount = (m: SpotMarket, userId: number): AccountRef => ({
  userId,
  kind: 'coin',
  currencyId: m.pair.legalId,
});
export const baseAccount = (m: SpotMarket, userId: number): AccountRef => ({
  userId,
  kind: 'coin',
  currencyId: m.pair.currencyId,
});
export const feesAccount = (m: SpotMarket): AccountRef => ({ system: 'fees', currencyId: m.pair.legalId });
/**
 * Holds a trade's fees between its `spot_trade` entry and its `spot_fee` entries (same batch, same
 * transaction): back to zero after every trade.
 */
export const clearingAccount = (m: SpotMarket): AccountRef => ({ system: 'spot_clearing', currencyId: m.pair.legalId });

/** The account an order freezes from. */
export const lockedAccount = (m: SpotMarket, side: Side, userId: number) =>
  side === 'buy' ? quoteAccount(m, userId) : baseAccount(m, userId);

/** A limit buy freezes price × amount plus the largest fee it could pay, rounded up. */
export function buyLimitLock(m: SpotMarket, priceTicks: number, lots: number): Dec {
  return roundUp(new D(m.units.notional(priceTicks, lots)).times(m.maxRate.plus(1)), m.quoteDecimals);
}

/**
 * A market buy spends at most `total` including the taker fee: the engine's budget is the part of it
 * that price × quantity may take (in quote units, rounded down).
 */
export function marketBuyBudget(m: SpotMarket, total: Dec): number {
  return m.units.toQuoteUnits(str(total.dividedBy(m.takerRate.plus(1))), 'down');
}

/** What a buyer has paid in all, and a seller received, given the order's running totals. */
export const buyerPaid = (m: SpotMarket, o: SpotOrder) => roundUp(o.filledQuote.plus(o.feeExact), m.quoteDecimals);
export const sellerReceived = (m: SpotMarket, o: SpotOrder) =>
  D.max(0, roundDown(o.filledQuote.minus(o.feeExact), m.quoteDecimals));

/**
 * Adds a fill to an order's totals; returns what the trade moves for this side: the quote paid (buy)
 * or received (sell), and the fee charged for it.
 */
export function addFill(m: SpotMarket, o: SpotOrder, base: Dec, quote: Dec, rate: Dec): { moved: Dec; fee: Dec } {
  const before = o.side === 'buy' ? buyerPaid(m, o) : sellerReceived(m, o);
  const feeBefore = o.fee;
  o.filled = o.filled.plus(base);
  o.filledQuote = o.filledQuote.plus(quote);
  o.feeExact = o.feeExact.plus(quote.times(rate));
  if (o.side === 'buy') {
    const paid = buyerPaid(m, o);
    o.fee = paid.minus(o.filledQuote);
    o.used = o.used.plus(paid.minus(before));
    return { moved: paid.minus(before), fee: o.fee.minus(feeBefore) };
  }
  const received = sellerReceived(m, o);
  o.fee = o.filledQuote.minus(received);
  o.used = o.used.plus(base);
  return { moved: received.minus(before), fee: o.fee.minus(feeBefore) };
}

/** Legs without the zero ones (a trade may move no fee, an order may have nothing left to release). */
const legs = (...all: Leg[]): Leg[] => all.filter((l) => !new D(l.amount).isZero());

export function freezeLegs(m: SpotMarket, o: Pick<SpotOrder, 'side' | 'userId' | 'locked'>): Leg[] {
  const account = lockedAccount(m, o.side, o.userId);
  return [
    { account, bucket: 'available', amount: o.locked.negated() },
    { account, bucket: 'frozen', amount: o.locked },
  ];
}

/** The frozen remainder of an order that has ended goes back to available. */
export function releaseLegs(m: SpotMarket, o: SpotOrder): Leg[] {
  const rest = o.locked.minus(o.used);
  if (rest.isNegative()) throw new Error(`spot order ${o.id} used more than it froze`);
  const account = lockedAccount(m, o.side, o.userId);
  return legs({ account, bucket: 'frozen', amount: rest.negated() }, { account, bucket: 'available', amount: rest });
}

/**
 * One trade's legs: the buyer's frozen quote goes to the seller (less the seller's fee) and, for the two
 * fees, to the clearing account; the seller's frozen base goes to the buyer. The fees then move from the
 * clearing account to the fees account as one `spot_fee` entry per side (`feeLegs`), so each fee is a
 * posting of its own that a rebate can be computed from, while every user posting stays on the coin's
 * grid (a fee alone may have more places than the coin: 0.0044009 USDT).
 */
export function tradeLegs(m: SpotMarket, buyer: SpotOrder, seller: SpotOrder, base: Dec, paid: Dec, received: Dec): Leg[] {
  return legs(
    { account: quoteAccount(m, buyer.userId), bucket: 'frozen', amount: paid.negated() },
    { account: quoteAccount(m, seller.userId), bucket: 'available', amount: received },
    { account: clearingAccount(m), bucket: 'available', amount: paid.minus(received) },
    { account: baseAccount(m, seller.userId), bucket: 'frozen', amount: base.negated() },
    { account: baseAccount(m, buyer.userId), bucket: 'available', amount: base },
  );
}

/** One side's fee of a trade: clearing account → fees account (none when the fee is zero). */
export function feeLegs(m: SpotMarket, fee: Dec): Leg[] {
  return legs(
    { account: clearingAccount(m), bucket: 'available', amount: fee.negated() },
    { account: feesAccount(m), bucket: 'available', amount: fee },
  );
}

/**
 * The worst price (ticks) a market order may trade at: the pair's price band around `reference` (the
 * index price), rounded inwards to the tick — down for a buy, up for a sell — and never below one tick.
 */
export function protectionTicks(m: SpotMarket, side: Side, reference: string): number {
  const band = new D(m.pair.priceBand);
  const ref = new D(reference);
  const edge = side === 'buy' ? ref.times(band.plus(1)) : ref.times(new D(1).minus(band));
  const ticks = edge.dividedBy(m.pair.tickSize);
  return Math.max(1, (side === 'buy' ? ticks.floor() : ticks.ceil()).toNumber());
}

/** Average trade price at the pair's places (half up), or null before the first fill. */
export function averagePrice(m: SpotMarket, o: Pick<SpotOrder, 'filled' | 'filledQuote'>): string | null {
  if (o.filled.isZero()) return null;
  return o.filledQuote.dividedBy(o.filled).toDecimalPlaces(m.pair.priceDecimals, D.ROUND_HALF_UP).toFixed(m.pair.priceDecimals);
}
