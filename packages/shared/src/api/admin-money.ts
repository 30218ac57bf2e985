import { z } from 'zod';
import { amountField, currencyField, dateField, idParams, optionalText, requiredText } from '../fields.js';
import { adjustmentResult, approvalTicket } from './approvals.js';
import { bankCard as boundCard } from './bank-cards.js';
import { checkRow } from './identity.js';
import { coinColumns, contactColumns, decimalText, isoTime, pageFields, pageReply, rowId } from './reply.js';
import { ACCOUNT_KINDS } from './wallet.js';

// The console's routes for users' money: users and their balances, ledger and adjustments, the coins'
// deposit and withdrawal rules, the audit log and the ledger check.

/** A verification level as the console reads it (the stored number 0..3 in words). */
export const VERIFICATION_STATES = ['none', 'pending', 'verified', 'rejected'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** A user as `GET admin/users` lists them; `review_state` is basic, `advanced_state` advanced verification. */
export const userSummary = z.object({
  id: rowId,
  /** How the user registered: mobile or email. */
  account_type: z.string(),
  ...contactColumns,
  name: z.string().nullable(),
  review_status: z.number().int(),
  review_state: z.enum(VERIFICATION_STATES),
  advanced_user: z.number().int(),
  advanced_state: z.enum(VERIFICATION_STATES),
  has_pay_password: z.boolean(),
  extension_code: z.string(),
  frozen_reason: z.string().nullable(),
  created_at: isoTime,
});
export type UserSummary = z.infer<typeof userSummary>;

/** `GET admin/users` (q: id, e-mail, phone or invite code) */
export const usersQuery = z.object({ q: optionalText(100), ...pageFields });
export const usersReply = pageReply(userSummary);
export type UsersReply = z.infer<typeof usersReply>;

export const balanceRow = z.object({
  account: z.enum(ACCOUNT_KINDS),
  ...coinColumns,
  available: decimalText,
  frozen: decimalText,
});
export type BalanceRow = z.infer<typeof balanceRow>;

/** One identity-verification submission (tier 1 basic, tier 2 advanced): the review queue's row without the advanced fields. */
export const identitySubmission = checkRow.pick({
  id: true,
  tier: true,
  status: true,
  country: true,
  name: true,
  card_id: true,
  reject_reason: true,
  created_at: true,
  reviewed_at: true,
});
export type IdentitySubmission = z.infer<typeof identitySubmission>;

/** The user’s bound card as the console shows it: the account, without the addresses, postal code and save time. */
export const bankCard = boundCard.pick({
  holder_name: true,
  card_number: true,
  bank_name: true,
  branch: true,
  swift: true,
  iban: true,
});
export type BankCard = z.infer<typeof bankCard>;

/** `GET admin/users/:id`: profile, balances, the latest verification submissions, bank card. */
export const userParams = idParams;
export const userDetailReply = z.object({
  profile: userSummary.extend({ card_id: z.string().nullable(), lang: z.string(), parent_id: rowId.nullable() }),
  balances: z.array(balanceRow),
  verification: z.array(identitySubmission),
  bank_card: bankCard.nullable(),
});
export type UserDetailReply = z.infer<typeof userDetailReply>;

/** `GET admin/users/:id/ledger`: the user's postings, newest first. */
export const ledgerParams = idParams;
export const ledgerQuery = z.object(pageFields);
export const ledgerRow = z.object({
  id: rowId,
  entry_id: rowId,
  account: z.enum(ACCOUNT_KINDS),
  ...coinColumns,
  bucket: z.enum(['available', 'frozen']),
  amount: decimalText,
  balance_after: decimalText,
  reason: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  /** The operator's reason, on a manual adjustment. */
  memo: z.string().nullable(),
  created_at: isoTime,
});
export type LedgerRow = z.infer<typeof ledgerRow>;
export const ledgerReply = pageReply(ledgerRow);
export type LedgerReply = z.infer<typeof ledgerReply>;

/** `POST admin/users/:id/adjust`: waits for a second operator (applied: approvals' adjustment result). */
export const adjustParams = idParams;
export const adjustBody = z.object({
  currency_id: currencyField,
  account: z.enum(ACCOUNT_KINDS, { message: 'account_unknown' }).default('coin'),
  amount: amountField,
  reason: requiredText(500),
});
export const adjustReply = approvalTicket;
export { adjustmentResult };

/** A coin's deposit and withdrawal rules, and its fallback USDT price. */
export const currencySetting = z.object({
  ...coinColumns,
  decimals: z.number().int(),
  deposit_min: decimalText,
  withdraw_min: decimalText,
  withdraw_fee: decimalText,
  fallback_price: decimalText,
});
export type CurrencySetting = z.infer<typeof currencySetting>;

/** `GET admin/currency-settings` */
export const currencySettingsReply = z.array(currencySetting);

/** `POST admin/currency-settings`: fields left out keep their value; answers the coin's rules. */
export const setCurrencySettingsBody = z.object({
  currency_id: currencyField,
  deposit_min: amountField,
  withdraw_min: amountField,
  withdraw_fee: amountField,
  fallback_price: amountField,
});
export const setCurrencySettingsReply = currencySetting;

/** `GET admin/audit`: action exact or "family.*"; admin id or e-mail part; from/to ISO times. */
export const auditQuery = z.object({
  action: optionalText(100),
  admin: optionalText(254),
  target: optionalText(200),
  from: dateField().optional(),
  to: dateField().optional(),
  q: optionalText(200),
  ...pageFields,
});
/** One operator action: who, what, on what, from where, and the change it made (any JSON). */
export const auditRow = z.object({
  id: rowId,
  admin_id: rowId.nullable(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: isoTime,
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditReply = pageReply(auditRow);
export type AuditReply = z.infer<typeof auditReply>;

/** One break in the audit log's hash chain. */
export const auditChainFault = z.discriminatedUnion('check', [
  /** The row's stored hash is not the hash of its content: it was changed after it was written. */
  z.object({ check: z.literal('hash'), seq: z.number().int(), id: z.number().int() }),
  /** The row does not name the hash of the row before it: a row before it was changed, removed or added. */
  z.object({ check: z.literal('link'), seq: z.number().int(), id: z.number().int() }),
  /** Places are not 1, 2, 3…: a row is missing (or one was added with a place of its own). */
  z.object({ check: z.literal('sequence'), expected: z.number().int(), found: z.number().int(), id: z.number().int() }),
  /** A row outside the chain (no place or hash): written with the trigger disabled. */
  z.object({ check: z.literal('unchained'), id: z.number().int() }),
  /** The head does not name the last row: rows were removed from, or added to, the end. */
  z.object({
    check: z.literal('head'),
    head_seq: z.number().int(),
    head_hash: z.string(),
    last_seq: z.number().int(),
    last_hash: z.string(),
  }),
]);
export type AuditChainFault = z.infer<typeof auditChainFault>;

/** `GET admin/audit/verify`: rows checked, the head they lead to, and the faults found. */
export const auditVerifyReply = z.object({
  sound: z.boolean(),
  rows: z.number().int(),
  head: z.object({ seq: z.number().int(), hash: z.string() }),
  faults: z.array(auditChainFault),
});
export type AuditVerifyReply = z.infer<typeof auditVerifyReply>;

/** `GET admin/ledger/verify`: the whole ledger checked; each fault names its check and the rows. */
export const ledgerFault = z.object({ check: z.string(), detail: z.record(z.string(), z.unknown()) });
export type LedgerFault = z.infer<typeof ledgerFault>;
export const ledgerVerifyReply = z.object({ sound: z.boolean(), faults: z.array(ledgerFault) });
export type LedgerVerifyReply = z.infer<typeof ledgerVerifyReply>;
