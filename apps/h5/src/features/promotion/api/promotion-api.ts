import type { referralApi } from '@app/shared';
import { apiQuery } from '../../../lib/api-query';
import { pagedQuery } from '../../../lib/paged-query';
import type { Paged } from '../../../lib/wallet-api';

export type ReferralStatus = referralApi.ReferralStatus;

/** `user/invite`: my code, link and promotion so far (amounts are decimal strings). */
export type InviteSummary = referralApi.InviteReply;
export type PosterData = referralApi.PosterReply;
export type RankRow = referralApi.RankRow;
export type InviteeRow = referralApi.InviteeRow;
export type RebateRow = referralApi.RebateRow;

export const promotionKeys = {
  all: ['promotion'] as const,
  summary: ['promotion', 'summary'] as const,
  poster: ['promotion', 'poster'] as const,
  ranking: ['promotion', 'ranking'] as const,
  invitees: ['promotion', 'invitees'] as const,
  rebates: ['promotion', 'rebates'] as const,
};

export const inviteSummaryQuery = () => apiQuery<InviteSummary>(promotionKeys.summary, 'get', 'user/invite');

export const posterQuery = () => apiQuery<PosterData>(promotionKeys.poster, 'get', 'user/my_poster');

export const rankingQuery = () => apiQuery<referralApi.RankingReply>(promotionKeys.ranking, 'post', 'user/invite_list');

export const inviteesQuery = () => pagedQuery<Paged<InviteeRow>>(promotionKeys.invitees, 'post', 'user/my_invite_list');

export const rebatesQuery = () => pagedQuery<Paged<RebateRow>>(promotionKeys.rebates, 'post', 'user/my_account_return');
