import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { ApiError, api, apiPost } from '../../../lib/api';

export type ProofRoot = {
  currency_id: number;
  currency_name: string;
  decimals: number;
  root: string;
  total_units: string;
  total: string;
  leaf_count: number;
};
export type Published = { day: string; created_at: string; user_count: number; roots: ProofRoot[]; created?: boolean };

/** The newest published proof (the public endpoint); null before the first snapshot. */
export const latestProofQuery = () =>
  queryOptions({
    queryKey: ['admin', 'proof', 'latest'] as const,
    queryFn: ({ signal }) =>
      api<Published>('/proof/root', { signal, quiet: true }).catch((error: unknown) => {
        // Before the first snapshot the endpoint refuses: that is the page's empty state, not a failure to toast.
        if (error instanceof ApiError && error.code === 'proof_not_available') return null;
        if (error instanceof ApiError) void message.error({ content: error.message, key: `api:${error.message}` });
        throw error;
      }),
  });

export function useRunProof() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<Published>('/admin/proof/run'),
    onSuccess: (data) => client.setQueryData(['admin', 'proof', 'latest'], data),
  });
}
