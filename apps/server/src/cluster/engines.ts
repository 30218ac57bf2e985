import type { FastifyInstance } from 'fastify';
import type { BookDepth, BookTrade } from '../market/market-service.js';
import type { OrderForm, SpotRouter } from '../modules/spot/service.js';
import { type Rpc, unavailable } from './rpc.js';

/** What a node asks of a spot engine it does not run (channel `rpc:engine:<pair id>`). */
export type EngineCommand =
  | { op: 'place'; userId: number; pairId: number; form: OrderForm; postOnly?: boolean }
  | { op: 'cancel'; userId: number; pairId: number; orderId: number }
  | { op: 'depth'; pairId: number; levels: number }
  | { op: 'trades'; pairId: number; limit: number };

export const engineTarget = (pairId: number) => `engine:${pairId}`;

/** The spot service's router: orders of a pair this node does not run go to the pair's owner. */
export function spotRouter(rpc: Rpc, owns: (pairId: number) => boolean): SpotRouter {
  const ask = <T>(command: EngineCommand) => rpc.request<T>(engineTarget(command.pairId), command);
  return {
    owns,
    place: (userId, pairId, form, options) =>
      ask({ op: 'place', userId, pairId, form: plainForm(form), ...(options.postOnly ? { postOnly: true } : {}) }),
    cancel: (userId, pairId, orderId) => ask({ op: 'cancel', userId, pairId, orderId }),
    depth: (pairId, levels) => ask<BookDepth>({ op: 'depth', pairId, levels }),
    trades: (pairId, limit) => ask<BookTrade[]>({ op: 'trades', pairId, limit }),
  };
}

/**
 * The owner's side: runs a forwarded command on its own book (refuses if it no longer owns it). An
 * order or cancel whose batch would start after `notAfter` is refused unapplied (the caller has given up).
 */
export function engineHandler(app: FastifyInstance, pairId: number, owns: (pairId: number) => boolean) {
  return async (body: unknown, notAfter: number): Promise<unknown> => {
    const command = body as EngineCommand;
    if (command.pairId !== pairId || !owns(pairId)) throw unavailable();
    switch (command.op) {
      case 'place':
        return app.spot.place(command.userId, pairId, command.form, { postOnly: command.postOnly, notAfter });
      case 'cancel':
        return app.spot.cancel(command.userId, command.orderId, { notAfter });
      case 'depth':
        return app.spot.depth(pairId, command.levels);
      case 'trades':
        return app.spot.trades(pairId, command.limit);
      default:
        throw unavailable();
    }
  };
}

/** The form's fields as text (what the route read), so nothing but data crosses Redis. */
function plainForm(form: OrderForm): OrderForm {
  const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));
  return {
    side: form.side,
    orderType: form.orderType,
    price: text(form.price),
    amount: text(form.amount),
    total: text(form.total),
  };
}
