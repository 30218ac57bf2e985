/**
 * Products an operator can switch off per deployment (DESIGN.md 1.7): a switched-off product vanishes
 * from the H5 app and its API answers `product_disabled`. `wealth` is the fixed-term financial products
 * (`lh/deposit*`), `subscription` the new-coin subscription (`lh/send/*`).
 */
export const PRODUCTS = ['contracts', 'options', 'wealth', 'subscription'] as const;
export type Product = (typeof PRODUCTS)[number];
export type ProductSwitches = Record<Product, boolean>;

export const isProduct = (value: unknown): value is Product =>
  typeof value === 'string' && (PRODUCTS as readonly string[]).includes(value);
