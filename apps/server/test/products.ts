import { PRODUCTS, type Product } from '@app/shared';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/** As `operator`, switches `product` on or off; the reply must show it so. */
export async function switchProduct(t: TestApp, operator: string, product: Product, on: boolean) {
  const reply = await t.post('admin/products', { [product]: on ? '1' : '0' }, { token: operator });
  expect(reply.message).toMatchObject({ [product]: on });
}

/** The public list of products has `product` switched off and every other one on. */
export async function expectOnlyOff(t: TestApp, product: Product) {
  expect((await t.get('products')).message).toMatchObject(Object.fromEntries(PRODUCTS.map((p) => [p, p !== product])));
}

/** Each reply is the refusal of a switched-off product. */
export function expectProductDisabled(replies: unknown[]) {
  for (const reply of replies) expect(reply).toMatchObject({ status: 403, type: 'error', error: 'product_disabled' });
}
