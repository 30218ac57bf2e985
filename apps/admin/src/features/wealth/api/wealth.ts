import type { wealthApi } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api';
import { freshQuery } from '../../../lib/fresh-query';
import { filteredPageQuery } from '../../../lib/paging';

/** A financial product as `GET /api/admin/wealth/products` lists it (rates in percent per day). */
export type WealthProduct = wealthApi.ConsoleProductRow;

/** The console's product form: every field a string as typed; an empty cap means none. */
export type ProductForm = {
  currency_id?: number;
  day: string;
  save_min: string;
  save_max: string;
  interest_rate: string;
  penalty_rate: string;
  total_cap: string;
  sort: string;
};

export type WealthOrder = wealthApi.ConsoleOrder;

export const wealthProductsQuery = () => freshQuery<WealthProduct[]>(['admin', 'wealth', 'products'], '/admin/wealth/products');

export type OrderFilter = { status: string; product_id: string; page: number; limit: number };

export const wealthOrdersQuery = (filter: OrderFilter) =>
  filteredPageQuery<WealthOrder, OrderFilter>(['admin', 'wealth', 'orders'], '/admin/wealth/orders', filter);

/** Create, edit and pause/resume; each refreshes the products list (the server audits each). */
export function useProductActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'wealth'] });
  const save = useMutation({
    mutationFn: ({ id, form }: { id?: number; form: ProductForm }) =>
      apiPost<wealthApi.ConsoleProduct>(id ? `/admin/wealth/products/${id}` : '/admin/wealth/products', {
        ...(id ? {} : { currency_id: form.currency_id }),
        day: form.day.trim(),
        save_min: form.save_min.trim(),
        save_max: form.save_max.trim(),
        interest_rate: form.interest_rate.trim(),
        penalty_rate: form.penalty_rate.trim(),
        total_cap: form.total_cap.trim(),
        sort: form.sort.trim() || '0',
      }),
    onSuccess: refresh,
  });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'active' | 'paused' }) =>
      apiPost<wealthApi.ConsoleProduct>(`/admin/wealth/products/${id}/status`, { status }),
    onSuccess: refresh,
  });
  return { save, setStatus };
}
