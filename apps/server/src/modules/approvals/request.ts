import type { ConsoleRole } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { insertApproval } from './repo.js';

/**
 * What waits for a second operator (docs/security.md "Four eyes on money"): a balance adjustment, a
 * deposit credited at another amount than the user asked, a change of the platform's deposit
 * addresses (a new chain brings one too), a withdrawal paid out above the four-eyes threshold, and a
 * change of that threshold.
 */
export const APPROVAL_KINDS = [
  'user.adjust',
  'deposit.credit',
  'deposit_address.set',
  'withdrawal.approve',
  'withdrawal_four_eyes.set',
  'config.chain.add',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

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
export type ApprovalTicket = { approval_id: number; status: 'pending_approval'; kind: ApprovalKind };

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
