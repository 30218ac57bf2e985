import type { withdrawalsApi } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiPost } from '../../../lib/api';
import { isApprovalTicket, ticketText } from '../../../lib/approval-ticket';
import { reviewQueueQuery } from '../../../lib/paging';
import { useRejectMutation } from '../../../lib/reject-mutation';

/** A withdrawal as `GET /api/admin/withdrawals` lists it: the user's record (`charge_mention/log3`) plus who asked. */
export type AdminWithdrawal = withdrawalsApi.ConsoleWithdrawalRow;

export type WithdrawalFilter = { status: string; page: number; limit: number };

export const withdrawalsQuery = (filter: WithdrawalFilter) =>
  reviewQueueQuery<AdminWithdrawal, WithdrawalFilter>(['admin', 'withdrawals'], '/admin/withdrawals', filter);

/** Refreshes every withdrawals list and confirms in words, as the drawer closes on success. */
export function useWithdrawalDecision() {
  const done = useActionDone(['admin', 'withdrawals']);
  const approve = useMutation({
    mutationFn: ({ id, txHash }: { id: number; txHash: string }) =>
      apiPost<unknown>(`/admin/withdrawals/${id}/approve`, { tx_hash: txHash.trim() }),
    onSuccess: (reply, { id }) =>
      done(isApprovalTicket(reply) ? ticketText(reply, `The payout of withdrawal #${id}`) : `Withdrawal #${id} marked as paid.`),
  });
  const reject = useRejectMutation(
    '/admin/withdrawals',
    done,
    (id) => `Withdrawal #${id} rejected; the funds are back in the user's available balance.`,
  );
  return { approve, reject };
}
