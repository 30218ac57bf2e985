import { z } from 'zod';
import { intField, intId, MAX_INT32 } from '../fields.js';
import { CANDLE_PERIODS } from '../market.js';
import { decimalText, rowId } from './reply.js';

// The market routes: pairs with their 24h figures, candles, the exchange's own depth and trades, and the
// user's favourite pairs.

/** Where index prices come from (the server's MARKET_FEED); `off`: no prices at all. */
export const FEED_KINDS = ['simulated', 'binance', 'index', 'off'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

const symbol = z.string({ message: 'pair_unknown' }).trim().min(1, 'pair_unknown').max(32, 'pair_unknown');
const pairId = intId('pair_unknown');
const time = intField(0, 1e14, 'validation_failed').optional();
const flag = z.union([z.literal(0), z.literal(1)]);

/** Which pair a row is: its id and symbol, and its quote (legal) and base (currency) coins. */
export const pairIdentity = {
  id: rowId,
  symbol: z.string(),
  legal_id: rowId,
  currency_id: rowId,
  legal_name: z.string(),
  currency_name: z.string(),
};

/** A pair's trading rules: price places, tick and lot sizes, the smallest order and the fee rates. */
export const pairRules = {
  price_decimals: z.number().int(),
  tick_size: decimalText,
  lot_size: decimalText,
  min_amount: decimalText,
  maker_fee_rate: decimalText,
  taker_fee_rate: decimalText,
};

/**
 * A pair as the market lists show it (the original client's field names): rules a trade form needs, the
 * 24h figures, and `demo` while prices come from the simulated feed. Unknown prices are null.
 */
export const pairView = z.object({
  ...pairIdentity,
  logo: z.string(),
  now_price: decimalText.nullable(),
  /** 24h change in percent, two decimals ("-1.25"). */
  change: decimalText,
  volume: decimalText,
  amount: decimalText,
  high: decimalText.nullable(),
  low: decimalText.nullable(),
  ...pairRules,
  /** Market orders trade only within this fraction of the index price ("0.05" = 5 %). */
  price_band: decimalText,
  open_coin_trade: flag,
  open_lever: flag,
  open_microtrade: flag,
  /** Prices come from the simulated feed: every screen showing them says "demo market data". */
  demo: z.boolean(),
});
export type PairView = z.infer<typeof pairView>;

/** `GET currency/quotation_new`: pairs grouped by quote coin. */
export const quotationGroup = z.object({ id: rowId, legal_id: rowId, name: z.string(), quotation: z.array(pairView) });
export type QuotationGroup = z.infer<typeof quotationGroup>;
export const quotationReply = z.array(quotationGroup);

/** `GET currency/price_source` (public): `demo` while prices are not a real market's. */
export const priceSourceReply = z.object({ feed: z.enum(FEED_KINDS), demo: z.boolean() });
export type PriceSourceReply = z.infer<typeof priceSourceReply>;

/** `GET currency/new_timeshar` */
export const timeshareQuery = z.object({
  symbol,
  period: z.enum(CANDLE_PERIODS, { message: 'period_unknown' }),
  from: time,
  to: time,
  limit: intField(1, MAX_INT32, 'validation_failed').optional(),
});
export const klineCandle = z.object({
  /** Open time, unix seconds (also the candle's id). */
  id: z.number().int(),
  open: decimalText,
  close: decimalText,
  high: decimalText,
  low: decimalText,
  /** Volume in the base coin. */
  vol: decimalText,
  /** Turnover in the quote coin. */
  amount: decimalText,
  /** Open time, unix milliseconds. */
  time: z.number().int(),
});
/**
 * Not in the `{type, message}` envelope: the original client's `{code: 1, msg, data}`, so the route
 * declares no reply schema (the OpenAPI check takes replies in the envelope); this describes it.
 */
export const timeshareReply = z.object({
  code: z.literal(1),
  msg: z.string(),
  symbol: z.string(),
  period: z.enum(CANDLE_PERIODS),
  data: z.array(klineCandle),
  limit: z.number().int(),
  more: z.boolean(),
  /** The `to` that pages to the older candles left out; null when none were. */
  next_to: z.number().int().nullable(),
  demo: z.boolean(),
});
export type TimeshareReply = z.infer<typeof timeshareReply>;

/** `GET currency/deal`: one pair by its two coins. */
export const dealQuery = z.object({ legal_id: pairId, currency_id: pairId });
export const dealReply = pairView;

/** `GET|POST currency/user_currency_list` and its `add` / `remove`: the user's favourite pairs. */
export const favoriteBody = z.object({ pair_id: pairId });
export const favoritesReply = z.array(pairView);

/** `GET market/depth`: levels of the exchange's own book, as [price, quantity]. */
export const depthQuery = z.object({ symbol, limit: z.coerce.number().int().min(1).max(100).optional() });
const level = z.tuple([decimalText, decimalText]);
export const depthReply = z.object({ symbol: z.string(), bids: z.array(level), asks: z.array(level), time: z.number().int() });
export type DepthReply = z.infer<typeof depthReply>;

/** `GET market/trades`: recent trades on the exchange's own book; `side` is the taker's. */
export const tradesQuery = z.object({ symbol, limit: intField(1, 100, 'validation_failed').default(50) });
export const bookTrade = z.object({
  symbol: z.string(),
  id: z.union([z.string(), z.number()]),
  price: decimalText,
  amount: decimalText,
  side: z.enum(['buy', 'sell']),
  time: z.number().int(),
});
export const tradesReply = z.object({ symbol: z.string(), list: z.array(bookTrade) });
export type TradesReply = z.infer<typeof tradesReply>;
