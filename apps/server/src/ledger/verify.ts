import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { type LedgerFault, verifyHoldings } from './verify-holdings.js';

export type { LedgerFault };

/** The platform's pass-through accounts: what enters them leaves in the same transaction. */
export const CLEARING_ACCOUNTS = ['spot_clearing'];

/**
 * Proves the ledger whole: every entry sums to zero per currency, so the postings of each currency
 * do too; each account's buckets equal the sum of their postings, and each posting's `balance_after`
 * is the one before it (in posting order, per account and bucket) plus its amount, from 0; a posting's
 * currency is its account's; no user's balance is negative; the clearing accounts are back at 0; and
 * what option orders, contract positions, spot orders, withdrawals, subscriptions and wealth orders
 * hold equals their postings and frozen balances (verify-holdings.ts).
 * Returns the faults found (empty when sound).
 */
export async function verifyLedger(db: Db): Promise<LedgerFault[]> {
  const faults: LedgerFault[] = [];
  const list = (query: SQL) => queryRows(db, query);

  for (const r of await list(
    sql`SELECT currency_id, sum(amount)::text AS total FROM ledger_postings GROUP BY currency_id HAVING sum(amount) <> 0`,
  )) {
    faults.push({ check: 'currency postings sum to zero', detail: r });
  }
  for (const r of await list(
    sql`SELECT entry_id, currency_id, sum(amount)::text AS total FROM ledger_postings GROUP BY entry_id, currency_id HAVING sum(amount) <> 0 LIMIT 100`,
  )) {
    faults.push({ check: 'entry sums to zero', detail: r });
  }
  for (const r of await list(sql`
    SELECT a.id AS account_id, a.user_id, a.system_code, a.kind, a.currency_id,
           a.available::text AS available, coalesce(p.available, 0)::text AS postings_available,
           a.frozen::text AS frozen, coalesce(p.frozen, 0)::text AS postings_frozen
    FROM ledger_accounts a
    LEFT JOIN (
      SELECT account_id,
             sum(amount) FILTER (WHERE bucket = 'available') AS available,
             sum(amount) FILTER (WHERE bucket = 'frozen') AS frozen
      FROM ledger_postings GROUP BY account_id
    ) p ON p.account_id = a.id
    WHERE a.available <> coalesce(p.available, 0) OR a.frozen <> coalesce(p.frozen, 0)
    LIMIT 100`)) {
    faults.push({ check: 'balance equals its postings', detail: r });
  }
  for (const r of await list(
    sql`SELECT id AS account_id, user_id, kind, currency_id, available::text AS available, frozen::text AS frozen FROM ledger_accounts WHERE user_id IS NOT NULL AND (available < 0 OR frozen < 0) LIMIT 100`,
  )) {
    faults.push({ check: 'no negative user balance', detail: r });
  }
  for (const r of await list(
    sql`SELECT id AS posting_id, bucket FROM ledger_postings WHERE bucket NOT IN ('available', 'frozen') LIMIT 100`,
  )) {
    faults.push({ check: 'posting bucket is known', detail: r });
  }
  for (const r of await list(sql`
    SELECT p.id AS posting_id, p.account_id, p.currency_id AS posting_currency, a.currency_id AS account_currency
    FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
    WHERE p.currency_id <> a.currency_id
    LIMIT 100`)) {
    faults.push({ check: "posting currency is its account's", detail: r });
  }
  // Posting ids follow the order of the balance updates: each writer locks the account row (the guarded
  // UPDATE, or LedgerBatch.load) before it inserts the posting, so the chain is in id order.
  for (const r of await list(sql`
    SELECT posting_id, account_id, bucket, amount::text AS amount, balance_after::text AS balance_after,
           previous::text AS previous
    FROM (
      SELECT id AS posting_id, account_id, bucket, amount, balance_after,
             coalesce(lag(balance_after) OVER (PARTITION BY account_id, bucket ORDER BY id), 0) AS previous
      FROM ledger_postings
    ) chain
    WHERE balance_after <> previous + amount
    ORDER BY posting_id
    LIMIT 100`)) {
    faults.push({ check: 'balance_after chain', detail: r });
  }
  for (const r of await list(sql`
    SELECT id AS account_id, system_code, currency_id, available::text AS available, frozen::text AS frozen
    FROM ledger_accounts
    WHERE system_code = ANY(${sql.param(CLEARING_ACCOUNTS)}::text[]) AND (available <> 0 OR frozen <> 0)
    LIMIT 100`)) {
    faults.push({ check: 'clearing account is back at 0', detail: r });
  }
  faults.push(...(await verifyHoldings(db)));
  return faults;
}
