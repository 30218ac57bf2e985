import { amountText, intId, SPOT_ORDER_STATUSES, SPOT_ORDER_TYPES } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { idField } from '../../lib/fields.js';
import { offsetOf, pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';

const tags = ['spot'];
const pairIdField = intId('pair_unknown');
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const need = (iss: { input?: unknown }) => (iss.input === undefined ? 'field_required' : 'field_invalid');

/** 1 or "buy", 2 or "sell". */
const sideField = z.preprocess(
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
const decimalText = amountText('field_invalid').optional();

const placeBody = z.object({
  legal_id: pairIdField,
  currency_id: pairIdField,
  type: sideField.describe('1 (or "buy") to buy, 2 (or "sell") to sell'),
  order_type: z.preprocess((v) => lower(blank(v)), z.enum(SPOT_ORDER_TYPES, { error: need }).default('limit')),
  target_price: decimalText.describe('limit price, on the pair tick'),
  amount: decimalText.describe('base quantity, on the pair lot (limit orders and market sells)'),
  total: decimalText.describe('market buys: the quote amount to spend, fee included'),
});

const listFields = z.object({
  legal_id: z.preprocess(blank, pairIdField.optional()),
  currency_id: z.preprocess(blank, pairIdField.optional()),
  status: z.preprocess((v) => lower(blank(v)), z.enum(SPOT_ORDER_STATUSES, { message: 'field_invalid' }).optional()),
  ...pageFields,
});

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
        body: placeBody,
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
        body: z.object({ id: idField }),
      },
    },
    async (request) => ok(await spot.cancel(request.user!.id, request.body.id)),
  );

  const list = async (request: FastifyRequest, input: z.infer<typeof listFields>) => {
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
  };
  app.get('/coin/list', { ...auth, schema: { ...listSchema, querystring: listFields } }, (request) =>
    list(request, request.query),
  );
  app.post('/coin/list', { ...auth, schema: { ...listSchema, body: listFields } }, (request) => list(request, request.body));
}
