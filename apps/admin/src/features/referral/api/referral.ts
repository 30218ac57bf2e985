import type { referralApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export type ReferralStatus = referralApi.ReferralStatus;
export type Partner = referralApi.PartnerRow;
export type ReferralSettings = referralApi.SettingsReply;
export type ReferralUser = referralApi.UserReply;

const key = ['admin', 'referral'] as const;

export const referralSettingsQuery = () =>
  queryOptions({
    queryKey: [...key, 'settings'] as const,
    queryFn: ({ signal }) => apiGet<ReferralSettings>('/admin/referral/settings', undefined, signal),
  });

export const referralUserQuery = (id: number) =>
  queryOptions({
    queryKey: [...key, 'user', id] as const,
    queryFn: ({ signal }) => apiGet<ReferralUser>(`/admin/referral/users/${id}`, undefined, signal),
    retry: false,
  });

export function useSaveDefaultRatio() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (default_ratio: string) => apiPost<{ default_ratio: string }>('/admin/referral/settings', { default_ratio }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useSaveReferralUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, ratio }: { id: number; status: ReferralStatus; ratio: string }) =>
      apiPost<ReferralUser>(`/admin/referral/users/${id}`, { status, ratio }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
