import { okReply, wealthApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';

const tags = ['wealth: financial products'];
const consoleTags = ['console: wealth'];

export async function wealthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The product switch first (onRequest, before validation): switched off, every user route answers product_disabled.
  const auth = { onRequest: app.requireProduct('wealth'), preHandler: app.requireUser };
  const operator = { preHandler: app.requireAdmin };
  // Read at each request: the service is the app's (tests may give it their own clock before ready).
  const wealth = () => app.wealth;

  app.get(
    '/lh/deposit/config',
    { ...auth, schema: { tags, summary: 'The financial products on sale', response: { 200: okReply(wealthApi.configReply) } } },
    async () => ok(await wealth().config()),
  );

  app.get(
    '/lh/deposit/product_info',
    {
      ...auth,
      schema: {
        tags,
        summary: "One product, with the user's available coin balance",
        querystring: wealthApi.productInfoQuery,
        response: { 200: okReply(wealthApi.productInfoReply) },
      },
    },
    async (request) => ok(await wealth().productInfo(request.user!.id, request.query.id)),
  );

  app.post(
    '/lh/deposit',
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Buy a product: the amount moves from the coin account into the trust account until maturity',
        body: wealthApi.buyBody,
        response: { 200: okReply(wealthApi.buyReply) },
      },
    },
    async (request) => ok(await wealth().buy(request.user!.id, request.body)),
  );

  app.get(
    '/lh/deposit/order',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's orders: status hosting (1), completed (2), redeemed (3); newest first",
        querystring: wealthApi.ordersQuery,
        response: { 200: okReply(wealthApi.ordersReply) },
      },
    },
    async (request) => ok(await wealth().orders(request.user!.id, request.query.status, request.query.page, request.query.limit)),
  );

  app.post(
    '/lh/deposit/order/cancel',
    {
      ...auth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Redeem early: damages = penalty rate × remaining days × amount; the rest returns to the coin account',
        body: wealthApi.redeemBody,
        response: { 200: okReply(wealthApi.redeemReply) },
      },
    },
    async (request) => ok(await wealth().redeem(request.user!.id, request.body.id)),
  );

  app.get(
    '/lh/deposit/report',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Amount in hosting, today’s income and cumulative income',
        response: { 200: okReply(wealthApi.reportReply) },
      },
    },
    async (request) => ok(await wealth().report(request.user!.id)),
  );

  // Console.
  app.get(
    '/admin/wealth/products',
    {
      ...operator,
      schema: { tags: consoleTags, summary: 'Every product', response: { 200: okReply(wealthApi.consoleProductsReply) } },
    },
    async () => ok(await wealth().consoleProducts()),
  );

  app.post(
    '/admin/wealth/products',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Create a product (rates in percent per day)',
        body: wealthApi.productBody,
        response: { 200: okReply(wealthApi.productReply) },
      },
    },
    async (request) => ok(await wealth().createProduct(request, request.body)),
  );

  app.post(
    '/admin/wealth/products/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Edit a product; fields left out keep their value, bought orders keep their terms',
        params: wealthApi.productParams,
        body: wealthApi.productBody,
        response: { 200: okReply(wealthApi.productReply) },
      },
    },
    async (request) => ok(await wealth().editProduct(request, request.params.id, request.body)),
  );

  app.post(
    '/admin/wealth/products/:id/status',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Pause or resume sales of a product (orders already bought run on)',
        params: wealthApi.productParams,
        body: wealthApi.statusBody,
        response: { 200: okReply(wealthApi.productReply) },
      },
    },
    async (request) => ok(await wealth().setStatus(request, request.params.id, request.body.status)),
  );

  app.get(
    '/admin/wealth/orders',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Every order, newest first (read only)',
        querystring: wealthApi.consoleOrdersQuery,
        response: { 200: okReply(wealthApi.consoleOrdersReply) },
      },
    },
    async (request) => {
      const { status, product_id, page, limit } = request.query;
      return ok(await wealth().consoleOrders({ status, productId: product_id }, page, limit));
    },
  );
}
