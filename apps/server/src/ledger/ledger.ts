import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { D, type Dec, dec, str } from '../lib/money.js';
import { type AccountRef, accountKey, type Bucket, SYSTEM_KIND } from './accounts.js';

export type Leg = { account: AccountRef; bucket: Bucket; amount: Dec | string };
export type EntryInput = {
  reason: string;
  refType?: string;
  refId?: string | number;
  memo?: string;
  /** The user who paid, on fee entries whose legs only move between system accounts. */
  payerId?: number;
};

/** The id of a ledger account, created empty on first use. */
export async function accountId(tx: Db, account: AccountRef): Promise<number> {
  const isSystem = 'system' in account;
  const where = isSystem
    ? and(
        eq(ledgerAccounts.systemCode, account.system),
        eq(ledgerAccounts.kind, SYSTEM_KIND),
        eq(ledgerAccounts.currencyId, account.currencyId),
      )
    : and(
        eq(ledgerAccounts.userId, account.userId),
        eq(ledgerAccounts.kind, account.kind),
        eq(ledgerAccounts.currencyId, account.currencyId),
      );
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (found) return found.id;
  await tx
    .insert(ledgerAccounts)
    .values(
      isSystem
        ? { systemCode: account.system, kind: SYSTEM_KIND, currencyId: account.currencyId }
        : { userId: account.userId, kind: account.kind, currencyId: account.currencyId },
    )
    .onConflictDoNothing();
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(where).limit(1);
  if (!created) throw new Error('ledger account could not be created');
  return created.id;
}

/** An entry's own rules, before any balance is read: two legs or more, none zero, summing to zero per currency. */
export function assertBalanced(entry: EntryInput, legs: Leg[]): void {
  if (legs.length < 2) throw new Error('an entry needs at least two legs');
  const sums = new Map<number, Dec>();
  for (const leg of legs) {
    const amount = dec(leg.amount);
    if (amount.isZero() || !amount.isFinite()) throw new Error(`ledger leg amount must be non-zero: ${leg.amount}`);
    sums.set(leg.account.currencyId, (sums.get(leg.account.currencyId) ?? new D(0)).plus(amount));
  }
  for (const [currencyId, sum] of sums) {
    if (!sum.isZero()) throw new Error(`ledger entry ${entry.reason} does not balance in currency ${currencyId}: ${str(sum)}`);
  }
}

/**
 * Writes one double-entry ledger entry inside the caller's transaction: the legs must sum to zero per
 * currency. A leg that would take a user's bucket below zero refuses the whole entry with
 * `insufficient_balance` (the caller's transaction then rolls back, business record included). The
 * balance update is a single guarded UPDATE, so concurrent requests serialize on the row and can never
 * overspend.
 */
export async function postEntry(tx: Db, entry: EntryInput, legs: Leg[]): Promise<number> {
  assertBalanced(entry, legs);

  const [row] = await tx
    .insert(ledgerEntries)
    .values({
      reason: entry.reason,
      refType: entry.refType,
      refId: entry.refId === undefined ? undefined : String(entry.refId),
      memo: entry.memo,
      payerId: entry.payerId,
    })
    .returning({ id: ledgerEntries.id });
  const entryId = row!.id;

  // A fixed order of row updates keeps two entries touching the same accounts from deadlocking.
  const ordered = [...legs].sort(
    (a, b) => accountKey(a.account).localeCompare(accountKey(b.account)) || a.bucket.localeCompare(b.bucket),
  );
  for (const leg of ordered) {
    const id = await accountId(tx, leg.account);
    const amount = str(leg.amount);
    const column = leg.bucket === 'available' ? ledgerAccounts.available : ledgerAccounts.frozen;
    const updated = await tx
      .update(ledgerAccounts)
      .set(
        leg.bucket === 'available'
          ? { available: sql`${column} + ${amount}`, updatedAt: sql`now()` }
          : { frozen: sql`${column} + ${amount}`, updatedAt: sql`now()` },
      )
      .where(and(eq(ledgerAccounts.id, id), sql`(${ledgerAccounts.userId} IS NULL OR ${column} + ${amount} >= 0)`))
      .returning({ after: column });
    if (!updated[0]) throw new AppError('insufficient_balance');
    await tx.insert(ledgerPostings).values({
      entryId,
      accountId: id,
      currencyId: leg.account.currencyId,
      bucket: leg.bucket,
      amount,
      balanceAfter: updated[0].after,
    });
  }
  return entryId;
}

/** Available balance of a user's coin account in one currency ("0" before first use). */
export async function coinAvailable(db: Db, userId: number, currencyId: number): Promise<string> {
  const [row] = await db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'coin'), eq(ledgerAccounts.currencyId, currencyId)))
    .limit(1);
  return row?.available ?? '0';
}

/** Balances of one user, every account and currency they have touched. */
export async function userBalances(db: Db, userId: number) {
  return db
    .select({
      kind: ledgerAccounts.kind,
      currencyId: ledgerAccounts.currencyId,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), isNull(ledgerAccounts.systemCode)));
}
