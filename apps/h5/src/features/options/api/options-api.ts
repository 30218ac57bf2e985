import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** A delivery time operators offer: ratios in percent, stake limits in the stake coin. */
export type OptionSeconds = {
  id: number;
  seconds: number;
  profit_ratio: string;
  loss_ratio: string;
  min_num: string;
  max_num: string;
};

export type PayableCurrency = {
  id: number;
  currency_id: number;
  name: string;
  decimals: number;
  balance: string;
  frozen: string;
};

export type VoidReason = 'no_sample_open' | 'no_sample_delivery' | 'source_changed';

/** An option order as `microtrade/*` shows it; times are milliseconds since the epoch. */
export type OptionOrder = {
  id: number;
  match_id: number;
  symbol_name: string;
  currency_id: number;
  currency_name: string;
  /** 1 up, 2 down. */
  type: 1 | 2;
  seconds: number;
  number: string;
  profit_ratio: string;
  loss_ratio: string;
  /** The recorded index sample of the purchase second: null until that second is final (or if it has none). */
  open_price: string | null;
  open_price_time: number | null;
  open_second: number | null;
  created_at: number;
  delivery_second: number;
  delivery_at: number;
  remain_milli_seconds: number;
  /** 'void': no recorded sample for a second the order needed; the stake came back in full. */
  status: 'open' | 'settled' | 'void';
  end_price: string | null;
  end_price_time: number | null;
  end_second: number | null;
  void_reason: VoidReason | null;
  /** 1 win, 0 flat, -1 loss. */
  profit_result: -1 | 0 | 1 | null;
  payout: string | null;
  fact_profits: string | null;
  settled_at: number | null;
  demo: boolean;
};

export type OrderPage = {
  list: OptionOrder[];
  total: number;
  page: number;
  limit: number;
  /** The server's clock when it answered (ms). */
  now: number;
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
  queryOptions({
    queryKey: optionsKeys.seconds,
    queryFn: ({ signal }) => api.get<OptionSeconds[]>('microtrade/seconds', undefined, { loading: false, signal }),
    staleTime: 30_000,
  });

export const currenciesQuery = () =>
  queryOptions({
    queryKey: optionsKeys.currencies,
    queryFn: ({ signal }) => api.get<PayableCurrency[]>('microtrade/payable_currencies', undefined, { loading: false, signal }),
    staleTime: 0,
  });

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
