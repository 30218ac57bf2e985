import type { proofApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

export type MyLeaf = proofApi.MyLeaf;
export type MyProof = proofApi.MyReply;

/** The signed-in user's own leaves and paths; `null` while nothing has been published yet. */
export const myProofQuery = () =>
  queryOptions({
    queryKey: ['proof', 'my'] as const,
    queryFn: ({ signal }) =>
      api.get<MyProof>('proof/my', undefined, { loading: false, toast: false, signal }).catch((error: { code?: string }) => {
        if (error.code === 'proof_not_available') return null;
        throw error;
      }),
  });

export type PublishedRoot = proofApi.ProofRoot;
/** The public roots of a day: the page checks the path against these, fetched separately from the leaf. */
export const publishedRootQuery = (day: string | undefined) =>
  apiQuery<proofApi.RootReply>(['proof', 'root', day] as const, 'get', 'proof/root', {
    params: { day: day ?? '' },
    enabled: Boolean(day),
  });
