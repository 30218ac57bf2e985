import { spotApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/paging.js';
import { routeGroup, signedIn } from '../../plugins/route-group.js';

const tags = ['spot'];

export async function spotRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  const { market, spot } = app;
  // The books (and the pairs) are loaded once, after the server's first reply or here on first use.
  app.addHook('preHandler', async () => spot.ready());

  user.post('/coin/trade', {
    summary: 'Place a spot order (funds are frozen; the reply comes once the order and its trades are stored)',
    description:
      'Limit: target_price + amount. Market sell: amount. Market buy: total (the quote amount to spend, fee ' +
      'included). Replies the order {id, status, filled, filled_total, avg_price, fee, …}. Refusals: pair_unknown, ' +
      'trade_closed, price_required, price_invalid, price_off_tick, amount_required, amount_invalid, amount_off_lot, ' +
      'amount_below_min, amount_too_precise (total), insufficient_balance (buy), insufficient_sellable (sell).',
    body: spotApi.placeBody,
    reply: spotApi.orderReply,
    handler: async (request) => {
      const b = request.body;
      const pair = market.pairOf(b.currency_id, b.legal_id);
      if (!pair) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
      const order = await spot.place(request.user!.id, pair.id, {
        side: b.type,
        orderType: b.order_type,
        price: b.target_price,
        amount: b.amount,
        total: b.total,
      });
      return order;
    },
  });

  user.put('/coin/trade', {
    summary: 'Cancel a waiting spot order of your own; the frozen remainder is released',
    description: "Refusals: not_found (unknown or another user's), order_not_cancellable (already filled or cancelled).",
    body: spotApi.cancelBody,
    reply: spotApi.orderReply,
    handler: (request) => spot.cancel(request.user!.id, request.body.id),
  });

  user.getAndPost('/coin/list', {
    summary: "Your spot orders, newest first (optionally one pair's, one status)",
    description: 'status: waiting (on the book), completed (filled), cancelled.',
    fields: spotApi.listFields,
    reply: spotApi.listReply,
    handler: async (request, { legal_id, currency_id, status, page, limit }) => {
      let pairId: number | undefined;
      if (legal_id !== undefined || currency_id !== undefined) {
        const pair = currency_id !== undefined && legal_id !== undefined ? market.pairOf(currency_id, legal_id) : undefined;
        if (!pair) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
        pairId = pair.id;
      }
      const { total, list } = await spot.list(request.user!.id, { pairId, status }, limit, offsetOf(page, limit));
      return { list, total, page, limit };
    },
  });
}
