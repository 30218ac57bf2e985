import { z } from 'zod';
import { normalizeSwift, SWIFT_PATTERN } from '../bank.js';
import {
  amountField,
  currencyField,
  flagField,
  idField,
  idParams,
  omittedIfEmpty,
  optionalText,
  REVIEW_STATES,
} from '../fields.js';
import { approvalTicket, depositAddressRow } from './approvals.js';
import { coinColumns, decimalText, isoTime, rowId } from './reply.js';
import { reviewedRequests } from './reviewed-requests.js';

// The deposit routes: the platform's deposit addresses and bank details, a user's deposit reports and
// records, and the console's review of them and configuration of the addresses and bank details.

/** How the user says they paid: on a chain, or by bank transfer. */
export const DEPOSIT_METHODS = ['chain', 'bank'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** `POST wallet/get_in_address`: the chains of a coin that have a deposit address. */
export const addressesBody = z.object({ currency: currencyField });
export const depositChain = z.object({ name: z.string(), chain_id: rowId, in_address: z.string() });
export type DepositChain = z.infer<typeof depositChain>;
export const addressesReply = z.array(depositChain);

/** The operator's bank details for bank deposits; null while bank deposits are off. */
export const bankDeposit = z.object({
  bank_name: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  branch: z.string().nullable(),
  swift: z.string().nullable(),
  remark: z.string().nullable(),
});
/** `GET wallet/bank_info` and `GET/POST admin/bank-deposit` */
export const bankInfoReply = bankDeposit.nullable();
export type BankInfoReply = z.infer<typeof bankInfoReply>;

/** `GET wallet/bank_deposit` (public): whether bank deposits are offered. */
export const bankAvailableReply = z.object({ available: z.boolean() });
export type BankAvailableReply = z.infer<typeof bankAvailableReply>;

/** `POST wallet/charge_req` */
export const chargeBody = z.object({
  method: z.preprocess((v) => (v === '' || v === undefined ? 'chain' : v), z.enum(DEPOSIT_METHODS, { message: 'field_invalid' })),
  currency: currencyField,
  amount: amountField,
  /** The chain, for a chain deposit (the original client's name). */
  type: optionalText(20),
  /** The id of the uploaded proof image. */
  imgs: optionalText(64),
  bank_name: optionalText(100),
  card_number: optionalText(40),
  transfer_amount: amountField,
});
export const chargeReply = z.object({ id: rowId, status: z.literal('pending') });
export type ChargeReply = z.infer<typeof chargeReply>;

/** One deposit as its owner reads it; `fee` and `credited` once approved, bank fields on bank deposits. */
export const depositRow = z.object({
  id: rowId,
  ...coinColumns,
  method: z.enum(DEPOSIT_METHODS),
  chain: z.string().nullable(),
  amount: decimalText,
  fee: decimalText.nullable(),
  credited: decimalText.nullable(),
  status: z.enum(REVIEW_STATES),
  status_text: z.string(),
  reject_reason: z.string().nullable(),
  /** The proof image, under /api/upload. */
  proof_url: z.string().nullable(),
  bank_name: z.string().nullable(),
  card_number: z.string().nullable(),
  transfer_amount: decimalText.nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type DepositRow = z.infer<typeof depositRow>;

/**
 * `GET charge_mention/log2`: the user's deposits, newest first; `GET admin/deposits`: a deposit with who
 * sent it and who reviewed it; `POST admin/deposits/:id/reject` with a reason.
 */
export { consoleListQuery, logQuery, rejectBody, rejectParams, rejectReply } from './reviewed-requests.js';
export const { logReply, consoleRow: consoleDepositRow, consoleListReply } = reviewedRequests(depositRow);
export type LogReply = z.infer<typeof logReply>;
export type ConsoleDepositRow = z.infer<typeof consoleDepositRow>;

/** `POST admin/deposits/:id/approve`: credited at once, or (another amount) a ticket for a second operator. */
export const approveParams = idParams;
export const approveBody = z.object({ credited: amountField, fee: amountField });
export const approveReply = z.union([
  approvalTicket,
  z.object({ id: rowId, status: z.enum(REVIEW_STATES), credited: decimalText, fee: decimalText }),
]);
export type ApproveReply = z.infer<typeof approveReply>;

/** `GET admin/deposit-addresses`: every chain with the platform's address on it. */
export { type DepositAddressRow, depositAddressRow } from './approvals.js';
export const consoleAddressesReply = z.array(depositAddressRow);
export type ConsoleAddressesReply = z.infer<typeof consoleAddressesReply>;

/** `POST admin/deposit-addresses`: a change waits for a second operator. */
const addressItem = z.object({ chain_id: idField, address: optionalText(128) });
export const setAddressesBody = z.object({
  chain_id: omittedIfEmpty(idField),
  address: optionalText(128),
  addresses: z.array(addressItem, { message: 'validation_failed' }).max(50, 'validation_failed').optional(),
});
export const setAddressesReply = approvalTicket;

/** `POST admin/bank-deposit`: enabled=0 switches bank deposits off. */
const swiftField = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : normalizeSwift(v)) : v),
  z.string({ message: 'field_invalid' }).regex(SWIFT_PATTERN, 'field_invalid').optional(),
);
export const setBankBody = z.object({
  enabled: flagField().default(true),
  bank_name: optionalText(100),
  account_name: optionalText(100),
  account_number: optionalText(60),
  branch: optionalText(200),
  swift: swiftField,
  remark: optionalText(500),
});
