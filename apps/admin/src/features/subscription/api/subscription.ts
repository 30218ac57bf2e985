import type { subscriptionApi } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiGet, apiPost } from '../../../lib/api';
import { currenciesQuery } from '../../../lib/currencies';
import type { Paged } from '../../../lib/paging';

/** A project as `GET /api/admin/subscription/projects` lists it (docs/api-subscription.md). */
export type AdminProject = subscriptionApi.ConsoleProjectRow;

export type AdminSubscriptionOrder = subscriptionApi.ConsoleOrder;

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

export type AllocationSummary = subscriptionApi.AllocationSummary;

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
  const done = useActionDone(KEY);
  const save = useMutation({
    mutationFn: ({ id, form }: { id?: number; form: Partial<ProjectForm> }) =>
      apiPost<subscriptionApi.ConsoleProject>(id ? `/admin/subscription/projects/${id}` : '/admin/subscription/projects', form),
    onSuccess: (p, { id }) => done(id ? `Project ${p.code} saved.` : `Project ${p.code} created.`),
  });
  const close = useMutation({
    mutationFn: (id: number) => apiPost<subscriptionApi.ConsoleProject>(`/admin/subscription/projects/${id}/close`),
    onSuccess: (p) => done(`Subscription to ${p.code} closed; it is now under review.`),
  });
  const allocate = useMutation({
    mutationFn: (id: number) => apiPost<subscriptionApi.AllocateReply>(`/admin/subscription/projects/${id}/allocate`),
    onSuccess: ({ project, allocation }) =>
      done(
        `${project.code} allocated: ${allocation.allocated} coins to ${allocation.orders} subscription${allocation.orders === 1 ? '' : 's'}${
          allocation.oversubscribed ? ' (pro rata)' : ''
        }; ${allocation.refunded} refunded.`,
      ),
  });
  const launch = useMutation({
    mutationFn: ({ id, price }: { id: number; price?: string }) =>
      apiPost<subscriptionApi.LaunchReply>(`/admin/subscription/projects/${id}/launch`, price ? { price } : {}),
    onSuccess: ({ project, listed }) => {
      // The launched coin joins the platform's coins.
      void client.invalidateQueries({ queryKey: currenciesQuery().queryKey });
      return done(
        listed
          ? `${project.code} launched: coins credited and the ${project.code}/USDT pair is listed.`
          : `${project.code} launched and credited, but listing its pair failed: launch again to retry.`,
      );
    },
  });
  return { save, close, allocate, launch };
}
