/**
 * Spot trading contract shared by the server and the apps: order fields and the private socket event.
 * Every amount is a decimal string; fees are in the quote coin.
 */

/** `coin/trade` `type`: 1 buy, 2 sell (the original client's numbers). */
export const SPOT_SIDES = { buy: 1, sell: 2 } as const;
export const SPOT_ORDER_TYPES = ['limit', 'market'] as const;
export type SpotOrderType = (typeof SPOT_ORDER_TYPES)[number];
/**
 * `waiting`: on the book (possibly partly filled); `completed`: filled; `partially_filled`: ended with
 * part traded and the rest cancelled (`cancel_reason` says why); `cancelled`: ended with nothing traded.
 */
export const SPOT_ORDER_STATUSES = ['waiting', 'completed', 'partially_filled', 'cancelled'] as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUSES)[number];

/** Socket.io events of spot trading, in the user's private room (`user:<id>`). */
export const SPOT_EVENTS = {
  /** An order of the user changed: placed, filled (partly or fully), cancelled. Payload: SpotOrderEvent. */
  order: 'spot_order',
} as const;

/** An order as `coin/trade`, `coin/list` and the `spot_order` event show it. */
export type SpotOrderEvent = {
  id: number;
  symbol: string;
  pair_id: number;
  legal_id: number;
  currency_id: number;
  side: 'buy' | 'sell';
  /** 1 buy, 2 sell. */
  type: 1 | 2;
  order_type: SpotOrderType;
  /** Limit price (null for market orders). */
  price: string | null;
  /** Base quantity ordered (null for a market buy, which names `total` instead). */
  amount: string | null;
  /** Market buys: the quote amount to spend, fee included. */
  total: string | null;
  /** Base quantity traded so far. */
  filled: string;
  /** Quote amount traded so far (Σ price × quantity, before fees). */
  filled_total: string;
  avg_price: string | null;
  /** Fees paid so far, in the quote coin. */
  fee: string;
  fee_currency: string;
  status: SpotOrderStatus;
  /**
   * Why a cancelled or partly filled order ended: `user`, `no_liquidity`, `price_band` (a market order's
   * next match was beyond the pair's price band), `self_trade`, `quote_exhausted`.
   */
  cancel_reason: string | null;
  /** An ended order's base quantity left unfilled (orders that name an `amount`); else null. */
  cancelled_amount: string | null;
  /** An ended market buy's unspent part of `total`, given back; else null. */
  cancelled_total: string | null;
  /** Market orders: the pair's price band (fraction of the index price) they matched within. */
  price_band: string | null;
  created_at: string;
  updated_at: string;
};
