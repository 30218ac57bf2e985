import type { depositsApi } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiPost } from '../../../lib/api';
import { isApprovalTicket, ticketText } from '../../../lib/approval-ticket';
import { reviewQueueQuery } from '../../../lib/paging';
import { useRejectMutation } from '../../../lib/reject-mutation';

/**
 * A deposit as `GET /api/admin/deposits` lists it: the user-facing record (`charge_mention/log2`)
 * plus who sent it, the bank transfer details and the proof image.
 */
export type AdminDeposit = depositsApi.ConsoleDepositRow;

export type DepositFilter = { status: string; page: number; limit: number };

export const depositsQuery = (filter: DepositFilter) =>
  reviewQueueQuery<AdminDeposit, DepositFilter>(['admin', 'deposits'], '/admin/deposits', filter);

export type ApproveDepositInput = { id: number; credited: string; fee: string };

/**
 * Both decisions refresh every deposits list (any status filter), since the row moves between them,
 * and confirm in words: the drawer closes, so the toast is the operator's receipt.
 */
export function useDepositDecision() {
  const done = useActionDone(['admin', 'deposits']);
  const approve = useMutation({
    mutationFn: ({ id, credited, fee }: ApproveDepositInput) =>
      apiPost<unknown>(`/admin/deposits/${id}/approve`, { credited: credited.trim(), fee: fee.trim() }),
    onSuccess: (reply, { id }) =>
      done(
        isApprovalTicket(reply)
          ? ticketText(reply, `Crediting deposit #${id} at another amount`)
          : `Deposit #${id} approved and credited.`,
      ),
  });
  const reject = useRejectMutation('/admin/deposits', done, (id) => `Deposit #${id} rejected.`);
  return { approve, reject };
}
