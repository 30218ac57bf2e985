import { optionsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { anyone, routeGroup, signedIn, superOnly, verified } from '../../plugins/route-group.js';
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

export async function optionRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  const service = app.optionsProduct;

  routeGroup(app, tags, anyone).get('/microtrade/seconds', {
    summary: 'Delivery times with profit and loss ratios (percent) and stake limits',
    description: 'Replies [{id, seconds, profit_ratio, loss_ratio, min_num, max_num}]; ratios are percent values.',
    reply: optionsApi.secondsReply,
    handler: () => service.seconds(),
  });

  user.get('/microtrade/payable_currencies', {
    summary: "Stake coins with the user's option-account balance",
    reply: optionsApi.payableCurrenciesReply,
    handler: (request) => service.payableCurrencies(request.user!.id),
  });

  // The product switch closes buying only: with options switched off, users still see their orders
  // (and the terms they bought on) until each settles.
  // Before validation: a switched-off product first, then an unverified user goes to verification (998).
  routeGroup(app, tags, { ...verified, product: 'options' }).post('/microtrade/submit', {
    summary: 'Buy an option: up (type 1) or down (type 2) over a delivery time; the stake is frozen until delivery',
    description:
      'The open price is the recorded index sample of the purchase second (pending until that second is final); the ' +
      "order delivers at the end of the second `seconds` after it, at exactly that second's recorded sample. A second " +
      'without a sample voids the order and returns the stake (see docs/api-options.md).',
    body: optionsApi.submitBody,
    reply: optionsApi.submitReply,
    rateLimitPerMinute: 120,
    handler: (request) => service.submit(request.user!.id, request.body),
  });

  // No product switch here: with options switched off users still see what they bought (and open orders
  // still settle); only buying is refused.
  user.get('/microtrade/lists', {
    summary:
      "The user's options: pending delivery (status=open) or delivered or void (status=delivered), paged; served " +
      'also while options are switched off',
    querystring: optionsApi.listsQuery,
    reply: optionsApi.listsReply,
    handler: (request) => {
      const { status, page, limit } = request.query;
      return service.lists(request.user!.id, status, page, limit);
    },
  });

  // Console: delivery times are edited (audited); orders are read-only — there is no route that changes
  // an order or its result.
  const operator = routeGroup(app, consoleTags, superOnly);
  operator.get('/admin/options/seconds', {
    summary: 'Every delivery time, enabled or not',
    reply: optionsApi.secondsReply,
    handler: () => service.consoleSeconds(),
  });
  operator.post('/admin/options/seconds', {
    summary: 'Add a delivery time (audited as options.seconds.create)',
    body: optionsApi.createSecondsBody,
    reply: optionsApi.createSecondsReply,
    handler: (request) => service.createSeconds(request, request.body),
  });
  operator.post('/admin/options/seconds/:id', {
    summary: "Edit a delivery time's ratios, limits or availability (audited as options.seconds.update)",
    params: optionsApi.updateSecondsParams,
    body: optionsApi.updateSecondsBody,
    reply: optionsApi.updateSecondsReply,
    handler: (request) => service.updateSeconds(request, request.params.id, request.body),
  });
  operator.get('/admin/options/orders', {
    summary: 'Option orders of every user (read-only)',
    querystring: optionsApi.consoleOrdersQuery,
    reply: optionsApi.consoleOrdersReply,
    handler: (request) => {
      const { status, user_id, match_id, page, limit } = request.query;
      return service.consoleOrders({ status, userId: user_id, pairId: match_id }, page, limit);
    },
  });
}
