import { z } from 'zod';
import { amountText, intId } from '../fields.js';
import { coinColumns, decimalText, isoTime, pageFields, pageReply, rowId } from './reply.js';

// The wallet routes: balances of the four accounts, transfers between them, and the records of both.

/** A user's four accounts: coins, options, contracts and trust (wealth principal). */
export const ACCOUNT_KINDS = ['coin', 'option', 'contract', 'trust'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

export function isAccountKind(value: unknown): value is AccountKind {
  return typeof value === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(value);
}

const account = (field: string) => z.enum(ACCOUNT_KINDS, { message: 'account_unknown' }).describe(field);
const currency = intId('currency_unknown');

/** One coin in one account; amounts are decimal text, `usdt_value` to cents. */
export const coinBalance = z.object({
  ...coinColumns,
  icon: z.string(),
  decimals: z.number().int(),
  available: decimalText,
  frozen: decimalText,
  total: decimalText,
  usdt_value: decimalText,
  /** False while the operators have deposits and withdrawals of the coin switched off. */
  enabled: z.boolean(),
});
export type CoinBalance = z.infer<typeof coinBalance>;

export const accountBalances = z.object({
  account: z.enum(ACCOUNT_KINDS),
  total_usdt: decimalText,
  balances: z.array(coinBalance),
});
export type AccountBalances = z.infer<typeof accountBalances>;

/** `POST wallet/list`. `demo_prices`: valued at operator-set fallback prices, not a market feed. */
export const listReply = z.object({ total_usdt: decimalText, demo_prices: z.boolean(), accounts: z.array(accountBalances) });
export type ListReply = z.infer<typeof listReply>;

/** `POST wallet/detail` */
export const detailBody = z.object({ currency, type: account('type').default('coin') });
export const detailReply = coinBalance.extend({ account: z.enum(ACCOUNT_KINDS), demo_prices: z.boolean() });
export type DetailReply = z.infer<typeof detailReply>;

/** `POST wallet/change`: amounts stay text until the coin's precision is known. */
export const changeBody = z.object({
  currency_id: currency,
  number: amountText().optional(),
  from_field: account('from_field'),
  to_field: account('to_field'),
});
export const changeReply = z.object({ id: rowId });

/** `GET wallet/hzhistory` */
export const transfersQuery = z.object({ currency: currency.optional(), ...pageFields });
export const transferRow = z.object({
  id: rowId,
  ...coinColumns,
  from_field: z.enum(ACCOUNT_KINDS),
  to_field: z.enum(ACCOUNT_KINDS),
  amount: decimalText,
  created_at: isoTime,
});
export type TransferRow = z.infer<typeof transferRow>;
export const transfersReply = pageReply(transferRow);

/** `POST wallet/legal_log`: ledger postings, each with its reason in the request's language. */
export const postingsBody = z.object({ currency: currency.optional(), type: account('type').optional(), ...pageFields });
export const postingRow = z.object({
  id: rowId,
  ...coinColumns,
  account: z.enum(ACCOUNT_KINDS),
  bucket: z.enum(['available', 'frozen']),
  amount: decimalText,
  balance_after: decimalText,
  reason: z.string(),
  reason_text: z.string(),
  ref_type: z.string().nullable(),
  ref_id: z.string().nullable(),
  created_at: isoTime,
});
export type PostingRow = z.infer<typeof postingRow>;
export const postingsReply = pageReply(postingRow);
