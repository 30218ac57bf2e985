import type { proofApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { ApiError, api, apiPost } from '../../../lib/api';

export type ProofRoot = proofApi.ProofRoot;
/** The public roots (`proof/root`), or the run's reply, which also says whether a snapshot was built. */
export type Published = proofApi.RootReply & { created?: boolean };

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
