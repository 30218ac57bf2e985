import type { optionsApi } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiGet, apiPost } from '../../../lib/api';
import { type Paged, serverFilter } from '../../../lib/paging';

/** A delivery time as `GET /api/admin/options/seconds` lists it (ratios in percent). */
export type OptionSeconds = optionsApi.SecondsRow;

export type SecondsForm = Omit<OptionSeconds, 'id'>;

/** An option order as the console lists it (read-only; times in ms). */
export type AdminOptionOrder = optionsApi.ConsoleOrder;

export const secondsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'options', 'seconds'] as const,
    queryFn: ({ signal }) => apiGet<OptionSeconds[]>('/admin/options/seconds', undefined, signal),
    staleTime: 0,
  });

export type OrderFilter = { status: string; page: number; limit: number };

export const ordersQuery = (filter: OrderFilter) =>
  queryOptions({
    queryKey: ['admin', 'options', 'orders', filter] as const,
    queryFn: ({ signal }) => apiGet<Paged<AdminOptionOrder>>('/admin/options/orders', serverFilter(filter), signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    staleTime: 0,
  });

/** Adds or edits a delivery time; the server audits it with before and after. */
export function useSaveSeconds() {
  const done = useActionDone(['admin', 'options', 'seconds']);
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: SecondsForm }) =>
      apiPost<OptionSeconds>(id ? `/admin/options/seconds/${id}` : '/admin/options/seconds', {
        ...values,
        enabled: values.enabled ? '1' : '0',
      }),
    onSuccess: (row) => done(`Delivery time ${row.seconds} s saved.`),
  });
}
