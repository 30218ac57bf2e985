import { okReply, type Product, productsApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { ProductSwitchBoard } from './switches.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product switches (modules/products): `await app.products.require('options')`. */
    products: ProductSwitchBoard;
    /**
     * A hook refusing a request with `product_disabled` while the product is switched off. Put it on the
     * routes that OPEN something new (a position, an order, a purchase), as `onRequest` (it then runs
     * before body validation, so any request gets the same answer):
     * `{ onRequest: app.requireProduct('options'), preHandler: app.requireUser }`. Never on a route that
     * shows, closes, cancels or protects (stops) what a user already holds: switching a product off stops
     * new business, it is no lever on existing positions (docs/decisions.md).
     */
    requireProduct: (product: Product) => (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Decorates the app with the switches and the guard. Registered in app.ts before any product's routes,
 * so they can use `app.requireProduct(...)` without importing this module.
 */
export const productSwitchesPlugin = fp(async (app: FastifyInstance) => {
  const board = new ProductSwitchBoard(app.db);
  app.decorate('products', board);
  app.decorate('requireProduct', (product: Product) => async () => board.require(product));
});

export async function productRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Which products are open (the H5 app hides the others)',
        response: { 200: okReply(productsApi.switchesReply) },
      },
    },
    async () => ok(await app.products.all()),
  );

  app.get(
    '/admin/products',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['console: products'],
        summary: 'The product switches',
        response: { 200: okReply(productsApi.switchesReply) },
      },
    },
    async () => ok(await app.products.all()),
  );

  app.post(
    '/admin/products',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['console: products'],
        summary: 'Switch products on or off (applied at once, audited as products.set)',
        body: productsApi.setBody,
        response: { 200: okReply(productsApi.switchesReply) },
      },
    },
    async (request) => ok(await app.products.set(request, request.body)),
  );
}
