import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { PathStep } from '../verify';

export type MyLeaf = {
  currency_id: number;
  currency_name: string;
  decimals: number;
  user_id: number;
  nonce: string;
  units: string;
  balance: string;
  leaf_hash: string;
  position: number;
  path: PathStep[];
  root: string;
  total_units: string;
  leaf_count: number;
};
export type MyProof = { day: string; created_at: string; leaves: MyLeaf[] };

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

export type PublishedRoot = { currency_id: number; root: string; total_units: string; total: string; leaf_count: number };
/** The public roots of a day: the page checks the path against these, fetched separately from the leaf. */
export const publishedRootQuery = (day: string | undefined) =>
  queryOptions({
    queryKey: ['proof', 'root', day] as const,
    enabled: Boolean(day),
    queryFn: ({ signal }) =>
      api.get<{ day: string; roots: PublishedRoot[] }>('proof/root', { day: day ?? '' }, { loading: false, signal }),
  });
