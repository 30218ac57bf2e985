import { type Product, productsApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { anyone, routeGroup, superOnly } from '../../plugins/route-group.js';
import { ProductSwitchBoard } from './switches.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product switches (modules/products): `await app.products.require('options')`. */
    products: ProductSwitchBoard;
    /**
     * A hook refusing a request with `product_disabled` while the product is switched off. Put it on the
     * routes that OPEN something new (a position, an order, a purchase), as `onRequest` (it then runs
     * before body validation, so any request gets the same answer): a route group's access
     * `{ ...signedIn, product: 'options' }` (plugins/route-group.ts) puts it there. Never on a route that
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

export async function productRoutes(app: FastifyInstance) {
  const operator = routeGroup(app, ['console: products'], superOnly);

  routeGroup(app, ['products'], anyone).get('/products', {
    summary: 'Which products are open (the H5 app hides the others)',
    reply: productsApi.switchesReply,
    handler: () => app.products.all(),
  });

  operator.get('/admin/products', {
    summary: 'The product switches',
    reply: productsApi.switchesReply,
    handler: () => app.products.all(),
  });

  operator.post('/admin/products', {
    summary: 'Switch products on or off (applied at once, audited as products.set)',
    body: productsApi.setBody,
    reply: productsApi.switchesReply,
    handler: (request) => app.products.set(request, request.body),
  });
}
