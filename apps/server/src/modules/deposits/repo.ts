import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { coinRequestsPage } from '../../db/coin-requests.js';
import type { OwnerStatusFilter } from '../../db/console-lists.js';
import type { PageWindow } from '../../db/paging.js';
import { reviewPending, rowById } from '../../db/rows.js';
import { chains, currencies, depositAddresses, deposits } from '../../db/schema.js';

export type DepositRow = typeof deposits.$inferSelect;

/** The chains of a coin with the platform's address on each (null where none is set). */
export async function chainsWithAddresses(db: Db, currencyId?: number) {
  return db
    .select({
      chainId: chains.id,
      currencyId: chains.currencyId,
      currencyName: currencies.name,
      chain: chains.name,
      address: depositAddresses.address,
      updatedAt: depositAddresses.updatedAt,
    })
    .from(chains)
    .innerJoin(currencies, eq(currencies.id, chains.currencyId))
    .leftJoin(depositAddresses, eq(depositAddresses.chainId, chains.id))
    .where(currencyId === undefined ? undefined : eq(chains.currencyId, currencyId))
    .orderBy(asc(currencies.sort), asc(chains.id));
}

export async function findChain(db: Db, chainId: number) {
  const [row] = await db.select().from(chains).where(eq(chains.id, chainId)).limit(1);
  return row;
}

export async function setDepositAddress(tx: Db, chainId: number, address: string | null): Promise<void> {
  if (address === null) {
    await tx.delete(depositAddresses).where(eq(depositAddresses.chainId, chainId));
    return;
  }
  await tx
    .insert(depositAddresses)
    .values({ chainId, address })
    .onConflictDoUpdate({ target: depositAddresses.chainId, set: { address, updatedAt: new Date() } });
}

export async function insertDeposit(db: Db, values: typeof deposits.$inferInsert): Promise<number> {
  const [row] = await db.insert(deposits).values(values).returning({ id: deposits.id });
  return row!.id;
}

export async function countPendingDeposits(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.status, 'pending')));
  return row?.n ?? 0;
}

export async function findDeposit(db: Db, id: number): Promise<DepositRow | undefined> {
  return rowById(db, deposits, id);
}

/** Reviews a deposit while it is still pending (db/rows.ts): a second review gets nothing back. */
export async function reviewPendingDeposit(
  tx: Db,
  id: number,
  set: Pick<typeof deposits.$inferInsert, 'status' | 'credited' | 'fee' | 'rejectReason' | 'reviewedBy'>,
): Promise<DepositRow | undefined> {
  return reviewPending(tx, deposits, id, set);
}

/** Deposits with their coin's name (and the user's contact for the console), newest first. */
export async function listDeposits(db: Db, filter: OwnerStatusFilter, window: PageWindow) {
  return coinRequestsPage(db, deposits, filter, window);
}
