import { and, count, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { currencies, ledgerAccounts, ledgerEntries, ledgerPostings, transfers } from '../../db/schema.js';

export async function insertTransfer(db: Db, values: typeof transfers.$inferInsert): Promise<number> {
  const [row] = await db.insert(transfers).values(values).returning({ id: transfers.id });
  return row!.id;
}

export async function listTransfers(db: Db, userId: number, currencyId: number | undefined, limit: number, offset: number) {
  const where = and(eq(transfers.userId, userId), currencyId ? eq(transfers.currencyId, currencyId) : undefined);
  const rows = db
    .select({ transfer: transfers, currencyName: currencies.name })
    .from(transfers)
    .innerJoin(currencies, eq(currencies.id, transfers.currencyId))
    .$dynamic();
  return selectPage(db, { rows, count: transfers, where, orderBy: [desc(transfers.id)] }, { limit, offset });
}

/** A user's postings, newest first, optionally for one currency and one account. */
export async function listPostings(
  db: Db,
  userId: number,
  filter: { currencyId?: number; kind?: string },
  limit: number,
  offset: number,
) {
  const conditions: SQL[] = [eq(ledgerAccounts.userId, userId), isNotNull(ledgerAccounts.userId)];
  if (filter.currencyId) conditions.push(eq(ledgerAccounts.currencyId, filter.currencyId));
  if (filter.kind) conditions.push(eq(ledgerAccounts.kind, filter.kind));
  const where = and(...conditions);
  const total = db
    .select({ n: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .$dynamic();
  const rows = db
    .select({
      id: ledgerPostings.id,
      currencyId: ledgerAccounts.currencyId,
      currencyName: currencies.name,
      kind: ledgerAccounts.kind,
      bucket: ledgerPostings.bucket,
      amount: ledgerPostings.amount,
      balanceAfter: ledgerPostings.balanceAfter,
      reason: ledgerEntries.reason,
      refType: ledgerEntries.refType,
      refId: ledgerEntries.refId,
      createdAt: ledgerPostings.createdAt,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .innerJoin(currencies, eq(currencies.id, ledgerAccounts.currencyId))
    .$dynamic();
  return selectPage(db, { rows, count: total, where, orderBy: [desc(ledgerPostings.id)] }, { limit, offset });
}
