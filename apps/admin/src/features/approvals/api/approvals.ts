import type { approvalsApi } from '@app/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiGet, apiPost } from '../../../lib/api';
import { reviewQueueQuery } from '../../../lib/paging';

/** A maker's request as `GET /api/admin/approvals` lists it. */
export type Approval = approvalsApi.ApprovalRow;

/** How each kind reads in the console. */
export const KIND_LABELS: Record<string, string> = {
  'user.adjust': 'Balance adjustment',
  'deposit.credit': 'Deposit credited at another amount',
  'deposit_address.set': 'Deposit address change',
  'withdrawal.approve': 'Withdrawal payout above the threshold',
  'withdrawal_four_eyes.set': 'Four-eyes threshold change',
  'config.chain.add': 'New chain with its deposit address',
};

export type ApprovalFilter = { status: string; page: number; limit: number };

export const approvalsQuery = (filter: ApprovalFilter) =>
  reviewQueueQuery<Approval, ApprovalFilter>(['admin', 'approvals'], '/admin/approvals', filter);

/**
 * Approve or reject one request. An approval applies the change, so every list it touches (deposits,
 * withdrawals, users, settings) is refreshed too.
 */
export function useApprovalDecision() {
  const done = useActionDone(['admin']);
  const decide = useMutation({
    mutationFn: ({ id, decision, note }: { id: number; decision: 'approve' | 'reject'; note: string }) =>
      apiPost<unknown>(`/admin/approvals/${id}/${decision}`, note.trim() ? { note: note.trim() } : {}),
    onSuccess: (_, { id, decision }) =>
      done(decision === 'approve' ? `Request #${id} approved and applied.` : `Request #${id} rejected.`),
  });
  return decide;
}

/** The USDT value above which a payout needs a second operator. */
export const fourEyesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'approvals', 'four-eyes'] as const,
    queryFn: ({ signal }) => apiGet<approvalsApi.FourEyesReply>('/admin/withdrawal-four-eyes', {}, signal),
  });
