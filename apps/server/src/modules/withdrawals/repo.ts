import { and, asc, count, desc, eq, gte, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coinRequestsPage } from '../../db/coin-requests.js';
import type { OwnerStatusFilter } from '../../db/console-lists.js';
import type { PageWindow } from '../../db/paging.js';
import { reviewPending, rowById } from '../../db/rows.js';
import { bankCards, chains, currencies, withdrawAddresses, withdrawals } from '../../db/schema.js';

export type AddressRow = typeof withdrawAddresses.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;

export async function chainNamesOf(db: Db, currencyId: number): Promise<string[]> {
  const rows = await db
    .select({ name: chains.name })
    .from(chains)
    .where(eq(chains.currencyId, currencyId))
    .orderBy(asc(chains.id));
  return rows.map((r) => r.name);
}

/** The user's live address-book entries, newest first. */
export async function listAddresses(db: Db, userId: number, currencyId?: number) {
  return db
    .select({ address: withdrawAddresses, currencyName: currencies.name })
    .from(withdrawAddresses)
    .innerJoin(currencies, eq(currencies.id, withdrawAddresses.currencyId))
    .where(
      and(
        eq(withdrawAddresses.userId, userId),
        isNull(withdrawAddresses.deletedAt),
        currencyId === undefined ? undefined : eq(withdrawAddresses.currencyId, currencyId),
      ),
    )
    .orderBy(desc(withdrawAddresses.id));
}

export async function insertAddress(db: Db, values: typeof withdrawAddresses.$inferInsert): Promise<number> {
  const [row] = await db.insert(withdrawAddresses).values(values).returning({ id: withdrawAddresses.id });
  return row!.id;
}

/** One of the user's live entries; another user's or a deleted one is not there. */
export async function findOwnAddress(db: Db, userId: number, id: number): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(withdrawAddresses)
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt)))
    .limit(1);
  return row;
}

/** The user's bound bank card, the destination of a bank withdrawal. */
export async function findOwnBankCard(db: Db, userId: number) {
  const [row] = await db.select().from(bankCards).where(eq(bankCards.userId, userId)).limit(1);
  return row;
}

/** Soft-deletes one of the user's entries (withdrawals keep their own copy of the address); false if none. */
export async function softDeleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .update(withdrawAddresses)
    .set({ deletedAt: new Date() })
    .where(and(eq(withdrawAddresses.id, id), eq(withdrawAddresses.userId, userId), isNull(withdrawAddresses.deletedAt)))
    .returning({ id: withdrawAddresses.id });
  return rows.length > 0;
}

/** Withdrawal requests since `since` that count against the daily limit (rejected ones don't). */
export async function countWithdrawalsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since), ne(withdrawals.status, 'rejected')));
  return row?.n ?? 0;
}

export async function insertWithdrawal(db: Db, values: typeof withdrawals.$inferInsert): Promise<number> {
  const [row] = await db.insert(withdrawals).values(values).returning({ id: withdrawals.id });
  return row!.id;
}

export async function findWithdrawal(db: Db, id: number): Promise<WithdrawalRow | undefined> {
  return rowById(db, withdrawals, id);
}

export async function findWithdrawalByTxHash(db: Db, txHash: string): Promise<WithdrawalRow | undefined> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.txHash, txHash)).limit(1);
  return row;
}

/** Reviews a withdrawal while it is still pending (db/rows.ts): a second review gets nothing back. */
export async function reviewPendingWithdrawal(
  tx: Db,
  id: number,
  set: Pick<typeof withdrawals.$inferInsert, 'status' | 'txHash' | 'rejectReason' | 'reviewedBy'>,
): Promise<WithdrawalRow | undefined> {
  return reviewPending(tx, withdrawals, id, set);
}

/** Withdrawals with their coin's name (and the user's contact for the console), newest first. */
export async function listWithdrawals(db: Db, filter: OwnerStatusFilter, window: PageWindow) {
  return coinRequestsPage(db, withdrawals, filter, window);
}
