import { approvalsApi, type ConsoleRole } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { insertApproval } from './repo.js';

// What waits for a second operator, and the ticket a maker gets, are part of the API's contract.
export const APPROVAL_KINDS = approvalsApi.APPROVAL_KINDS;
export type ApprovalKind = approvalsApi.ApprovalKind;

/** Who may check each kind (super always may): the same roles that may make the request. */
export const CHECKER_ROLES: Record<ApprovalKind, readonly ConsoleRole[]> = {
  'user.adjust': ['finance'],
  'deposit.credit': ['finance'],
  'deposit_address.set': [],
  'withdrawal.approve': ['finance'],
  'withdrawal_four_eyes.set': [],
  'config.chain.add': [],
};

/** The reply a maker gets: nothing has changed yet, the request waits under this id. */
export type ApprovalTicket = approvalsApi.ApprovalTicket;

/**
 * Files a maker's request (and its audit row) instead of applying it. `subject` names the record it
 * is about, so a second request for the same deposit or withdrawal is refused while one waits.
 */
export async function requestApproval(
  db: Db,
  request: FastifyRequest,
  input: { kind: ApprovalKind; target: string; subject?: string; payload: Record<string, unknown> },
): Promise<ApprovalTicket> {
  try {
    return await db.transaction(async (tx) => {
      const row = await insertApproval(tx, {
        kind: input.kind,
        target: input.target,
        subject: input.subject ?? null,
        payload: input.payload,
        makerId: request.admin!.id,
      });
      await audit(tx, request, 'approval.request', `approval:${row.id}`, null, {
        kind: input.kind,
        target: input.target,
        payload: input.payload,
      });
      return { approval_id: row.id, status: 'pending_approval' as const, kind: input.kind };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('approval_pending');
    throw error;
  }
}
