import type { adminApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** The signed-in operator as the server sees them now (role changes show without signing in again). */
export type AdminMe = adminApi.MeReply;

export const adminMeQuery = () =>
  queryOptions({
    queryKey: ['admin', 'me'] as const,
    queryFn: ({ signal }) => apiGet<AdminMe>('/admin/me', undefined, signal),
  });
