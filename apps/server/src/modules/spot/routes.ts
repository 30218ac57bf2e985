import { okReply, spotApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';

const tags = ['spot'];

export async function spotRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { market, spot } = app;
  const auth = { preHandler: app.requireUser };
  // The books (and the pairs) are loaded once, after the server's first reply or here on first use.
  app.addHook('preHandler', async () => spot.ready());

  app.post(
    '/coin/trade',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Place a spot order (funds are frozen; the reply comes once the order and its trades are stored)',
        description:
          'Limit: target_price + amount. Market sell: amount. Market buy: total (the quote amount to spend, fee ' +
          'included). Replies the order {id, status, filled, filled_total, avg_price, fee, …}. Refusals: pair_unknown, ' +
          'trade_closed, price_required, price_invalid, price_off_tick, amount_required, amount_invalid, amount_off_lot, ' +
          'amount_below_min, amount_too_precise (total), insufficient_balance (buy), insufficient_sellable (sell).',
        body: spotApi.placeBody,
        response: { 200: okReply(spotApi.orderReply) },
      },
    },
    async (request) => {
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
      return ok(order);
    },
  );

  app.put(
    '/coin/trade',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Cancel a waiting spot order of your own; the frozen remainder is released',
        description: "Refusals: not_found (unknown or another user's), order_not_cancellable (already filled or cancelled).",
        body: spotApi.cancelBody,
        response: { 200: okReply(spotApi.orderReply) },
      },
    },
    async (request) => ok(await spot.cancel(request.user!.id, request.body.id)),
  );

  const list = async (request: FastifyRequest, input: spotApi.ListFields) => {
    const { legal_id, currency_id, status, page, limit } = input;
    let pairId: number | undefined;
    if (legal_id !== undefined || currency_id !== undefined) {
      const pair = currency_id !== undefined && legal_id !== undefined ? market.pairOf(currency_id, legal_id) : undefined;
      if (!pair) throw new AppError('pair_unknown', { fields: { currency_id: 'pair_unknown' } });
      pairId = pair.id;
    }
    const { total, list } = await spot.list(request.user!.id, { pairId, status }, limit, offsetOf(page, limit));
    return ok({ list, total, page, limit });
  };
  const listSchema = {
    tags,
    summary: "Your spot orders, newest first (optionally one pair's, one status)",
    description: 'status: waiting (on the book), completed (filled), cancelled.',
    response: { 200: okReply(spotApi.listReply) },
  };
  app.get('/coin/list', { ...auth, schema: { ...listSchema, querystring: spotApi.listFields } }, (request) =>
    list(request, request.query),
  );
  app.post('/coin/list', { ...auth, schema: { ...listSchema, body: spotApi.listFields } }, (request) =>
    list(request, request.body),
  );
}
