import type { Lang } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { translate } from '../../i18n/messages.js';
import { postEntry } from '../../ledger/ledger.js';
import { parseAmount, parseAmountOrZero } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isValidAddress } from '../../lib/chain-address.js';
import { coinRequestLists } from '../../lib/coin-request-lists.js';
import { type Currency, requireCurrency } from '../../lib/currencies.js';
import { D, type Dec, str } from '../../lib/money.js';
import { awaitingReview, reviewedOrRefused } from '../../lib/review.js';
import { deleteSetting, getSetting, putSetting } from '../../lib/settings.js';
import type { ApprovalRef } from '../approvals/apply-types.js';
import { type ApprovalTicket, requestApproval } from '../approvals/request.js';
import { notifyUser } from '../messages/service.js';
import { requireOwnUpload, uploadUrl } from '../uploads/service.js';
import {
  chainsWithAddresses,
  countPendingDeposits,
  type DepositRow,
  findChain,
  findDeposit,
  insertDeposit,
  listDeposits,
  reviewPendingDeposit,
  setDepositAddress,
} from './repo.js';

/** Deposits one user may have waiting for review at once: a typo can be resubmitted, a flood cannot. */
export const MAX_PENDING_DEPOSITS = 10;
export const BANK_DEPOSIT_KEY = 'bank_deposit';

export type BankDeposit = {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string | null;
  swift: string | null;
  remark: string | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const amountText = (v: string | null) => (v === null ? null : str(v));

/** The platform's deposit addresses of a coin; chains without one are left out. */
export async function depositAddressesOf(db: Db, currencyId: number) {
  const rows = await chainsWithAddresses(db, currencyId);
  return rows.filter((r) => r.address).map((r) => ({ name: r.chain, chain_id: r.chainId, in_address: r.address! }));
}

/** The bank deposit instructions, or null: then bank deposits are off. */
export async function bankDepositInfo(db: Db): Promise<BankDeposit | null> {
  return (await getSetting<BankDeposit | null>(db, BANK_DEPOSIT_KEY)) ?? null;
}

export type ChainDepositInput = { method: 'chain'; chain?: string; amount?: unknown; imgs?: string };
export type BankDepositInput = {
  method: 'bank';
  amount?: unknown;
  imgs?: string;
  bank_name?: string;
  card_number?: string;
  transfer_amount?: unknown;
};

/** A deposit the user says they made, waiting for an operator to see the funds and approve it. */
export async function requestDeposit(
  db: Db,
  userId: number,
  coin: Currency,
  input: ChainDepositInput | BankDepositInput,
): Promise<{ id: number; status: 'pending' }> {
  const amount = parseAmount(input.amount, coin.decimals, 'amount');
  if (amount.lt(coin.depositMin)) {
    throw new AppError('amount_below_min', { fields: { amount: 'amount_below_min' }, values: { min: str(coin.depositMin) } });
  }
  let chain: string | null = null;
  let bank: { bankName: string; cardNumber: string; transferAmount: string } | null = null;
  if (input.method === 'chain') {
    const offered = await depositAddressesOf(db, coin.id);
    const match = offered.find((c) => c.name === input.chain?.trim().toUpperCase());
    if (!match) throw new AppError('chain_unknown', { fields: { type: 'chain_unknown' } });
    chain = match.name;
  } else {
    if (!(await bankDepositInfo(db))) throw new AppError('product_disabled');
    const bankName = input.bank_name?.trim();
    if (!bankName) throw new AppError('field_required', { fields: { bank_name: 'field_required' } });
    const cardNumber = input.card_number?.replace(/[\s-]/g, '') ?? '';
    if (!cardNumber) throw new AppError('field_required', { fields: { card_number: 'field_required' } });
    if (!/^\d{8,30}$/.test(cardNumber)) throw new AppError('field_invalid', { fields: { card_number: 'field_invalid' } });
    const transferAmount = parseAmount(input.transfer_amount, 2, 'transfer_amount');
    bank = { bankName, cardNumber, transferAmount: str(transferAmount) };
  }
  const proof = await requireOwnUpload(db, userId, input.imgs, 'imgs');
  if ((await countPendingDeposits(db, userId)) >= MAX_PENDING_DEPOSITS) throw new AppError('rate_limited');
  const id = await insertDeposit(db, {
    userId,
    currencyId: coin.id,
    method: input.method,
    chain,
    amount: str(amount),
    proofUploadId: proof,
    bankName: bank?.bankName,
    cardNumber: bank?.cardNumber,
    transferAmount: bank?.transferAmount,
  });
  return { id, status: 'pending' };
}

function depositView(lang: Lang, d: DepositRow, currencyName: string) {
  return {
    id: d.id,
    currency_id: d.currencyId,
    currency_name: currencyName,
    method: d.method,
    chain: d.chain,
    amount: str(d.amount),
    fee: amountText(d.fee),
    credited: amountText(d.credited),
    status: d.status,
    status_text: translate(lang, `status_${d.status}`),
    reject_reason: d.rejectReason,
    proof_url: d.proofUploadId ? uploadUrl(d.proofUploadId) : null,
    bank_name: d.bankName,
    card_number: d.cardNumber,
    transfer_amount: amountText(d.transferAmount),
    created_at: d.createdAt.toISOString(),
    reviewed_at: iso(d.reviewedAt),
  };
}

const lists = coinRequestLists(listDeposits, depositView);
/** The user's deposits, newest first. */
export const userDepositLog = lists.userLog;
/** The deposits to review, by status, each with its owner and its reviewer. */
export const consoleDepositList = lists.consoleList;

/** The deposit's state after a guarded review, or the reason there was nothing to review. */
async function claim(tx: Db, id: number, set: Parameters<typeof reviewPendingDeposit>[2]): Promise<DepositRow> {
  return reviewedOrRefused(await reviewPendingDeposit(tx, id, set), () => findDeposit(tx, id));
}

export type DepositCreditPayload = { deposit_id: number; amount: string; credited: string; fee: string };

/**
 * Approves a deposit. Credited at the amount the user asked for, it is credited at once; credited at
 * any other amount it waits for a second operator (modules/approvals), who applies it with
 * applyDepositCredit. A second approval finds nothing pending and changes nothing.
 */
export async function approveDeposit(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: { credited?: unknown; fee?: unknown },
): Promise<{ deposit: DepositRow } | { ticket: ApprovalTicket }> {
  const deposit = awaitingReview(await findDeposit(db, id));
  const coin = await requireCurrency(db, deposit.currencyId);
  const credited: Dec =
    input.credited === undefined || input.credited === ''
      ? new D(deposit.amount)
      : parseAmount(input.credited, coin.decimals, 'credited');
  const fee = parseAmountOrZero(input.fee, coin.decimals, 'fee');
  if (!credited.eq(deposit.amount)) {
    const payload: DepositCreditPayload = { deposit_id: id, amount: str(deposit.amount), credited: str(credited), fee: str(fee) };
    const subject = `deposit:${id}`;
    return { ticket: await requestApproval(db, request, { kind: 'deposit.credit', target: subject, subject, payload }) };
  }
  return { deposit: await db.transaction((tx) => creditDeposit(tx, request, id, credited, fee)) };
}

/** Applies a deposit credit a second operator approved, inside their transaction. */
export async function applyDepositCredit(tx: Db, request: FastifyRequest, payload: DepositCreditPayload, approval: ApprovalRef) {
  const row = await creditDeposit(tx, request, payload.deposit_id, new D(payload.credited), new D(payload.fee), approval);
  return { id: row.id, status: row.status, credited: str(payload.credited) };
}

/**
 * Credits a deposit inside the caller's transaction: the guarded status change, one ledger entry (the
 * user's coin account + credited, the fees account + fee, the outside world − both), the user's
 * message and the audit row (naming the maker when a second operator approved it).
 */
async function creditDeposit(
  tx: Db,
  request: FastifyRequest,
  id: number,
  credited: Dec,
  fee: Dec,
  approval?: ApprovalRef,
): Promise<DepositRow> {
  const row = await claim(tx, id, {
    status: 'approved',
    credited: str(credited),
    fee: str(fee),
    reviewedBy: request.admin!.id,
  });
  const coin = await requireCurrency(tx, row.currencyId);
  const user = { userId: row.userId, kind: 'coin' as const, currencyId: row.currencyId };
  await postEntry(tx, { reason: 'deposit', refType: 'deposit', refId: row.id }, [
    { account: user, bucket: 'available', amount: credited },
    ...(fee.isZero()
      ? []
      : [{ account: { system: 'fees' as const, currencyId: row.currencyId }, bucket: 'available' as const, amount: fee }]),
    { account: { system: 'external', currencyId: row.currencyId }, bucket: 'available', amount: credited.plus(fee).negated() },
  ]);
  await notifyUser(tx, row.userId, 'deposit', 'deposit_approved', {
    amount: str(row.amount),
    credited: str(credited),
    currency: coin.name,
  });
  await audit(
    tx,
    request,
    'deposit.approve',
    `deposit:${id}`,
    { status: 'pending' },
    {
      status: 'approved',
      credited: str(credited),
      fee: str(fee),
      ...(approval ? { approval_id: approval.id, maker_id: approval.makerId } : {}),
    },
  );
  return row;
}

export async function rejectDeposit(db: Db, request: FastifyRequest, id: number, reason: string): Promise<DepositRow> {
  const deposit = awaitingReview(await findDeposit(db, id));
  const coin = await requireCurrency(db, deposit.currencyId);
  return db.transaction(async (tx) => {
    const row = await claim(tx, id, { status: 'rejected', rejectReason: reason, reviewedBy: request.admin!.id });
    await notifyUser(tx, row.userId, 'deposit', 'deposit_rejected', { amount: str(row.amount), currency: coin.name, reason });
    await audit(tx, request, 'deposit.reject', `deposit:${id}`, { status: 'pending' }, { status: 'rejected', reason });
    return row;
  });
}

export async function consoleDepositAddresses(db: Db) {
  const rows = await chainsWithAddresses(db);
  return rows.map((r) => ({
    chain_id: r.chainId,
    currency_id: r.currencyId,
    currency_name: r.currencyName,
    chain: r.chain,
    address: r.address,
    updated_at: iso(r.updatedAt),
  }));
}

export type DepositAddressChange = { chain_id: number; chain: string; address: string | null };

/**
 * Asks to set (or, with an empty address, remove) the platform's deposit address of each chain given.
 * Users send money to these addresses, so a change waits for a second operator (modules/approvals),
 * who applies it with applyDepositAddresses. Each address is checked now and nothing changes yet.
 */
export async function setDepositAddresses(
  db: Db,
  request: FastifyRequest,
  list: { chain_id: number; address?: string }[],
): Promise<ApprovalTicket> {
  const changes: DepositAddressChange[] = [];
  for (const [i, item] of list.entries()) {
    const chain = await findChain(db, item.chain_id);
    const field = list.length === 1 ? 'chain_id' : `addresses.${i}.chain_id`;
    if (!chain) throw new AppError('chain_unknown', { fields: { [field]: 'chain_unknown' } });
    const address = item.address?.trim() || null;
    if (address && !isValidAddress(chain.name, address)) {
      throw new AppError('address_invalid', {
        fields: { [list.length === 1 ? 'address' : `addresses.${i}.address`]: 'address_invalid' },
      });
    }
    changes.push({ chain_id: chain.id, chain: chain.name, address });
  }
  const target = changes.map((c) => `chain:${c.chain_id}`).join(',');
  // One waiting change of the deposit addresses at a time, so a checker never approves a stale pair.
  return requestApproval(db, request, {
    kind: 'deposit_address.set',
    target,
    subject: 'deposit_addresses',
    payload: { changes },
  });
}

/** Applies approved deposit-address changes inside the checker's transaction, one audit row per chain. */
export async function applyDepositAddresses(
  tx: Db,
  request: FastifyRequest,
  payload: { changes: DepositAddressChange[] },
  approval: ApprovalRef,
) {
  const before = await consoleDepositAddresses(tx);
  for (const change of payload.changes) {
    if (!(await findChain(tx, change.chain_id))) throw new AppError('chain_unknown');
    await setDepositAddress(tx, change.chain_id, change.address);
    const old = before.find((b) => b.chain_id === change.chain_id)?.address ?? null;
    await audit(
      tx,
      request,
      'deposit_address.set',
      `chain:${change.chain_id}`,
      { chain: change.chain, address: old },
      { chain: change.chain, address: change.address, approval_id: approval.id, maker_id: approval.makerId },
    );
  }
  return consoleDepositAddresses(tx);
}

/** Sets the bank deposit instructions; null switches bank deposits off. */
export async function setBankDeposit(db: Db, request: FastifyRequest, value: BankDeposit | null) {
  const before = await bankDepositInfo(db);
  await db.transaction(async (tx) => {
    if (value) await putSetting(tx, BANK_DEPOSIT_KEY, value);
    else await deleteSetting(tx, BANK_DEPOSIT_KEY);
    await audit(tx, request, 'bank_deposit.set', 'settings:bank_deposit', before, value);
  });
  return value;
}
