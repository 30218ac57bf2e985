import type { optionsApi } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiPost } from '../../../lib/api';
import { freshQuery } from '../../../lib/fresh-query';
import { filteredPageQuery } from '../../../lib/paging';

/** A delivery time as `GET /api/admin/options/seconds` lists it (ratios in percent). */
export type OptionSeconds = optionsApi.SecondsRow;

export type SecondsForm = Omit<OptionSeconds, 'id'>;

/** An option order as the console lists it (read-only; times in ms). */
export type AdminOptionOrder = optionsApi.ConsoleOrder;

export const secondsQuery = () => freshQuery<OptionSeconds[]>(['admin', 'options', 'seconds'], '/admin/options/seconds');

export type OrderFilter = { status: string; page: number; limit: number };

/** Orders settle every few seconds, so the list is re-read every five while it is open. */
export const ordersQuery = (filter: OrderFilter) =>
  filteredPageQuery<AdminOptionOrder, OrderFilter>(['admin', 'options', 'orders'], '/admin/options/orders', filter, 5_000);

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
