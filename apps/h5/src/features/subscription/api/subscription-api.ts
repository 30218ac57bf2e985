import type { subscriptionApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';
import { pagedQuery } from '../../../lib/paged-query';
import type { Paged } from '../../../lib/wallet-api';

/** What users see of a project (server: modules/subscription/phase.ts). */
export type Phase = subscriptionApi.Phase;

/** A project as `lh/send/config` and `lh/send/product_info` answer it (docs/api-subscription.md). */
export type Project = subscriptionApi.ProjectRow;

export type ProjectInfo = subscriptionApi.ProductInfoReply;

/** One of the user's subscriptions with its returns (`lh/send/order_list`). */
export type SubscriptionOrder = subscriptionApi.OrderRow;

export const subscriptionKeys = {
  all: ['lh-send'] as const,
  list: ['lh-send', 'config'] as const,
  info: (id: number) => ['lh-send', 'product_info', id] as const,
  orders: ['lh-send', 'order_list'] as const,
};

export const projectsQuery = () => apiQuery<Project[]>(subscriptionKeys.list, 'get', 'lh/send/config', { staleTime: 0 });

export const projectQuery = (id: number) =>
  apiQuery<ProjectInfo>(subscriptionKeys.info(id), 'get', 'lh/send/product_info', { params: { id }, staleTime: 0 });

export const myOrdersQuery = () => pagedQuery<Paged<SubscriptionOrder>>(subscriptionKeys.orders, 'get', 'lh/send/order_list');

/** Subscribes: the amount is frozen in the coin account until the allocation. */
export const subscribe = (input: { config_id: number; amount: string }) => api.post<SubscriptionOrder>('lh/send/order', input);

/** A project id from the page's query (`?id=`), or undefined. */
export function projectIdParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}
