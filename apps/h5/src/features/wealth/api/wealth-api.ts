import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPage, PAGE_SIZE, type Paged } from '../../../lib/wallet-api';

/** A financial product as lh/deposit/config lists it; rates are percent per day ("0.4" = 0.4 %). */
export type WealthProduct = {
  id: number;
  currency_id: number;
  currency_name: string;
  icon: string;
  decimals: number;
  day: number;
  interest_rate: string;
  penalty_rate: string;
  total_rate: string;
  max_rate_30: string;
  save_min: string;
  save_max: string;
  total_cap: string | null;
  left: string | null;
  status: 'active' | 'paused';
};

export type ProductInfo = WealthProduct & { available: string };

export type OrderStatus = 'hosting' | 'completed' | 'redeemed';
export const ORDER_TABS: readonly OrderStatus[] = ['hosting', 'completed', 'redeemed'];

export type WealthOrder = {
  id: number;
  product_id: number;
  currency_id: number;
  currency_name: string;
  decimals: number;
  amount: string;
  price: string;
  day: number;
  day_rate: string;
  penalty_rate: string;
  daily_income: string;
  total_interest: string;
  current_income: string;
  days_paid: number;
  remaining_days: number;
  status: OrderStatus;
  paid_at: string;
  start_at: string;
  end_at: string;
  completed_at: string | null;
  damages: string | null;
  refund: string | null;
  redeem_damages: string | null;
  redeem_refund: string | null;
};

export type WealthReport = {
  amount: string;
  today_income: string;
  total_income: string;
  coins: { currency_id: number; currency_name: string; hosting: string; today_income: string; total_income: string }[];
  demo_prices: boolean;
};

export const wealthKeys = { all: ['lh', 'deposit'] as const };

export const productsQuery = () =>
  queryOptions({
    queryKey: [...wealthKeys.all, 'config'] as const,
    queryFn: ({ signal }) => api.get<WealthProduct[]>('lh/deposit/config', undefined, { loading: false, signal }),
    staleTime: 0,
  });

export const productInfoQuery = (id: number) =>
  queryOptions({
    queryKey: [...wealthKeys.all, 'product', id] as const,
    queryFn: ({ signal }) => api.get<ProductInfo>('lh/deposit/product_info', { id }, { loading: false, signal }),
    staleTime: 0,
  });

export const reportQuery = () =>
  queryOptions({
    queryKey: [...wealthKeys.all, 'report'] as const,
    queryFn: ({ signal }) => api.get<WealthReport>('lh/deposit/report', undefined, { loading: false, signal }),
    staleTime: 0,
  });

type OrderPage = { order_list: WealthOrder[]; total: number; page: number; limit: number };

export const ordersQuery = (status: OrderStatus) =>
  infiniteQueryOptions({
    queryKey: [...wealthKeys.all, 'order', status] as const,
    queryFn: async ({ pageParam, signal }): Promise<Paged<WealthOrder>> => {
      const reply = await api.get<OrderPage>(
        'lh/deposit/order',
        { status, page: pageParam, limit: PAGE_SIZE },
        { loading: false, signal },
      );
      return { list: reply.order_list, total: reply.total, page: reply.page, limit: reply.limit };
    },
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** Buys a product: the amount moves from the coin account into the trust account. */
export const buyProduct = (input: { config_id: number; amount: string; agree: boolean }) =>
  api.post<WealthOrder>('lh/deposit', { config_id: input.config_id, amount: input.amount, agree: input.agree ? 1 : 0 });

export type Redemption = { id: number; status: 'redeemed'; remaining_days: number; damages: string; refund: string };

/** Early redemption: damages are deducted from the principal, the rest returns to the coin account. */
export const redeemOrder = (id: number) => api.post<Redemption>('lh/deposit/order/cancel', { id });
