import type { optionsApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

/** A delivery time operators offer: ratios in percent, stake limits in the stake coin. */
export type OptionSeconds = optionsApi.SecondsRow;

export type PayableCurrency = optionsApi.PayableCurrency;

export type VoidReason = optionsApi.VoidReason;

/** An option order as `microtrade/*` shows it; times are milliseconds since the epoch. */
export type OptionOrder = optionsApi.OptionOrder;

export type OrderPage = optionsApi.ListsReply & {
  /** Server clock − this device's clock, estimated NTP-style from the request's round trip. */
  offset: number;
};
export type OrderStatus = 'open' | 'delivered';

/** The socket event of a settled order (the original client's name). */
export const SETTLED_EVENT = 'closed_microorder';
/** The socket event of an order whose open price was just recorded. */
export const PRICED_EVENT = 'priced_microorder';

export const optionsKeys = {
  all: ['option'] as const,
  seconds: ['option', 'seconds'] as const,
  currencies: ['option', 'currencies'] as const,
  orders: (status: OrderStatus) => ['option', 'orders', status] as const,
};

export const secondsQuery = () =>
  apiQuery<OptionSeconds[]>(optionsKeys.seconds, 'get', 'microtrade/seconds', { staleTime: 30_000 });

export const currenciesQuery = () =>
  apiQuery<PayableCurrency[]>(optionsKeys.currencies, 'get', 'microtrade/payable_currencies', { staleTime: 0 });

export const ordersQuery = (status: OrderStatus) =>
  queryOptions({
    queryKey: optionsKeys.orders(status),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const page = await api.get<Omit<OrderPage, 'offset'>>(
        'microtrade/lists',
        { status, limit: 50 },
        { loading: false, signal },
      );
      // The server read its clock somewhere between sending and receiving: the midpoint is the best guess.
      return { ...page, offset: page.now - (sent + Date.now()) / 2 };
    },
    staleTime: 0,
  });

export type SubmitInput = { match_id: number; currency_id: number; type: 1 | 2; seconds: number; number: string };

export const submitOption = (input: SubmitInput) => api.post<OptionOrder>('microtrade/submit', input, { toast: false });
