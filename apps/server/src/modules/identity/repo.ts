import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerAndStatus, ownerContact } from '../../db/console-lists.js';
import { selectPage } from '../../db/paging.js';
import { newestRow, reviewPending, rowById } from '../../db/rows.js';
import { identityChecks, users } from '../../db/schema.js';
import { forgetUser } from '../../plugins/session-cache.js';

export type CheckRow = typeof identityChecks.$inferSelect;
export type Tier = 1 | 2;

/** The users column that carries a tier's state (0 none, 1 pending, 2 verified, 3 rejected). */
const tierColumn = (tier: Tier) => (tier === 1 ? users.reviewStatus : users.advancedUser);

/**
 * Moves a user's tier state from one of `from` to `to` in one guarded UPDATE; false when the state was
 * something else (a parallel submission or review got there first).
 */
export async function moveUserTier(
  tx: Db,
  userId: number,
  tier: Tier,
  from: number[],
  to: number,
  extra: Partial<typeof users.$inferInsert> = {},
) {
  const rows = await tx
    .update(users)
    .set({ ...(tier === 1 ? { reviewStatus: to } : { advancedUser: to }), ...extra })
    .where(and(eq(users.id, userId), inArray(tierColumn(tier), from)))
    .returning({ id: users.id });
  // Signed-in requests see the new state at once (plugins/session-cache.ts).
  forgetUser(userId);
  return rows.length > 0;
}

export async function userTierState(db: Db, userId: number, tier: Tier): Promise<number> {
  const [row] = await db
    .select({ state: tierColumn(tier) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.state ?? 0;
}

export async function insertCheck(tx: Db, values: typeof identityChecks.$inferInsert): Promise<number> {
  const [row] = await tx.insert(identityChecks).values(values).returning({ id: identityChecks.id });
  return row!.id;
}

export async function latestCheck(db: Db, userId: number, tier: Tier): Promise<CheckRow | undefined> {
  return newestRow(db, identityChecks, and(eq(identityChecks.userId, userId), eq(identityChecks.tier, tier)));
}

export async function findCheck(db: Db, id: number): Promise<CheckRow | undefined> {
  return rowById(db, identityChecks, id);
}

/** Reviews a submission while it is still pending (db/rows.ts): a second review gets nothing back. */
export async function reviewPendingCheck(
  tx: Db,
  id: number,
  set: Pick<typeof identityChecks.$inferInsert, 'status' | 'rejectReason' | 'reviewedBy'>,
): Promise<CheckRow | undefined> {
  return reviewPending(tx, identityChecks, id, set);
}

export async function listChecks(
  db: Db,
  filter: { status?: string; tier?: number; userId?: number },
  limit: number,
  offset: number,
) {
  const where = and(ownerAndStatus(identityChecks, filter), filter.tier ? eq(identityChecks.tier, filter.tier) : undefined);
  const rows = db
    .select({ check: identityChecks, ...ownerContact })
    .from(identityChecks)
    .innerJoin(users, eq(users.id, identityChecks.userId))
    .$dynamic();
  return selectPage(db, { rows, count: identityChecks, where, orderBy: [desc(identityChecks.id)] }, { limit, offset });
}
