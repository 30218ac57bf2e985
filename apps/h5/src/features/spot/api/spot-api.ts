import type { SpotOrderEvent, SpotOrderStatus } from '@app/shared';
import { api } from '../../../lib/api';
import { pairIds } from '../../../lib/market-api';
import { pagedQuery } from '../../../lib/paged-query';
import type { Paged } from '../../../lib/wallet-api';
import type { OrderKind, Side } from '../order-checks';

/** Spot orders: `waiting` rests on the book (maybe partly filled), `completed` filled, `cancelled` ended early. */
export type SpotStatus = SpotOrderStatus;

/** One spot order as `coin/trade`, `coin/list` and the private `spot_order` event show it. */
export type SpotOrder = SpotOrderEvent;

export const sideOf = (order: Pick<SpotOrder, 'side' | 'type'>): Side => order.side ?? (order.type === 1 ? 'buy' : 'sell');

export const spotKeys = {
  all: ['spot'] as const,
  orders: (symbol: string, status: SpotStatus) => ['spot', 'orders', symbol, status] as const,
};

export type PairRef = { symbol: string; legal_id: number; currency_id: number };

export const ordersQuery = (pair: PairRef, status: SpotStatus) =>
  pagedQuery<Paged<SpotOrder>>(spotKeys.orders(pair.symbol, status), 'get', 'coin/list', {
    ...pairIds(pair),
    status,
  });

export type PlaceOrderInput = {
  pair: PairRef;
  side: Side;
  kind: OrderKind;
  /** Limit orders. */
  price?: string;
  /** Base amount: limit orders and market sells. */
  amount?: string;
  /** Quote amount: market buys. */
  total?: string;
};

/** Places an order (funds are frozen by the server); replies with the order as it stands after matching. */
export const placeOrder = (input: PlaceOrderInput) =>
  api.post<SpotOrder>('coin/trade', {
    ...pairIds(input.pair),
    type: input.side === 'buy' ? 1 : 2,
    order_type: input.kind,
    ...(input.kind === 'limit' && input.price ? { target_price: input.price } : {}),
    ...(input.amount ? { amount: input.amount } : {}),
    ...(input.total ? { total: input.total } : {}),
  });

/** Cancels a resting order; the unfilled part's frozen funds come back. */
export const cancelOrder = (id: number) => api.put<SpotOrder>('coin/trade', { id });
