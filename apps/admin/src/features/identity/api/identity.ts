import type { identityApi } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiGet, apiPost } from '../../../lib/api';
import { reviewQueueQuery } from '../../../lib/paging';
import { useRejectMutation } from '../../../lib/reject-mutation';

/**
 * A verification submission as `GET /api/admin/identity` lists it. Tier 1 is basic (country, name, ID
 * number), tier 2 advanced (address and photos under /api/upload, readable with the console token).
 */
export type IdentityCheck = identityApi.CheckRow;

export const isAdvanced = (c: IdentityCheck) => c.tier === 2;
export const tierLabel = (c: IdentityCheck) => (isAdvanced(c) ? 'Advanced' : 'Basic');

/** The user's verified basic identity, to compare an advanced submission's photos against. */
export type BasicIdentity = { country: string | null; name: string | null; card_id: string | null; verified_at: string | null };

type UserDetailSlice = {
  profile: { name: string | null; card_id: string | null };
  verification: {
    tier: number;
    status: string;
    country: string | null;
    name: string | null;
    card_id: string | null;
    reviewed_at: string | null;
  }[];
};

/**
 * An advanced submission holds only photos and an address, so the name and ID number they must show
 * come from the user's verified basic submission (the users route lists it; newest first).
 */
export const basicIdentityQuery = (userId: number) =>
  queryOptions({
    queryKey: ['admin', 'identity', 'basic-of', userId] as const,
    queryFn: async ({ signal }): Promise<BasicIdentity> => {
      const detail = await apiGet<UserDetailSlice>(`/admin/users/${userId}`, undefined, signal);
      const basic = detail.verification.find((v) => v.tier === 1 && v.status === 'verified');
      return {
        country: basic?.country ?? null,
        name: basic?.name ?? detail.profile.name,
        card_id: basic?.card_id ?? detail.profile.card_id,
        verified_at: basic?.reviewed_at ?? null,
      };
    },
  });

export type IdentityFilter = { status: string; tier: string; page: number; limit: number };

export const identityQuery = (filter: IdentityFilter) =>
  reviewQueueQuery<IdentityCheck, IdentityFilter>(['admin', 'identity'], '/admin/identity', filter);

/** Refreshes every identity list and confirms in words, as the drawer closes on success. */
export function useIdentityDecision() {
  const done = useActionDone(['admin', 'identity']);
  const approve = useMutation({
    mutationFn: (id: number) => apiPost<identityApi.ReviewReply>(`/admin/identity/${id}/approve`, {}),
    onSuccess: (_, id) => done(`Verification #${id} approved.`),
  });
  const reject = useRejectMutation('/admin/identity', done, (id) => `Verification #${id} rejected.`);
  return { approve, reject };
}
