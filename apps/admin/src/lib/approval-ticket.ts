import type { approvalsApi } from '@app/shared';

/**
 * What a four-eyes route answers when the change waits for a second operator instead of happening
 * (docs/api-money.md "Pending approvals"): nothing has changed yet.
 */
export type ApprovalTicket = approvalsApi.ApprovalTicket;

export function isApprovalTicket(value: unknown): value is ApprovalTicket {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'pending_approval';
}

/** The operator's receipt for a request now waiting: where to find it, and that nothing moved yet. */
export const ticketText = (ticket: ApprovalTicket, what: string) =>
  `${what} is waiting for a second operator (request #${ticket.approval_id} under Pending approvals); nothing has changed yet.`;
