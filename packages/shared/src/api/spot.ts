import { z } from 'zod';
import { amountText, intId } from '../fields.js';
import { SPOT_ORDER_STATUSES, SPOT_ORDER_TYPES } from '../spot.js';
import { decimalText, isoTime, pageFields, pageReply, rowId } from './reply.js';

// The spot routes: place and cancel an order, list your orders. An order's reply is also the payload of
// the private `spot_order` socket event (SpotOrderEvent).

const pairId = intId('pair_unknown');
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const need = (iss: { input?: unknown }) => (iss.input === undefined ? 'field_required' : 'field_invalid');

/** 1 or "buy", 2 or "sell". */
const side = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined) return undefined;
    if (t === '1' || t === 1 || t === 'buy') return 'buy';
    if (t === '2' || t === 2 || t === 'sell') return 'sell';
    return 'unknown';
  },
  z.enum(['buy', 'sell'], { error: need }),
);
/** Decimal text, or a JSON number only when exact (a longer one would not be what was sent). */
const amount = amountText('field_invalid').optional();

/** `POST coin/trade`: place an order. */
export const placeBody = z.object({
  legal_id: pairId,
  currency_id: pairId,
  type: side.describe('1 (or "buy") to buy, 2 (or "sell") to sell'),
  order_type: z.preprocess((v) => lower(blank(v)), z.enum(SPOT_ORDER_TYPES, { error: need }).default('limit')),
  target_price: amount.describe('limit price, on the pair tick'),
  amount: amount.describe('base quantity, on the pair lot (limit orders and market sells)'),
  total: amount.describe('market buys: the quote amount to spend, fee included'),
});

/** `PUT coin/trade`: cancel an order. */
export const cancelBody = z.object({ id: intId('not_found') });

/** `GET|POST coin/list`: the user's orders, optionally one pair's and one status. */
export const listFields = z.object({
  legal_id: z.preprocess(blank, pairId.optional()),
  currency_id: z.preprocess(blank, pairId.optional()),
  status: z.preprocess((v) => lower(blank(v)), z.enum(SPOT_ORDER_STATUSES, { message: 'field_invalid' }).optional()),
  ...pageFields,
});
export type ListFields = z.infer<typeof listFields>;

/** An order as `coin/trade`, `coin/list` and the `spot_order` event show it; fees are in the quote coin. */
export const orderReply = z.object({
  id: rowId,
  symbol: z.string(),
  pair_id: rowId,
  legal_id: rowId,
  currency_id: rowId,
  side: z.enum(['buy', 'sell']),
  /** 1 buy, 2 sell. */
  type: z.union([z.literal(1), z.literal(2)]),
  order_type: z.enum(SPOT_ORDER_TYPES),
  /** Limit price (null for market orders). */
  price: decimalText.nullable(),
  /** Base quantity ordered (null for a market buy, which names `total` instead). */
  amount: decimalText.nullable(),
  /** Market buys: the quote amount to spend, fee included. */
  total: decimalText.nullable(),
  /** Base quantity traded so far. */
  filled: decimalText,
  /** Quote amount traded so far (Σ price × quantity, before fees). */
  filled_total: decimalText,
  avg_price: decimalText.nullable(),
  /** Fees paid so far, in the quote coin. */
  fee: decimalText,
  fee_currency: z.string(),
  status: z.enum(SPOT_ORDER_STATUSES),
  /**
   * Why a cancelled or partly filled order ended: `user`, `no_liquidity`, `price_band` (a market order's
   * next match was beyond the pair's price band), `self_trade`, `quote_exhausted`.
   */
  cancel_reason: z.string().nullable(),
  /** An ended order's base quantity left unfilled (orders that name an `amount`); else null. */
  cancelled_amount: decimalText.nullable(),
  /** An ended market buy's unspent part of `total`, given back; else null. */
  cancelled_total: decimalText.nullable(),
  /** Market orders: the pair's price band (fraction of the index price) they matched within. */
  price_band: decimalText.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type OrderReply = z.infer<typeof orderReply>;

export const listReply = pageReply(orderReply);
export type ListReply = z.infer<typeof listReply>;

/** An order as `coin/trade`, `coin/list` and the `spot_order` event show it. */
export type SpotOrderEvent = OrderReply;
