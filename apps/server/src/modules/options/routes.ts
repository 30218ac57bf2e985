import { okReply, optionsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
        response: { 200: okReply(optionsApi.secondsReply) },
      },
    },
    async () => ok(await service.seconds()),
  );

  app.get(
    '/microtrade/payable_currencies',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "Stake coins with the user's option-account balance",
        response: { 200: okReply(optionsApi.payableCurrenciesReply) },
      },
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
        body: optionsApi.submitBody,
        response: { 200: okReply(optionsApi.submitReply) },
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
        querystring: optionsApi.listsQuery,
        response: { 200: okReply(optionsApi.listsReply) },
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
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Every delivery time, enabled or not',
        response: { 200: okReply(optionsApi.secondsReply) },
      },
    },
    async () => ok(await service.consoleSeconds()),
  );
  app.post(
    '/admin/options/seconds',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Add a delivery time (audited as options.seconds.create)',
        body: optionsApi.createSecondsBody,
        response: { 200: okReply(optionsApi.createSecondsReply) },
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
        params: optionsApi.updateSecondsParams,
        body: optionsApi.updateSecondsBody,
        response: { 200: okReply(optionsApi.updateSecondsReply) },
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
        querystring: optionsApi.consoleOrdersQuery,
        response: { 200: okReply(optionsApi.consoleOrdersReply) },
      },
    },
    async (request) => {
      const { status, user_id, match_id, page, limit } = request.query;
      return ok(await service.consoleOrders({ status, userId: user_id, pairId: match_id }, page, limit));
    },
  );
}
