import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { selectPage } from '../db/paging.js';
import { currencies, ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema.js';

/**
 * One page of a user's postings with their entries and coins, newest first: the user's change records
 * and the console's view of a user read the same rows. `filter` narrows to one coin and one account.
 */
export async function userPostingsPage(
  db: Db,
  userId: number,
  filter: { currencyId?: number | undefined; kind?: string | undefined },
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [eq(ledgerAccounts.userId, userId)];
  if (filter.currencyId) conditions.push(eq(ledgerAccounts.currencyId, filter.currencyId));
  if (filter.kind) conditions.push(eq(ledgerAccounts.kind, filter.kind));
  const total = db
    .select({ n: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .$dynamic();
  const rows = db
    .select({
      id: ledgerPostings.id,
      entryId: ledgerPostings.entryId,
      kind: ledgerAccounts.kind,
      currencyId: ledgerAccounts.currencyId,
      currencyName: currencies.name,
      bucket: ledgerPostings.bucket,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      reason: ledgerEntries.reason,
      refType: ledgerEntries.refType,
      refId: ledgerEntries.refId,
      memo: ledgerEntries.memo,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(currencies, eq(currencies.id, ledgerAccounts.currencyId))
    .$dynamic();
  return selectPage(db, { rows, count: total, where: and(...conditions), orderBy: [desc(ledgerPostings.id)] }, { limit, offset });
}
