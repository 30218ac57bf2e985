import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

export type LedgerFault = { check: string; detail: Record<string, unknown> };

/**
 * Proves the ledger whole: every entry sums to zero per currency, so the postings of each currency
 * do too; each account's buckets equal the sum of their postings; no user's balance is negative.
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
  return faults;
}
