import { adminMoneyApi } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AccountKind } from '../../ledger/accounts.js';
import { postEntry } from '../../ledger/ledger.js';
import { verifyLedger } from '../../ledger/verify.js';
import { parseAmountOrZero } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requireCurrency } from '../../lib/currencies.js';
import { type Dec, dec, str } from '../../lib/money.js';
import { USDT_ID } from '../../lib/valuation.js';
import type { ApprovalRef } from '../approvals/apply-types.js';
import { type ApprovalTicket, requestApproval } from '../approvals/request.js';
import { notifyUser } from '../messages/service.js';
import {
  accountBalance,
  balancesOf,
  bankCardOf,
  currencySettingsList,
  findUser,
  latestChecks,
  searchUsers,
  type UserRow,
  upsertCurrencySettings,
  userPostings,
} from './repo.js';

const STATES = adminMoneyApi.VERIFICATION_STATES;
const state = (n: number) => STATES[n] ?? 'none';
/** A user's own ledger accounts are only ever of the four kinds (a system account has no user). */
const userAccount = (kind: string) => kind as AccountKind;

function userSummary(u: UserRow) {
  return {
    id: u.id,
    account_type: u.accountType,
    email: u.email,
    phone: u.phone,
    area_code: u.areaCode,
    name: u.name,
    review_status: u.reviewStatus,
    review_state: state(u.reviewStatus),
    advanced_user: u.advancedUser,
    advanced_state: state(u.advancedUser),
    has_pay_password: Boolean(u.payPasswordHash),
    extension_code: u.extensionCode,
    frozen_reason: u.frozenReason,
    created_at: u.createdAt.toISOString(),
  };
}

export async function consoleUsers(db: Db, q: string | undefined, page: number, limit: number) {
  const { total, rows } = await searchUsers(db, q, limit, (page - 1) * limit);
  return { list: rows.map(userSummary), total, page, limit };
}

async function requireUser(db: Db, id: number): Promise<UserRow> {
  const user = await findUser(db, id);
  if (!user) throw new AppError('not_found');
  return user;
}

/** Everything an operator needs on one user: profile, balances, verification, bank card. */
export async function consoleUserDetail(db: Db, id: number) {
  const user = await requireUser(db, id);
  const [balances, checks, card] = await Promise.all([balancesOf(db, id), latestChecks(db, id), bankCardOf(db, id)]);
  return {
    profile: { ...userSummary(user), card_id: user.cardId, lang: user.lang, parent_id: user.parentId },
    balances: balances.map((b) => ({
      account: userAccount(b.kind),
      currency_id: b.currencyId,
      currency_name: b.currencyName,
      available: str(b.available),
      frozen: str(b.frozen),
    })),
    verification: checks.map((c) => ({
      id: c.id,
      tier: c.tier,
      status: c.status,
      country: c.country,
      name: c.name,
      card_id: c.cardId,
      reject_reason: c.rejectReason,
      created_at: c.createdAt.toISOString(),
      reviewed_at: c.reviewedAt?.toISOString() ?? null,
    })),
    bank_card: card
      ? {
          holder_name: card.holderName,
          card_number: card.cardNumber,
          bank_name: card.bankName,
          branch: card.branch,
          swift: card.swift,
          iban: card.iban,
        }
      : null,
  };
}

export async function consoleUserLedger(db: Db, id: number, page: number, limit: number) {
  await requireUser(db, id);
  const { total, rows } = await userPostings(db, id, limit, (page - 1) * limit);
  return {
    list: rows.map((r) => ({
      id: r.id,
      entry_id: r.entryId,
      account: userAccount(r.kind),
      currency_id: r.currencyId,
      currency_name: r.currencyName,
      bucket: r.bucket,
      amount: str(r.amount),
      balance_after: str(r.balanceAfter),
      reason: r.reason,
      ref_type: r.refType,
      ref_id: r.refId,
      memo: r.memo,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

export type AdjustmentPayload = { user_id: number; currency_id: number; account: AccountKind; amount: string; reason: string };

/**
 * A manual correction of one of a user's available balances is only asked for here: it waits for a
 * second operator (modules/approvals), who applies it with applyAdjustment. Nothing changes yet.
 */
export async function adjustBalance(
  db: Db,
  request: FastifyRequest,
  userId: number,
  input: { currencyId: number; account: AccountKind; amount: Dec; reason: string },
): Promise<ApprovalTicket> {
  await requireUser(db, userId);
  if (input.amount.isZero()) throw new AppError('field_invalid', { fields: { amount: 'field_invalid' } });
  const payload: AdjustmentPayload = {
    user_id: userId,
    currency_id: input.currencyId,
    account: input.account,
    amount: str(input.amount),
    reason: input.reason,
  };
  return requestApproval(db, request, { kind: 'user.adjust', target: `user:${userId}`, payload });
}

/**
 * Applies an approved adjustment inside the checker's transaction: one entry against the platform's
 * adjustments account with the reason on it, the user's message (in the language they read it in) and
 * the audit row naming both operators. A debit larger than the balance is refused
 * (insufficient_balance) and the whole approval rolls back.
 */
export async function applyAdjustment(tx: Db, request: FastifyRequest, payload: AdjustmentPayload, approval: ApprovalRef) {
  const { user_id: userId, currency_id: currencyId, account, reason } = payload;
  const amount = dec(payload.amount);
  const coin = await requireCurrency(tx, currencyId, 'currency_id');
  const before = await accountBalance(tx, userId, account, currencyId);
  const entryId = await postEntry(tx, { reason: 'adjustment', refType: 'admin', refId: approval.makerId, memo: reason }, [
    { account: { userId, kind: account, currencyId }, bucket: 'available', amount },
    { account: { system: 'adjustments', currencyId }, bucket: 'available', amount: amount.negated() },
  ]);
  const after = await accountBalance(tx, userId, account, currencyId);
  const view = (b: { available: string; frozen: string }) => ({
    account,
    currency_id: currencyId,
    available: str(b.available),
    frozen: str(b.frozen),
  });
  await notifyUser(tx, userId, 'system', 'balance_adjusted', {
    amount: amount.isPositive() ? `+${str(amount)}` : str(amount),
    currency: coin.name,
    reason,
    available: str(after.available),
  });
  await audit(tx, request, 'user.adjust', `user:${userId}`, view(before), {
    ...view(after),
    amount: str(amount),
    reason,
    entry_id: entryId,
    approval_id: approval.id,
    maker_id: approval.makerId,
  });
  return { entry_id: entryId, ...view(after) };
}

export async function consoleCurrencySettings(db: Db) {
  const rows = await currencySettingsList(db);
  return rows.map(({ coin, settings }) => ({
    currency_id: coin.id,
    currency_name: coin.name,
    decimals: coin.decimals,
    deposit_min: str(settings?.depositMin ?? '0'),
    withdraw_min: str(settings?.withdrawMin ?? '0'),
    withdraw_fee: str(settings?.withdrawFee ?? '0'),
    fallback_price: coin.id === USDT_ID ? '1' : str(settings?.fallbackPrice ?? '0'),
  }));
}

/** Decimal places an operator may give a fallback price (a USDT value per coin). */
const PRICE_DECIMALS = 8;

export type CurrencySettingsInput = {
  currency_id: number;
  deposit_min?: unknown;
  withdraw_min?: unknown;
  withdraw_fee?: unknown;
  fallback_price?: unknown;
};

/** Updates the given rules of one coin (fields left out keep their value); USDT is always worth 1. */
export async function updateCurrencySettings(db: Db, request: FastifyRequest, input: CurrencySettingsInput) {
  const coin = await requireCurrency(db, input.currency_id, 'currency_id');
  const price = parseAmountOrZero(input.fallback_price, PRICE_DECIMALS, 'fallback_price', dec(coin.fallbackPrice));
  if (coin.id === USDT_ID && !price.eq(1) && input.fallback_price !== undefined && input.fallback_price !== '') {
    throw new AppError('field_invalid', { fields: { fallback_price: 'field_invalid' } });
  }
  const next = {
    currencyId: coin.id,
    depositMin: str(parseAmountOrZero(input.deposit_min, coin.decimals, 'deposit_min', dec(coin.depositMin))),
    withdrawMin: str(parseAmountOrZero(input.withdraw_min, coin.decimals, 'withdraw_min', dec(coin.withdrawMin))),
    withdrawFee: str(parseAmountOrZero(input.withdraw_fee, coin.decimals, 'withdraw_fee', dec(coin.withdrawFee))),
    fallbackPrice: coin.id === USDT_ID ? '1' : str(price),
  };
  const before = {
    deposit_min: str(coin.depositMin),
    withdraw_min: str(coin.withdrawMin),
    withdraw_fee: str(coin.withdrawFee),
    fallback_price: str(coin.fallbackPrice),
  };
  await db.transaction(async (tx) => {
    await upsertCurrencySettings(tx, next);
    await audit(tx, request, 'currency_settings.set', `currency:${coin.id}`, before, {
      deposit_min: next.depositMin,
      withdraw_min: next.withdrawMin,
      withdraw_fee: next.withdrawFee,
      fallback_price: next.fallbackPrice,
    });
  });
  // (the coin exists: requireCurrency found it above)
  return (await consoleCurrencySettings(db)).find((c) => c.currency_id === coin.id)!;
}

export async function ledgerCheck(db: Db) {
  const faults = await verifyLedger(db);
  return { sound: faults.length === 0, faults };
}
