import type { dashboardApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** GET admin/dashboard (super, finance): the console's home figures, computed by the server. */
export type Dashboard = dashboardApi.DashboardReply;

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => apiGet<Dashboard>('/admin/dashboard', undefined, signal),
    refetchInterval: 30_000,
  });
