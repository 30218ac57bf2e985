import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export type ReferralStatus = 'normal' | 'partner' | 'exclusive';
export type Partner = {
  user_id: number;
  email: string | null;
  phone: string | null;
  extension_code: string;
  status: ReferralStatus;
  ratio: string | null;
  updated_at: string;
};
export type ReferralSettings = { default_ratio: string; partners: Partner[] };
export type ReferralUser = {
  user_id: number;
  email: string | null;
  phone: string | null;
  extension_code: string;
  parent_id: number | null;
  status: ReferralStatus;
  ratio: string | null;
  effective_ratio: string;
  default_ratio: string;
  invited: number;
  returns: { currency_id: number; currency_name: string; total: string; pending: string }[];
};

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
