import { wealthApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { routeGroup, signedIn, superOnly } from '../../plugins/route-group.js';

const tags = ['wealth: financial products'];
const consoleTags = ['console: wealth'];

export async function wealthRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, { ...signedIn, product: 'wealth' });
  const operator = routeGroup(app, consoleTags, superOnly);
  // The product switch first (onRequest, before validation): switched off, every user route answers product_disabled.
  // Read at each request: the service is the app's (tests may give it their own clock before ready).
  const wealth = () => app.wealth;

  user.get('/lh/deposit/config', {
    summary: 'The financial products on sale',
    reply: wealthApi.configReply,
    handler: () => wealth().config(),
  });

  user.get('/lh/deposit/product_info', {
    summary: "One product, with the user's available coin balance",
    querystring: wealthApi.productInfoQuery,
    reply: wealthApi.productInfoReply,
    handler: (request) => wealth().productInfo(request.user!.id, request.query.id),
  });

  user.post('/lh/deposit', {
    summary: 'Buy a product: the amount moves from the coin account into the trust account until maturity',
    body: wealthApi.buyBody,
    reply: wealthApi.buyReply,
    rateLimitPerMinute: 30,
    handler: (request) => wealth().buy(request.user!.id, request.body),
  });

  user.get('/lh/deposit/order', {
    summary: "The user's orders: status hosting (1), completed (2), redeemed (3); newest first",
    querystring: wealthApi.ordersQuery,
    reply: wealthApi.ordersReply,
    handler: (request) => wealth().orders(request.user!.id, request.query.status, request.query.page, request.query.limit),
  });

  user.post('/lh/deposit/order/cancel', {
    summary: 'Redeem early: damages = penalty rate × remaining days × amount; the rest returns to the coin account',
    body: wealthApi.redeemBody,
    reply: wealthApi.redeemReply,
    rateLimitPerMinute: 30,
    handler: (request) => wealth().redeem(request.user!.id, request.body.id),
  });

  user.get('/lh/deposit/report', {
    summary: 'Amount in hosting, today’s income and cumulative income',
    reply: wealthApi.reportReply,
    handler: (request) => wealth().report(request.user!.id),
  });

  // Console.
  operator.get('/admin/wealth/products', {
    summary: 'Every product',
    reply: wealthApi.consoleProductsReply,
    handler: () => wealth().consoleProducts(),
  });

  operator.post('/admin/wealth/products', {
    summary: 'Create a product (rates in percent per day)',
    body: wealthApi.productBody,
    reply: wealthApi.productReply,
    handler: (request) => wealth().createProduct(request, request.body),
  });

  operator.post('/admin/wealth/products/:id', {
    summary: 'Edit a product; fields left out keep their value, bought orders keep their terms',
    params: wealthApi.productParams,
    body: wealthApi.productBody,
    reply: wealthApi.productReply,
    handler: (request) => wealth().editProduct(request, request.params.id, request.body),
  });

  operator.post('/admin/wealth/products/:id/status', {
    summary: 'Pause or resume sales of a product (orders already bought run on)',
    params: wealthApi.productParams,
    body: wealthApi.statusBody,
    reply: wealthApi.productReply,
    handler: (request) => wealth().setStatus(request, request.params.id, request.body.status),
  });

  operator.get('/admin/wealth/orders', {
    summary: 'Every order, newest first (read only)',
    querystring: wealthApi.consoleOrdersQuery,
    reply: wealthApi.consoleOrdersReply,
    handler: (request) => {
      const { status, product_id, page, limit } = request.query;
      return wealth().consoleOrders({ status, productId: product_id }, page, limit);
    },
  });
}
