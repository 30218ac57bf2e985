import { amountText, intField, intId, MAX_INT32 } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountField, idField, idParams } from '../../lib/fields.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { OptionsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Time-based options (modules/options): purchases, lists, the settlement scheduler. */
    optionsProduct: OptionsService;
  }
}

/**
 * Decorates `app.optionsProduct`: the product's one name is `options`, but FastifyInstance already has
 * an `options` member (the shorthand that registers OPTIONS routes), so the decorator carries the
 * product name plus a suffix. Registered after the index-samples plugin. The settler starts with the
 * market in the process entry (`startMarket`); tests call `app.optionsProduct.start()`.
 */
export const optionsPlugin = fp(async (app: FastifyInstance) => {
  const service = new OptionsService({
    db: app.db,
    market: app.market,
    sampler: app.indexSamples,
    toUser: (userId, event, payload) => app.realtime?.toUser(userId, event, payload),
    log: app.log,
  });
  app.decorate('optionsProduct', service);
  app.addHook('onClose', async () => service.stop());
});

const tags = ['options'];
const consoleTags = ['console: options'];
const secondsField = intField(1, 86_400, 'option_seconds_unknown');
const directionField = z.preprocess(
  (v) => (typeof v === 'string' ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], { message: 'field_invalid' }),
);
const statusField = z.preprocess(
  (v) =>
    v === '' || v === undefined ? 'open' : v === 'delivered' || v === 'settled' || v === '2' ? 'settled' : v === '1' ? 'open' : v,
  z.enum(['open', 'settled'], { message: 'field_invalid' }),
);
const switchField = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean({ message: 'field_invalid' }).optional());
const decimalText = amountText('field_invalid');

export async function optionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The product switch closes buying only: with options switched off, users still see their orders
  // (and the terms they bought on) until each settles.
  const product = app.requireProduct('options');
  const service = app.optionsProduct;

  app.get(
    '/microtrade/seconds',
    {
      schema: {
        tags,
        summary: 'Delivery times with profit and loss ratios (percent) and stake limits',
        description: 'Replies [{id, seconds, profit_ratio, loss_ratio, min_num, max_num}]; ratios are percent values.',
      },
    },
    async () => ok(await service.seconds()),
  );

  app.get(
    '/microtrade/payable_currencies',
    {
      preHandler: app.requireUser,
      schema: { tags, summary: "Stake coins with the user's option-account balance" },
    },
    async (request) => ok(await service.payableCurrencies(request.user!.id)),
  );

  app.post(
    '/microtrade/submit',
    {
      // Before validation: a switched-off product first, then an unverified user goes to verification (998).
      onRequest: product,
      preValidation: app.requireVerified,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Buy an option: up (type 1) or down (type 2) over a delivery time; the stake is frozen until delivery',
        description:
          'The open price is the recorded index sample of the purchase second (pending until that second is final); the ' +
          "order delivers at the end of the second `seconds` after it, at exactly that second's recorded sample. A second " +
          'without a sample voids the order and returns the stake (see docs/api-options.md).',
        body: z.object({
          match_id: intId('option_pair_closed'),
          currency_id: intId('currency_unknown'),
          type: directionField,
          seconds: secondsField,
          number: amountField,
        }),
      },
    },
    async (request) => ok(await service.submit(request.user!.id, request.body)),
  );

  // No product switch here: with options switched off users still see what they bought (and open orders
  // still settle); only buying is refused.
  app.get(
    '/microtrade/lists',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary:
          "The user's options: pending delivery (status=open) or delivered or void (status=delivered), paged; served " +
          'also while options are switched off',
        querystring: z.object({ status: statusField, ...pageFields }),
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      return ok(await service.lists(request.user!.id, status, page, limit));
    },
  );

  // Console: delivery times are edited (audited); orders are read-only — there is no route that changes
  // an order or its result.
  const operator = { preHandler: app.requireAdmin };
  app.get(
    '/admin/options/seconds',
    { ...operator, schema: { tags: consoleTags, summary: 'Every delivery time, enabled or not' } },
    async () => ok(await service.consoleSeconds()),
  );
  app.post(
    '/admin/options/seconds',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Add a delivery time (audited as options.seconds.create)',
        body: z.object({
          seconds: intField(-MAX_INT32, MAX_INT32),
          profit_ratio: decimalText,
          loss_ratio: decimalText,
          min_num: decimalText,
          max_num: decimalText,
          enabled: switchField,
        }),
      },
    },
    async (request) => ok(await service.createSeconds(request, request.body)),
  );
  app.post(
    '/admin/options/seconds/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "Edit a delivery time's ratios, limits or availability (audited as options.seconds.update)",
        params: idParams,
        body: z.object({
          seconds: intField(-MAX_INT32, MAX_INT32).optional(),
          profit_ratio: decimalText.optional(),
          loss_ratio: decimalText.optional(),
          min_num: decimalText.optional(),
          max_num: decimalText.optional(),
          enabled: switchField,
        }),
      },
    },
    async (request) => ok(await service.updateSeconds(request, request.params.id, request.body)),
  );
  app.get(
    '/admin/options/orders',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Option orders of every user (read-only)',
        querystring: z.object({
          status: z.preprocess(
            (v) => (v === '' ? undefined : v),
            z.enum(['open', 'settled'], { message: 'field_invalid' }).optional(),
          ),
          user_id: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
          match_id: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
          ...pageFields,
        }),
      },
    },
    async (request) => {
      const { status, user_id, match_id, page, limit } = request.query;
      return ok(await service.consoleOrders({ status, userId: user_id, pairId: match_id }, page, limit));
    },
  );
}
