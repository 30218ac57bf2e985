import { type Lang, PAY_PASSWORD_PATTERN } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n/messages.js';
import { coinAvailable, postEntry } from '../../ledger/ledger.js';
import { parseAmount } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isValidAddress } from '../../lib/chain-address.js';
import { coinRequestLists } from '../../lib/coin-request-lists.js';
import { type Currency, requireCurrency } from '../../lib/currencies.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { D, str } from '../../lib/money.js';
import { lockUser, payPasswordError, settlePayPassword, verifyPayPassword } from '../../lib/pay-password.js';
import { awaitingReview, reviewedOrRefused } from '../../lib/review.js';
import { isValidTxHash, normalizeTxHash } from '../../lib/tx-hash.js';
import type { LivePrices } from '../../lib/valuation.js';
import type { AuthUser } from '../../plugins/auth.js';
import type { ApprovalRef } from '../approvals/apply-types.js';
import { type ApprovalTicket, requestApproval } from '../approvals/request.js';
import { primaryTarget } from '../auth/service.js';
import { checkCode, consumeCode } from '../codes/service.js';
import { notifyUser } from '../messages/service.js';
import { needsSecondOperator } from './four-eyes.js';
import {
  chainNamesOf,
  countWithdrawalsSince,
  findOwnAddress,
  findOwnBankCard,
  findWithdrawal,
  findWithdrawalByTxHash,
  insertAddress,
  insertWithdrawal,
  listAddresses,
  listWithdrawals,
  reviewPendingWithdrawal,
  softDeleteAddress,
  type WithdrawalRow,
} from './repo.js';

/** Spec section 9: a withdrawal arrives within 12 hours. */
export const ARRIVAL_HOURS = 12;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export async function addressBook(db: Db, userId: number, currencyId?: number) {
  const rows = await listAddresses(db, userId, currencyId);
  return rows.map(({ address: a, currencyName }) => ({
    id: a.id,
    currency_id: a.currencyId,
    currency_name: currencyName,
    chain: a.chain,
    address: a.address,
    label: a.label,
    created_at: a.createdAt.toISOString(),
  }));
}

export type AddAddressInput = { chain?: string; address?: string; label?: string; pay_password?: string; code?: string };

/**
 * Adds an address-book entry: the chain must be one of the coin's, the address well formed for it
 * (checksums included), and the user must prove it is them twice: a code sent to their own contact
 * (scene `address`) and their fund password.
 */
export async function addAddress(db: Db, user: AuthUser, coin: Currency, input: AddAddressInput): Promise<number> {
  const chain = input.chain?.trim().toUpperCase() ?? '';
  if (!(await chainNamesOf(db, coin.id)).includes(chain))
    throw new AppError('chain_unknown', { fields: { type: 'chain_unknown' } });
  const address = input.address?.trim() ?? '';
  if (!address) throw new AppError('field_required', { fields: { address: 'field_required' } });
  if (!isValidAddress(chain, address)) throw new AppError('address_invalid', { fields: { address: 'address_invalid' } });
  if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
  if (!input.pay_password || !PAY_PASSWORD_PATTERN.test(input.pay_password)) {
    throw new AppError('pay_password_format', { fields: { pay_password: 'pay_password_format' } });
  }
  const codeId = await checkCode(db, primaryTarget(user).target, 'address', input.code ?? '');
  const proof = await verifyPayPassword(user, input.pay_password);
  const result = await db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    const outcome = await settlePayPassword(tx, locked, input.pay_password!, proof);
    // A wrong guess is committed (it counts towards the hourly limit) and refused after the transaction.
    if (outcome !== 'ok') return { outcome } as const;
    await consumeCode(tx, codeId);
    const id = await insertAddress(tx, { userId: user.id, currencyId: coin.id, chain, address, label: input.label ?? null });
    return { outcome, id } as const;
  });
  if (result.outcome !== 'ok') throw payPasswordError(result.outcome);
  return result.id;
}

export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  if (!(await softDeleteAddress(db, userId, id))) throw new AppError('not_found');
}

export async function withdrawInfo(db: Db, userId: number, coin: Currency, dailyLimit: number) {
  const [chains, available, used] = await Promise.all([
    chainNamesOf(db, coin.id),
    coinAvailable(db, userId, coin.id),
    countWithdrawalsSince(db, userId, startOfUtcDay(new Date())),
  ]);
  return {
    currency_id: coin.id,
    currency_name: coin.name,
    decimals: coin.decimals,
    chains,
    available: str(available),
    fee: str(coin.withdrawFee),
    min: str(coin.withdrawMin),
    // The deposit page shows the deposit minimum up front from the same coin rules.
    deposit_min: str(coin.depositMin),
    withdrawals_left_today: Math.max(0, dailyLimit - used),
    daily_limit: dailyLimit,
    arrival_hours: ARRIVAL_HOURS,
  };
}

export type WithdrawInput = {
  number?: unknown;
  address_id?: number;
  method?: 'chain' | 'bank';
  pay_password?: string;
  remark?: string;
};

/** Where a withdrawal goes: an address-book entry on a chain, or the user's bound bank card. */
async function withdrawalDestination(
  db: Db,
  userId: number,
  coin: Currency,
  input: WithdrawInput,
): Promise<{ chain: string; address: string }> {
  if (input.method === 'bank') {
    const card = await findOwnBankCard(db, userId);
    if (!card) throw new AppError('bank_card_required');
    // Operators pay out by hand from these details, so the record keeps them whole.
    return { chain: 'BANK', address: `${card.bankName} · ${card.holderName} · ${card.cardNumber}` };
  }
  if (input.address_id === undefined) throw new AppError('address_required', { fields: { address_id: 'address_required' } });
  const entry = await findOwnAddress(db, userId, input.address_id);
  if (!entry) throw new AppError('not_found', { fields: { address_id: 'not_found' } });
  if (entry.currencyId !== coin.id) throw new AppError('address_invalid', { fields: { address_id: 'address_invalid' } });
  // admin-config: a chain the operators removed takes no new withdrawals (the entry stays in the book).
  if (!(await chainNamesOf(db, coin.id)).includes(entry.chain))
    throw new AppError('chain_unknown', { fields: { address_id: 'chain_unknown' } });
  return { chain: entry.chain, address: entry.address };
}

/**
 * A withdrawal request: amount + fee move from the coin account's available balance to frozen until an
 * operator pays it out or rejects it. Refusals in the contract's order (docs/api-money.md); the real-name
 * check runs before this (requireVerified). The daily count, the fund-password verdict and the freeze
 * happen under the user's row lock, so parallel requests are decided one at a time and can't overspend;
 * argon2 itself runs before the lock.
 */
export async function requestWithdrawal(
  db: Db,
  user: AuthUser,
  coin: Currency,
  input: WithdrawInput,
  dailyLimit: number,
  now = new Date(),
): Promise<{ id: number; status: 'pending' }> {
  if (!user.payPasswordHash) throw new AppError('pay_password_not_set');
  const destination = await withdrawalDestination(db, user.id, coin, input);
  const amount = parseAmount(input.number, coin.decimals, 'number');
  if (amount.lt(coin.withdrawMin)) {
    throw new AppError('amount_below_min', { fields: { number: 'amount_below_min' }, values: { min: str(coin.withdrawMin) } });
  }
  const limitReached = () => new AppError('withdraw_limit_reached', { values: { limit: dailyLimit } });
  const dayStart = startOfUtcDay(now);
  // Answers in the contract's order for a single request; repeated under the lock below for parallel ones.
  if ((await countWithdrawalsSince(db, user.id, dayStart)) >= dailyLimit) throw limitReached();
  if (!input.pay_password || !PAY_PASSWORD_PATTERN.test(input.pay_password)) {
    throw new AppError('pay_password_format', { fields: { pay_password: 'pay_password_format' } });
  }
  const fee = new D(coin.withdrawFee);
  const total = amount.plus(fee);
  const proof = await verifyPayPassword(user, input.pay_password);
  const result = await db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if ((await countWithdrawalsSince(tx, user.id, dayStart)) >= dailyLimit) throw limitReached();
    const outcome = await settlePayPassword(tx, locked, input.pay_password!, proof);
    if (outcome !== 'ok') return { outcome } as const;
    const id = await insertWithdrawal(tx, {
      userId: user.id,
      currencyId: coin.id,
      chain: destination.chain,
      address: destination.address,
      amount: str(amount),
      fee: str(fee),
      remark: input.remark ?? null,
    });
    const account = { userId: user.id, kind: 'coin' as const, currencyId: coin.id };
    await postEntry(tx, { reason: 'withdraw_freeze', refType: 'withdrawal', refId: id }, [
      { account, bucket: 'available', amount: total.negated() },
      { account, bucket: 'frozen', amount: total },
    ]);
    return { outcome, id } as const;
  });
  if (result.outcome !== 'ok') throw payPasswordError(result.outcome);
  return { id: result.id, status: 'pending' };
}

function withdrawalView(lang: Lang, w: WithdrawalRow, currencyName: string) {
  return {
    id: w.id,
    currency_id: w.currencyId,
    currency_name: currencyName,
    chain: w.chain,
    address: w.address,
    amount: str(w.amount),
    fee: str(w.fee),
    remark: w.remark,
    status: w.status,
    status_text: translate(lang, `status_${w.status}`),
    tx_hash: w.txHash,
    reject_reason: w.rejectReason,
    created_at: w.createdAt.toISOString(),
    reviewed_at: iso(w.reviewedAt),
  };
}

const lists = coinRequestLists(listWithdrawals, withdrawalView);
/** The user's withdrawals, newest first. */
export const userWithdrawLog = lists.userLog;
/** The withdrawals to review, by status, each with its owner and its reviewer. */
export const consoleWithdrawalList = lists.consoleList;

/** The withdrawal's state after a guarded review, or the reason there was nothing to review. */
async function claim(tx: Db, id: number, set: Parameters<typeof reviewPendingWithdrawal>[2]): Promise<WithdrawalRow> {
  return reviewedOrRefused(await reviewPendingWithdrawal(tx, id, set), () => findWithdrawal(tx, id));
}

/** The tx hash as stored, or the refusal: the chain's format, and no other withdrawal paid by it. */
async function checkTxHash(db: Db, w: WithdrawalRow, raw: string): Promise<string> {
  const given = raw.trim();
  if (!isValidTxHash(w.chain, given)) throw new AppError('tx_hash_invalid', { fields: { tx_hash: 'tx_hash_invalid' } });
  const hash = normalizeTxHash(w.chain, given);
  const other = await findWithdrawalByTxHash(db, hash);
  if (other && other.id !== w.id) throw new AppError('tx_hash_used', { fields: { tx_hash: 'tx_hash_used' } });
  return hash;
}

export type WithdrawalPayoutPayload = { withdrawal_id: number; tx_hash: string; amount: string; currency_id: number };

/**
 * Records a withdrawal as paid out. The tx hash must have its chain's format and be new. Worth up to
 * the four-eyes threshold (four-eyes.ts) it is settled at once; above it, it waits for a second
 * operator (modules/approvals), who settles it with applyWithdrawalPayout.
 */
export async function approveWithdrawal(
  db: Db,
  request: FastifyRequest,
  id: number,
  txHash: string,
  live?: LivePrices,
): Promise<{ withdrawal: WithdrawalRow } | { ticket: ApprovalTicket }> {
  const pending = awaitingReview(await findWithdrawal(db, id));
  const hash = await checkTxHash(db, pending, txHash);
  if (await needsSecondOperator(db, pending.currencyId, new D(pending.amount), live)) {
    const payload: WithdrawalPayoutPayload = {
      withdrawal_id: id,
      tx_hash: hash,
      amount: str(pending.amount),
      currency_id: pending.currencyId,
    };
    const subject = `withdrawal:${id}`;
    return { ticket: await requestApproval(db, request, { kind: 'withdrawal.approve', target: subject, subject, payload }) };
  }
  return { withdrawal: await db.transaction((tx) => payOut(tx, request, id, hash)) };
}

/** Settles a payout a second operator approved, inside their transaction. */
export async function applyWithdrawalPayout(
  tx: Db,
  request: FastifyRequest,
  payload: WithdrawalPayoutPayload,
  approval: ApprovalRef,
) {
  const w = await payOut(tx, request, payload.withdrawal_id, payload.tx_hash, approval);
  return { id: w.id, status: w.status, tx_hash: w.txHash };
}

/**
 * Pays a withdrawal out inside the caller's transaction: the frozen amount + fee leave the user's coin
 * account, the amount to the outside world and the fee to the platform's fees account; with the
 * message and the audit row. A hash another payout took meanwhile hits the unique index: tx_hash_used.
 */
async function payOut(
  tx: Db,
  request: FastifyRequest,
  id: number,
  txHash: string,
  approval?: ApprovalRef,
): Promise<WithdrawalRow> {
  let w: WithdrawalRow;
  try {
    w = await claim(tx, id, { status: 'approved', txHash, reviewedBy: request.admin!.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('tx_hash_used', { fields: { tx_hash: 'tx_hash_used' } });
    throw error;
  }
  const coin = await requireCurrency(tx, w.currencyId);
  const amount = new D(w.amount);
  const fee = new D(w.fee);
  await postEntry(tx, { reason: 'withdraw_paid', refType: 'withdrawal', refId: w.id }, [
    {
      account: { userId: w.userId, kind: 'coin', currencyId: w.currencyId },
      bucket: 'frozen',
      amount: amount.plus(fee).negated(),
    },
    { account: { system: 'external', currencyId: w.currencyId }, bucket: 'available', amount },
    ...(fee.isZero()
      ? []
      : [{ account: { system: 'fees' as const, currencyId: w.currencyId }, bucket: 'available' as const, amount: fee }]),
  ]);
  await notifyUser(tx, w.userId, 'withdrawal', 'withdraw_approved', {
    amount: str(amount),
    currency: coin.name,
    address: w.address,
    tx_hash: txHash,
  });
  await audit(
    tx,
    request,
    'withdrawal.approve',
    `withdrawal:${id}`,
    { status: 'pending' },
    { status: 'approved', tx_hash: txHash, ...(approval ? { approval_id: approval.id, maker_id: approval.makerId } : {}) },
  );
  return w;
}

/** Rejects a withdrawal: the frozen amount + fee go back to the user's available balance. */
export async function rejectWithdrawal(db: Db, request: FastifyRequest, id: number, reason: string): Promise<WithdrawalRow> {
  const pending = awaitingReview(await findWithdrawal(db, id));
  const coin = await requireCurrency(db, pending.currencyId);
  return db.transaction(async (tx) => {
    const w = await claim(tx, id, { status: 'rejected', rejectReason: reason, reviewedBy: request.admin!.id });
    const total = new D(w.amount).plus(w.fee);
    const account = { userId: w.userId, kind: 'coin' as const, currencyId: w.currencyId };
    await postEntry(tx, { reason: 'withdraw_unfreeze', refType: 'withdrawal', refId: w.id }, [
      { account, bucket: 'frozen', amount: total.negated() },
      { account, bucket: 'available', amount: total },
    ]);
    await notifyUser(tx, w.userId, 'withdrawal', 'withdraw_rejected', {
      amount: str(w.amount),
      currency: coin.name,
      reason,
      returned: str(total),
    });
    await audit(tx, request, 'withdrawal.reject', `withdrawal:${id}`, { status: 'pending' }, { status: 'rejected', reason });
    return w;
  });
}
