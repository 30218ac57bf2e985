import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { currencies, transfers } from '../../db/schema.js';
import { userPostingsPage } from '../../ledger/postings.js';

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
  return userPostingsPage(db, userId, filter, limit, offset);
}
