import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { apiGet, apiPost } from '../../../lib/api';
import type { UserRef } from '../../../lib/format';
import type { Paged } from '../../../lib/paging';

/** A project as `GET /api/admin/subscription/projects` lists it (docs/api-subscription.md). */
export type AdminProject = {
  id: number;
  code: string;
  name: string;
  decimals: number;
  subscribe_currency_id: number;
  subscribe_currency_name: string;
  issue_price: string;
  total_supply: string;
  min_amount: string;
  max_amount: string;
  start_at: string;
  end_at: string;
  launch_at: string;
  lock_days: number;
  introduction: Record<string, string>;
  status: 'open' | 'closed' | 'allocated' | 'launched';
  phase: string;
  closed_at: string | null;
  allocated_at: string | null;
  launched_at: string | null;
  currency_id: number | null;
  pair_id: number | null;
  launch_price: string | null;
  demand: string;
  orders: number;
  subscribers: number;
};

export type AdminSubscriptionOrder = {
  id: number;
  user: UserRef;
  amount: string;
  status: string;
  quantity: string | null;
  cost: string | null;
  refund: string | null;
  unlock_at: string | null;
  unlocked_at: string | null;
  created_at: string;
};

/** What the create/edit form sends: decimals as text, times as ISO, the introduction per language. */
export type ProjectForm = {
  code: string;
  name: string;
  decimals: number;
  subscribe_currency_id: number;
  issue_price: string;
  total_supply: string;
  min_amount: string;
  max_amount: string;
  start_at: string;
  end_at: string;
  launch_at: string;
  lock_days: number;
  introduction: Record<string, string>;
};

export type AllocationSummary = {
  status: string;
  orders: number;
  demand: string;
  oversubscribed: boolean;
  allocated: string;
  unallocated: string;
  proceeds: string;
  refunded: string;
};

const KEY = ['admin', 'subscription'] as const;

export const projectsQuery = (page: number, limit: number) =>
  queryOptions({
    queryKey: [...KEY, 'projects', page, limit] as const,
    queryFn: ({ signal }) => apiGet<Paged<AdminProject>>('/admin/subscription/projects', { page, limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    staleTime: 0,
  });

export const projectOrdersQuery = (id: number, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'orders', id, page] as const,
    queryFn: ({ signal }) =>
      apiGet<Paged<AdminSubscriptionOrder>>(`/admin/subscription/projects/${id}/orders`, { page, limit: 20 }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** Every step of a project, each confirming in words and refreshing the lists. */
export function useProjectActions() {
  const client = useQueryClient();
  const done = (text: string) => {
    void message.success(text);
    return client.invalidateQueries({ queryKey: KEY });
  };
  const save = useMutation({
    mutationFn: ({ id, form }: { id?: number; form: Partial<ProjectForm> }) =>
      apiPost<AdminProject>(id ? `/admin/subscription/projects/${id}` : '/admin/subscription/projects', form),
    onSuccess: (p, { id }) => done(id ? `Project ${p.code} saved.` : `Project ${p.code} created.`),
  });
  const close = useMutation({
    mutationFn: (id: number) => apiPost<AdminProject>(`/admin/subscription/projects/${id}/close`),
    onSuccess: (p) => done(`Subscription to ${p.code} closed; it is now under review.`),
  });
  const allocate = useMutation({
    mutationFn: (id: number) =>
      apiPost<{ project: AdminProject; allocation: AllocationSummary }>(`/admin/subscription/projects/${id}/allocate`),
    onSuccess: ({ project, allocation }) =>
      done(
        `${project.code} allocated: ${allocation.allocated} coins to ${allocation.orders} subscription${allocation.orders === 1 ? '' : 's'}${
          allocation.oversubscribed ? ' (pro rata)' : ''
        }; ${allocation.refunded} refunded.`,
      ),
  });
  const launch = useMutation({
    mutationFn: ({ id, price }: { id: number; price?: string }) =>
      apiPost<{ project: AdminProject; listed: boolean }>(`/admin/subscription/projects/${id}/launch`, price ? { price } : {}),
    onSuccess: ({ project, listed }) =>
      done(
        listed
          ? `${project.code} launched: coins credited and the ${project.code}/USDT pair is listed.`
          : `${project.code} launched and credited, but listing its pair failed: launch again to retry.`,
      ),
  });
  return { save, close, allocate, launch };
}
