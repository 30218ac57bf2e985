import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPage, PAGE_SIZE, type Paged } from '../../../lib/wallet-api';

/** What users see of a project (server: modules/subscription/phase.ts). */
export type Phase = 'upcoming' | 'subscribing' | 'sold_out' | 'under_review' | 'passed' | 'launched';

/** A project as `lh/send/config` and `lh/send/product_info` answer it (docs/api-subscription.md). */
export type Project = {
  id: number;
  new_currency_name: string;
  name: string;
  decimals: number;
  subscribe_currency_id: number;
  subscribe_currency_name: string;
  subscribe_decimals: number;
  issue_price: string;
  num: string;
  last_num: string;
  offering_value: string;
  subscribed_amount: string;
  subscribed_ratio: string;
  subscribers: number;
  oversubscribed: boolean;
  min_amount: string;
  max_amount: string;
  lock_days: number;
  start_at: string;
  end_at: string;
  launch_at: string;
  launched_at: string | null;
  completion_time: string;
  introduction: string;
  /** The language `introduction` is written in: the reader's, or `en` when shown as the fallback. */
  introduction_lang: string | null;
  phase: Phase;
  currency_id: number | null;
  price: string;
  price_source: 'market' | 'issue';
  demo_prices: boolean;
  server_time: string;
};

export type ProjectInfo = Project & { mine: { subscribed: string; remaining: string; available: string } | null };

/** One of the user's subscriptions with its returns (`lh/send/order_list`). */
export type SubscriptionOrder = {
  id: number;
  config_id: number;
  new_currency_name: string;
  name: string;
  subscribe_currency_name: string;
  amount: string;
  status: 'pending' | 'allocated' | 'launched';
  exam_status: Phase;
  allocated: boolean;
  quantity: string;
  cost: string;
  refund: string | null;
  issue_price: string;
  price: string;
  price_source: 'market' | 'issue';
  demo_prices: boolean;
  expected_gross_return: string;
  accumulated_return: string;
  total_return_rate: string;
  lock_days: number;
  completion_time: string;
  locked: boolean;
  unlocked_at: string | null;
  created_at: string;
};

export const subscriptionKeys = {
  all: ['lh-send'] as const,
  list: ['lh-send', 'config'] as const,
  info: (id: number) => ['lh-send', 'product_info', id] as const,
  orders: ['lh-send', 'order_list'] as const,
};

export const projectsQuery = () =>
  queryOptions({
    queryKey: subscriptionKeys.list,
    queryFn: ({ signal }) => api.get<Project[]>('lh/send/config', undefined, { loading: false, signal }),
    staleTime: 0,
  });

export const projectQuery = (id: number) =>
  queryOptions({
    queryKey: subscriptionKeys.info(id),
    queryFn: ({ signal }) => api.get<ProjectInfo>('lh/send/product_info', { id }, { loading: false, signal }),
    staleTime: 0,
  });

export const myOrdersQuery = () =>
  infiniteQueryOptions({
    queryKey: subscriptionKeys.orders,
    queryFn: ({ pageParam, signal }) =>
      api.get<Paged<SubscriptionOrder>>('lh/send/order_list', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** Subscribes: the amount is frozen in the coin account until the allocation. */
export const subscribe = (input: { config_id: number; amount: string }) => api.post<SubscriptionOrder>('lh/send/order', input);

/** A project id from the page's query (`?id=`), or undefined. */
export function projectIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
