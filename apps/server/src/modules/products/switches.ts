import { isProduct, PRODUCTS, type Product, type ProductSwitches } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';

/** The settings row holding the switches: `{contracts: true, options: false, …}`. */
export const PRODUCTS_SETTING = 'products';

/**
 * Another node's change is seen within this time (one small primary-key read per interval, not per
 * request); this node's own changes apply at once.
 */
const CACHE_MS = 2000;

/** Every product is on unless an operator has switched it off. */
export const allOn = (): ProductSwitches => Object.fromEntries(PRODUCTS.map((p) => [p, true])) as ProductSwitches;

/** Reads stored switches leniently: unknown keys are ignored, missing ones are on. */
export function parseSwitches(value: unknown): ProductSwitches {
  const result = allOn();
  if (value && typeof value === 'object') {
    for (const [key, on] of Object.entries(value)) if (isProduct(key) && typeof on === 'boolean') result[key] = on;
  }
  return result;
}

/**
 * The product switches of this deployment, kept in the `settings` table so operators change them in
 * the console without a restart. Guards read a short-lived cache.
 */
export class ProductSwitchBoard {
  private cached: { at: number; value: ProductSwitches } | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  async all(): Promise<ProductSwitches> {
    const at = this.now();
    if (this.cached && at - this.cached.at < CACHE_MS) return this.cached.value;
    const [row] = await this.db.select().from(settings).where(eq(settings.key, PRODUCTS_SETTING)).limit(1);
    const value = parseSwitches(row?.value);
    this.cached = { at, value };
    return value;
  }

  async enabled(product: Product): Promise<boolean> {
    return (await this.all())[product];
  }

  /** Throws `product_disabled` when the product is switched off: the guard every product route uses. */
  async require(product: Product): Promise<void> {
    if (!(await this.enabled(product))) throw new AppError('product_disabled', { status: 403 });
  }

  /** An operator's change of some switches (the others keep their value), audited with before/after. */
  async set(request: FastifyRequest, changes: Partial<ProductSwitches>): Promise<ProductSwitches> {
    const next = await this.db.transaction(async (tx) => {
      // Lock the row so two operators' changes are applied one after the other, each from the other's result.
      const [row] = await tx.select().from(settings).where(eq(settings.key, PRODUCTS_SETTING)).for('update').limit(1);
      const before = parseSwitches(row?.value);
      const after = { ...before };
      for (const product of PRODUCTS) if (typeof changes[product] === 'boolean') after[product] = changes[product];
      await tx
        .insert(settings)
        .values({ key: PRODUCTS_SETTING, value: after })
        .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedAt: new Date() } });
      await audit(tx, request, 'products.set', `settings:${PRODUCTS_SETTING}`, before, after);
      return after;
    });
    this.cached = { at: this.now(), value: next };
    return next;
  }
}
