import type { ProductSwitches } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

const key = ['admin', 'products'] as const;

export const productSwitchesQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<ProductSwitches>('/admin/products', undefined, signal),
  });

/** Switches one or more products; the server applies it at once and audits it (products.set). */
export function useSetProductSwitches() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<ProductSwitches>) => apiPost<ProductSwitches>('/admin/products', changes),
    onSuccess: (next) => client.setQueryData(key, next),
  });
}
