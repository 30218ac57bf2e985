import { PRODUCTS, type Product, type ProductSwitches } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * Which products this deployment offers (`GET products`). A switched-off product vanishes from the
 * app: its tab, its entries and its pages. Until the reply arrives every product counts as shown, so
 * the tab bar does not jump on a normal start; the server refuses a switched-off product's calls anyway.
 */
export const productsQuery = () =>
  queryOptions({
    queryKey: ['products'] as const,
    queryFn: ({ signal }) => api.get<ProductSwitches>('products', undefined, { loading: false, signal }),
    staleTime: 60_000,
  });

/**
 * The switches, every product on until the reply arrives. `loaded`: the reply is here; `settled`: the
 * reply is here or the call failed (then every product counts as on; the server still refuses).
 */
export function useProducts(): ProductSwitches & { loaded: boolean; settled: boolean } {
  const { data, isError } = useQuery(productsQuery());
  const switches = Object.fromEntries(PRODUCTS.map((p) => [p, data?.[p] ?? true])) as ProductSwitches;
  return { ...switches, loaded: data !== undefined, settled: data !== undefined || isError };
}

export function useProductEnabled(product: Product): boolean {
  return useProducts()[product];
}
