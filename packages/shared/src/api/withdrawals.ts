import { z } from 'zod';
import {
  amountField,
  currencyField,
  idField,
  idParams,
  omittedIfEmpty,
  optionalText,
  REVIEW_STATES,
  requiredText,
} from '../fields.js';
import { approvalTicket, payoutResult } from './approvals.js';
import { coinColumns, decimalText, isoTime, rowId } from './reply.js';
import { reviewedRequests } from './reviewed-requests.js';

// The withdrawal routes: the user's address book, a coin's withdrawal rules, withdrawal requests and
// records, and the console's review of them.

/** Secrets are checked by the server, in the contract's order; here they only have to be text. */
const secretField = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ message: 'validation_failed' }).max(64).optional(),
);
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional());

/** `POST wallet/get_address`: the user's withdrawal addresses, newest first, optionally of one coin. */
export const addressBookBody = z.object({
  currency: omittedIfEmpty(currencyField),
});
export const addressEntry = z.object({
  id: rowId,
  ...coinColumns,
  chain: z.string(),
  address: z.string(),
  label: z.string().nullable(),
  created_at: isoTime,
});
export type AddressEntry = z.infer<typeof addressEntry>;
export const addressBookReply = z.array(addressEntry);

/** `POST wallet/addaddress` (fund password + a code of scene address) */
export const addAddressBody = z.object({
  currency: currencyField,
  type: optionalText(20),
  address: optionalText(128),
  label: optionalText(40),
  pay_password: secretField,
  code: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ message: 'code_required' }).max(12, 'code_invalid').optional(),
  ),
});
export const addAddressReply = z.object({ id: rowId });
export type AddAddressReply = z.infer<typeof addAddressReply>;

/** `POST wallet/deladdress` */
export const deleteAddressBody = z.object({ id: idField });
export const deleteAddressReply = z.literal(true);

/** `POST wallet/get_info`: a coin's withdrawal rules with the user's balance and today's remaining count. */
export const infoBody = z.object({ currency: currencyField });
export const infoReply = z.object({
  ...coinColumns,
  decimals: z.number().int(),
  chains: z.array(z.string()),
  available: decimalText,
  fee: decimalText,
  min: decimalText,
  /** The coin's deposit minimum, from the same coin rules (the deposit page shows it). */
  deposit_min: decimalText,
  withdrawals_left_today: z.number().int(),
  daily_limit: z.number().int(),
  arrival_hours: z.number().int(),
});
export type InfoReply = z.infer<typeof infoReply>;

/** `POST wallet/out`: to an address-book entry, or (method=bank) to the bound bank card. */
export const outBody = z.object({
  currency: currencyField,
  number: amountField,
  address_id: optionalId,
  method: z.enum(['chain', 'bank'], { message: 'validation_failed' }).optional(),
  pay_password: secretField,
  remark: optionalText(200),
});
export const outReply = z.object({ id: rowId, status: z.literal('pending') });
export type OutReply = z.infer<typeof outReply>;

/** One withdrawal as its owner reads it; a bank withdrawal's chain is BANK and its address the card. */
export const withdrawalRow = z.object({
  id: rowId,
  ...coinColumns,
  chain: z.string(),
  address: z.string(),
  amount: decimalText,
  fee: decimalText,
  remark: z.string().nullable(),
  status: z.enum(REVIEW_STATES),
  status_text: z.string(),
  tx_hash: z.string().nullable(),
  reject_reason: z.string().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});
export type WithdrawalRow = z.infer<typeof withdrawalRow>;

/**
 * `GET charge_mention/log3`: the user's withdrawals, newest first; `GET admin/withdrawals`: a withdrawal
 * with who asked and who reviewed it; `POST admin/withdrawals/:id/reject`: the frozen amount + fee return
 * to available.
 */
export { consoleListQuery, logQuery, rejectBody, rejectParams, rejectReply } from './reviewed-requests.js';
export const { logReply, consoleRow: consoleWithdrawalRow, consoleListReply } = reviewedRequests(withdrawalRow);
export type LogReply = z.infer<typeof logReply>;
export type ConsoleWithdrawalRow = z.infer<typeof consoleWithdrawalRow>;

/** `POST admin/withdrawals/:id/approve`: paid out at once, or (above the threshold) a ticket. */
export const approveParams = idParams;
export const approveBody = z.object({ tx_hash: requiredText(200) });
export const approveReply = z.union([approvalTicket, payoutResult]);
export type ApproveReply = z.infer<typeof approveReply>;
