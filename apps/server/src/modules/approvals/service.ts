import { type approvalsApi, roleAllows } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { applyChainAdd } from '../admin-config/coins.js';
import { type AdjustmentPayload, applyAdjustment } from '../admin-money/service.js';
import {
  applyDepositAddresses,
  applyDepositCredit,
  type DepositAddressChange,
  type DepositCreditPayload,
} from '../deposits/service.js';
import { applyFourEyesChange } from '../withdrawals/four-eyes.js';
import { applyWithdrawalPayout, type WithdrawalPayoutPayload } from '../withdrawals/service.js';
import type { ApprovalRef } from './apply-types.js';
import { type ApprovalRow, decidePending, findApproval, listApprovals } from './repo.js';
import { type ApprovalKind, CHECKER_ROLES } from './request.js';

/** What applying a request answers: one of the shapes of the contract's `result`. */
type ApplyResult = NonNullable<approvalsApi.DecideReply['result']>;
type Applier = (tx: Db, request: FastifyRequest, payload: never, approval: ApprovalRef) => Promise<ApplyResult>;

/** How each kind of request takes effect once a second operator approves it. */
const APPLY: Record<ApprovalKind, Applier> = {
  'user.adjust': (tx, request, payload: AdjustmentPayload, approval) => applyAdjustment(tx, request, payload, approval),
  'deposit.credit': (tx, request, payload: DepositCreditPayload, approval) => applyDepositCredit(tx, request, payload, approval),
  'deposit_address.set': (tx, request, payload: { changes: DepositAddressChange[] }, approval) =>
    applyDepositAddresses(tx, request, payload, approval),
  'withdrawal.approve': (tx, request, payload: WithdrawalPayoutPayload, approval) =>
    applyWithdrawalPayout(tx, request, payload, approval),
  'withdrawal_four_eyes.set': (tx, request, payload: { usdt: string }, approval) =>
    applyFourEyesChange(tx, request, payload, approval),
  'config.chain.add': (tx, request, payload: { currency_id: number; name: string; address: string }, approval) =>
    applyChainAdd(tx, request, payload, approval),
};

const checkerRoles = (kind: string) => CHECKER_ROLES[kind as ApprovalKind] ?? [];

function approvalView(row: ApprovalRow, makerEmail: string | null, viewer: { id: number; role: string }) {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    // Always an object: requestApproval files a Record payload.
    payload: row.payload as Record<string, unknown>,
    maker: { id: row.makerId, email: makerEmail },
    created_at: row.createdAt.toISOString(),
    // Only ever written as pending, approved or rejected (insert default, decidePending).
    status: row.status,
    checker_id: row.checkerId,
    decided_at: row.decidedAt?.toISOString() ?? null,
    note: row.note,
    // Whether the operator reading the list may decide it: not their own, and their role checks this kind.
    can_decide: row.status === 'pending' && row.makerId !== viewer.id && roleAllows(viewer.role, checkerRoles(row.kind)),
  };
}

export async function consoleApprovals(
  db: Db,
  viewer: { id: number; role: string },
  status: approvalsApi.ReviewState | undefined,
  page: number,
  limit: number,
) {
  const { total, rows } = await listApprovals(db, status, limit, (page - 1) * limit);
  return { list: rows.map((r) => approvalView(r.approval, r.makerEmail, viewer)), total, page, limit };
}

/**
 * A second operator's decision on a waiting request, in one transaction: the guarded status change
 * (never by the maker, never twice), then on approval the change itself (ledger postings where money
 * moves), and the audit row of the decision. If applying fails (a debit the balance no longer covers,
 * a deposit meanwhile rejected) everything rolls back and the request keeps waiting.
 */
export async function decideApproval(
  db: Db,
  request: FastifyRequest,
  id: number,
  decision: 'approve' | 'reject',
  note: string | null,
) {
  const checker = request.admin!;
  const found = await findApproval(db, id);
  if (!found) throw new AppError('not_found');
  if (found.makerId === checker.id) throw new AppError('approval_own_request');
  if (found.status !== 'pending') throw new AppError('approval_decided');
  if (!roleAllows(checker.role, checkerRoles(found.kind))) throw new AppError('forbidden');
  return db.transaction(async (tx) => {
    const row = await decidePending(tx, id, checker.id, decision === 'approve' ? 'approved' : 'rejected', note);
    if (!row) throw new AppError('approval_decided');
    const result =
      decision === 'approve'
        ? await APPLY[row.kind as ApprovalKind](tx, request, row.payload as never, { id: row.id, makerId: row.makerId })
        : null;
    await audit(
      tx,
      request,
      decision === 'approve' ? 'approval.approve' : 'approval.reject',
      `approval:${row.id}`,
      { status: 'pending', kind: row.kind, maker_id: row.makerId },
      { status: row.status, kind: row.kind, checker_id: checker.id, note },
    );
    // decidePending has just set approved or rejected.
    return { id: row.id, kind: row.kind, status: row.status, result };
  });
}
