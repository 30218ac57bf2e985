import { intField } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { amountField, currencyField, idField, idParams } from '../../lib/fields.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import type { OrderStatus } from './repo.js';

const tags = ['wealth: financial products'];
const consoleTags = ['console: wealth'];

/** The original client names the tabs 1 hosting, 2 completed, 3 redeemed; the names are accepted too. */
const STATUS_BY_NUMBER: Record<string, OrderStatus> = { '1': 'hosting', '2': 'completed', '3': 'redeemed' };
const statusField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : (STATUS_BY_NUMBER[String(v)] ?? v)),
  z.enum(['hosting', 'completed', 'redeemed'], { message: 'field_invalid' }).optional(),
);

/** A ticked checkbox as forms send it: 1, true, on, yes. */
const agreeField = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase()) : v === true || v === 1),
  z.boolean(),
);

const optionalNumber = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(1, max, 'field_invalid').optional());

const productBody = z.object({
  currency_id: z.preprocess((v) => (v === '' ? undefined : v), currencyField.optional()),
  day: optionalNumber(3650),
  save_min: amountField,
  save_max: amountField,
  interest_rate: amountField,
  penalty_rate: amountField,
  /** Empty removes the cap. */
  total_cap: z.union([z.string(), z.number(), z.null()]).optional(),
  status: z.enum(['active', 'paused'], { message: 'field_invalid' }).optional(),
  sort: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(0, 100_000).optional()),
});

export async function wealthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // The product switch first (onRequest, before validation): switched off, every user route answers product_disabled.
  const auth = { onRequest: app.requireProduct('wealth'), preHandler: app.requireUser };
  const operator = { preHandler: app.requireAdmin };
  // Read at each request: the service is the app's (tests may give it their own clock before ready).
  const wealth = () => app.wealth;

  app.get('/lh/deposit/config', { ...auth, schema: { tags, summary: 'The financial products on sale' } }, async () =>
    ok(await wealth().config()),
  );

  app.get(
    '/lh/deposit/product_info',
    {
      ...auth,
      schema: {
        tags,
        summary: "One product, with the user's available coin balance",
        querystring: z.object({ id: idField }),
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
        body: z.object({ config_id: idField, amount: amountField, agree: agreeField.optional() }),
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
        querystring: z.object({ status: statusField, ...pageFields }),
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
        body: z.object({ id: idField }),
      },
    },
    async (request) => ok(await wealth().redeem(request.user!.id, request.body.id)),
  );

  app.get(
    '/lh/deposit/report',
    { ...auth, schema: { tags, summary: 'Amount in hosting, today’s income and cumulative income' } },
    async (request) => ok(await wealth().report(request.user!.id)),
  );

  // Console.
  app.get('/admin/wealth/products', { ...operator, schema: { tags: consoleTags, summary: 'Every product' } }, async () =>
    ok(await wealth().consoleProducts()),
  );

  app.post(
    '/admin/wealth/products',
    { ...operator, schema: { tags: consoleTags, summary: 'Create a product (rates in percent per day)', body: productBody } },
    async (request) => ok(await wealth().createProduct(request, request.body)),
  );

  app.post(
    '/admin/wealth/products/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Edit a product; fields left out keep their value, bought orders keep their terms',
        params: idParams,
        body: productBody,
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
        params: idParams,
        body: z.object({ status: z.enum(['active', 'paused'], { message: 'field_invalid' }) }),
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
        querystring: z.object({
          status: statusField,
          product_id: z.preprocess((v) => (v === '' ? undefined : v), idField.optional()),
          ...pageFields,
        }),
      },
    },
    async (request) => {
      const { status, product_id, page, limit } = request.query;
      return ok(await wealth().consoleOrders({ status, productId: product_id }, page, limit));
    },
  );
}
