import { z } from 'zod';
import { amountField, idParams, optionalText, REVIEW_STATES } from '../fields.js';
import { coinColumns, decimalText, isoTime, pageFields, pageReply, rowId } from './reply.js';
import { ACCOUNT_KINDS } from './wallet.js';

// The maker–checker routes (console: four eyes), and what the money modules share with them: the
// ticket a maker gets when a change waits for a second operator, the result of applying each kind, and
// the money forms' field rules. The deposits, withdrawals and admin-money contracts import from here.

export type ReviewState = (typeof REVIEW_STATES)[number];

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

/** The reply a maker gets: nothing has changed yet, the request waits under this id. */
export const approvalTicket = z.object({
  approval_id: rowId,
  status: z.literal('pending_approval'),
  kind: z.enum(APPROVAL_KINDS),
});
export type ApprovalTicket = z.infer<typeof approvalTicket>;

// What applying each kind answers (the `result` of an approval), and the direct replies that share it.

/** `user.adjust`: the adjusted account's balances after the entry. */
export const adjustmentResult = z.object({
  entry_id: rowId,
  account: z.enum(ACCOUNT_KINDS),
  currency_id: rowId,
  available: decimalText,
  frozen: decimalText,
});

/** `deposit.credit` */
export const depositCreditResult = z.object({ id: rowId, status: z.enum(REVIEW_STATES), credited: decimalText });

/** One chain of one coin with the platform's deposit address on it (null: none set). */
export const depositAddressRow = z.object({
  chain_id: rowId,
  ...coinColumns,
  chain: z.string(),
  address: z.string().nullable(),
  updated_at: isoTime.nullable(),
});
export type DepositAddressRow = z.infer<typeof depositAddressRow>;

/** `deposit_address.set`: every chain's address after the change. */
export const depositAddressesResult = z.array(depositAddressRow);

/** `withdrawal.approve`, and a payout one operator records directly. */
export const payoutResult = z.object({ id: rowId, status: z.enum(REVIEW_STATES), tx_hash: z.string().nullable() });

/** `withdrawal_four_eyes.set`, and `GET admin/withdrawal-four-eyes`: USDT values. */
export const fourEyesReply = z.object({ usdt: decimalText, default_usdt: decimalText });
export type FourEyesReply = z.infer<typeof fourEyesReply>;

/** `config.chain.add` (applied by the admin-config module): the coin, the new chain and its address. */
export const chainAddResult = z.object({ id: rowId, chain_id: rowId, name: z.string(), address: z.string() });

/** `GET admin/approvals` */
export const listQuery = z.object({
  status: z.enum(REVIEW_STATES, { message: 'field_invalid' }).optional(),
  ...pageFields,
});
export const approvalRow = z.object({
  id: rowId,
  // Kinds as stored: a kind an older release filed still lists.
  kind: z.string(),
  target: z.string(),
  payload: z.record(z.string(), z.unknown()),
  maker: z.object({ id: rowId, email: z.string().nullable() }),
  created_at: isoTime,
  status: z.enum(REVIEW_STATES),
  checker_id: rowId.nullable(),
  decided_at: isoTime.nullable(),
  note: z.string().nullable(),
  /** Not the reader's own request, and their role may check this kind. */
  can_decide: z.boolean(),
});
export type ApprovalRow = z.infer<typeof approvalRow>;
export const listReply = pageReply(approvalRow);
export type ListReply = z.infer<typeof listReply>;

/** `POST admin/approvals/:id/approve` and `.../reject` */
export const decideParams = idParams;
export const decideBody = z.object({ note: optionalText(500) });
/** Each kind's result is matched whole (strict), so a reply is one of them exactly; null on a rejection. */
export const decideReply = z.object({
  id: rowId,
  kind: z.string(),
  status: z.enum(REVIEW_STATES),
  result: z
    .union([
      z.strictObject(adjustmentResult.shape),
      z.strictObject(depositCreditResult.shape),
      depositAddressesResult,
      z.strictObject(payoutResult.shape),
      z.strictObject(fourEyesReply.shape),
      z.strictObject(chainAddResult.shape),
    ])
    .nullable(),
});
export type DecideReply = z.infer<typeof decideReply>;

/** `POST admin/withdrawal-four-eyes`: a change of the threshold waits for a second super. */
export const fourEyesBody = z.object({ usdt: amountField });
export const fourEyesChangeReply = approvalTicket;
