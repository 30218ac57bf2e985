import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { nextPage, PAGE_SIZE, type Paged } from '../../../lib/wallet-api';

export type ReferralStatus = 'normal' | 'partner' | 'exclusive';

/** `user/invite`: my code, link and promotion so far (amounts are decimal strings). */
export type InviteSummary = {
  extension_code: string;
  share_url: string;
  invited: number;
  /** Rebates credited so far, valued in USDT. */
  total_return: string;
  /** Rebates earned but below the coin's smallest unit, paid with the next one (USDT value). */
  pending_rewards: string;
  returns: { currency_id: number; currency_name: string; total: string; pending: string }[];
  rebate_ratio: string;
  rebate_percent: string;
  status: ReferralStatus;
  rank: number | null;
  demo_prices: boolean;
};

export type PosterData = { extension_code: string; share_url: string; rebate_percent: string; pics: string[] };
export type RankRow = { rank: number; account: string; invited: number; total_return: string };
export type InviteeRow = { id: number; account: string; created_at: string; total_return: string };
export type RebateRow = {
  id: number;
  account: string;
  currency_id: number;
  currency_name: string;
  reason: string;
  reason_text: string;
  fee: string;
  ratio: string;
  exact: string;
  amount: string;
  created_at: string;
};

export const promotionKeys = {
  all: ['promotion'] as const,
  summary: ['promotion', 'summary'] as const,
  poster: ['promotion', 'poster'] as const,
  ranking: ['promotion', 'ranking'] as const,
  invitees: ['promotion', 'invitees'] as const,
  rebates: ['promotion', 'rebates'] as const,
};

const paged = { initialPageParam: 1, getNextPageParam: nextPage, staleTime: 0 } as const;

export const inviteSummaryQuery = () =>
  queryOptions({
    queryKey: promotionKeys.summary,
    queryFn: ({ signal }) => api.get<InviteSummary>('user/invite', undefined, { loading: false, signal }),
  });

export const posterQuery = () =>
  queryOptions({
    queryKey: promotionKeys.poster,
    queryFn: ({ signal }) => api.get<PosterData>('user/my_poster', undefined, { loading: false, signal }),
  });

export const rankingQuery = () =>
  queryOptions({
    queryKey: promotionKeys.ranking,
    queryFn: ({ signal }) => api.post<{ list: RankRow[] }>('user/invite_list', undefined, { loading: false, signal }),
  });

export const inviteesQuery = () =>
  infiniteQueryOptions({
    queryKey: promotionKeys.invitees,
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<InviteeRow>>('user/my_invite_list', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    ...paged,
  });

export const rebatesQuery = () =>
  infiniteQueryOptions({
    queryKey: promotionKeys.rebates,
    queryFn: ({ pageParam, signal }) =>
      api.post<Paged<RebateRow>>('user/my_account_return', { page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    ...paged,
  });
