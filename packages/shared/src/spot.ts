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
