import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { apiGet, apiPost } from '../../../lib/api';
import type { Paged } from '../../../lib/paging';

/** A delivery time as `GET /api/admin/options/seconds` lists it (ratios in percent). */
export type OptionSeconds = {
  id: number;
  seconds: number;
  profit_ratio: string;
  loss_ratio: string;
  min_num: string;
  max_num: string;
  enabled: boolean;
};

export type SecondsForm = Omit<OptionSeconds, 'id'>;

/** An option order as the console lists it (read-only; times in ms). */
export type AdminOptionOrder = {
  id: number;
  user_id: number;
  account: string | null;
  symbol_name: string;
  currency_name: string;
  type: 1 | 2;
  seconds: number;
  number: string;
  profit_ratio: string;
  loss_ratio: string;
  /** The recorded sample of the purchase second; null until that second is final (or when it has none). */
  open_price: string | null;
  open_price_time: number | null;
  delivery_second: number;
  delivery_at: number;
  status: 'open' | 'settled' | 'void';
  end_price: string | null;
  end_price_time: number | null;
  /** Why a void order was voided (stake returned in full). */
  void_reason: 'no_sample_open' | 'no_sample_delivery' | 'source_changed' | null;
  profit_result: -1 | 0 | 1 | null;
  payout: string | null;
  fact_profits: string | null;
  demo: boolean;
};

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
    queryFn: ({ signal }) =>
      apiGet<Paged<AdminOptionOrder>>(
        '/admin/options/orders',
        { status: filter.status === 'all' ? undefined : filter.status, page: filter.page, limit: filter.limit },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    staleTime: 0,
  });

/** Adds or edits a delivery time; the server audits it with before and after. */
export function useSaveSeconds() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id?: number; values: SecondsForm }) =>
      apiPost<OptionSeconds>(id ? `/admin/options/seconds/${id}` : '/admin/options/seconds', {
        ...values,
        enabled: values.enabled ? '1' : '0',
      }),
    onSuccess: (row) => {
      void message.success(`Delivery time ${row.seconds} s saved.`);
      return client.invalidateQueries({ queryKey: ['admin', 'options', 'seconds'] });
    },
  });
}
