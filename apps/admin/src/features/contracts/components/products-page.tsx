import { ProductSwitchesCard } from './product-switches-card';

/** Console page of the product switches (modules/products on the server). */
export function ProductsPage() {
  return <ProductSwitchesCard />;
}
