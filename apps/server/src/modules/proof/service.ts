import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { newestRow } from '../../db/rows.js';
import {
  currencies,
  ledgerAccounts,
  optionOrders,
  proofLeaves,
  proofRoots,
  proofSnapshots,
  subscriptionOrders,
  subscriptionProjects,
  users,
} from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { D, str } from '../../lib/money.js';
import { buildLevels, leafHash, type MerkleNode, pathOf, rootOf } from './merkle.js';

/**
 * Proof of liabilities: every customer's liabilities per coin become a leaf of that coin's Merkle sum
 * tree; the roots are published, and each user can fetch their own leaf and path (docs/security.md).
 * A snapshot is built each UTC day on schedule, and again whenever a super operator asks; a day's newest
 * is the one published, earlier ones stay as they were. The house's own accounts (the market maker,
 * `users.is_operator`) are not liabilities to customers and are left out.
 */

export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

type Snapshot = typeof proofSnapshots.$inferSelect;

/** Balance in the coin's smallest unit, as an integer string (balances are on the coin's decimals). */
const toUnits = (balance: string, decimals: number) => new D(balance).times(new D(10).pow(decimals)).toFixed(0, D.ROUND_DOWN);
const fromUnits = (units: string, decimals: number) => str(new D(units).div(new D(10).pow(decimals)));

/**
 * Every amount the exchange owes a customer, each counted once, by where each product keeps it:
 * - available and frozen of all four accounts (coin, option, contract, trust). Frozen holds open spot
 *   orders, withdrawals under review, subscription freezes and locked-up new coins (coin account),
 *   contract margins and reserved limit entries (contract account) and wealth principal (trust account).
 * - open option stakes: buying an option moves the stake to the house until delivery, so it is in no
 *   user account while the user is owed at least its return.
 * - subscriptions allocated but not yet launched: the cost has gone to the house, the coins do not
 *   exist yet; what is owed is counted in the coin that was paid until launch credits the new coin.
 * One statement, so every source is read at the same moment of the database.
 */
export function liabilitiesQuery() {
  return sql`
    SELECT l.user_id AS "userId", l.currency_id AS "currencyId", c.decimals AS decimals, sum(l.amount)::text AS total
    FROM (
      SELECT ${ledgerAccounts.userId} AS user_id, ${ledgerAccounts.currencyId} AS currency_id,
             ${ledgerAccounts.available} + ${ledgerAccounts.frozen} AS amount
        FROM ${ledgerAccounts} WHERE ${ledgerAccounts.userId} IS NOT NULL
      UNION ALL
      SELECT ${optionOrders.userId}, ${optionOrders.currencyId}, ${optionOrders.stake}
        FROM ${optionOrders} WHERE ${optionOrders.status} = 'open'
      UNION ALL
      SELECT ${subscriptionOrders.userId}, ${subscriptionProjects.subscribeCurrencyId}, ${subscriptionOrders.cost}
        FROM ${subscriptionOrders}
        JOIN ${subscriptionProjects} ON ${subscriptionProjects.id} = ${subscriptionOrders.projectId}
        WHERE ${subscriptionOrders.status} = 'allocated' AND ${subscriptionOrders.cost} > 0
    ) l
    JOIN ${users} u ON u.id = l.user_id AND NOT u.is_operator
    JOIN ${currencies} c ON c.id = l.currency_id
    GROUP BY l.user_id, l.currency_id, c.decimals`;
}

/** Serializes snapshot builders (the schedule, the catch-up at start, a super's rebuild). */
const PROOF_BUILD_LOCK = 0x70726f66;

/**
 * Builds a snapshot of today's liabilities. Without `rebuild`, a day that has one keeps it (the
 * schedule and the catch-up at start; two at once make one). With `rebuild` (a super operator's
 * request) a new one is built and published even if the day has one. Liabilities are read in the
 * same transaction that stores the leaves, so the tree is one consistent moment of the ledger.
 */
export async function buildSnapshot(
  db: Db,
  nowMs = Date.now(),
  options: {
    rebuild?: boolean;
    /** Runs in the build's transaction with the new snapshot and the one it replaces (the audit row). */
    within?: (tx: Db, built: Snapshot, replaced: Snapshot | undefined) => Promise<void>;
  } = {},
): Promise<{ snapshot: Snapshot; created: boolean }> {
  const day = utcDay(nowMs);
  if (!options.rebuild) {
    const existing = await snapshotOfDay(db, day);
    if (existing) return { snapshot: existing, created: false };
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PROOF_BUILD_LOCK})`);
    const replaced = await snapshotOfDay(tx, day);
    if (replaced && !options.rebuild) return { snapshot: replaced, created: false };
    const [inserted] = await tx.insert(proofSnapshots).values({ day, userCount: 0 }).returning();
    const balances = await queryRows<{ userId: number; currencyId: number; decimals: number; total: string }>(
      tx,
      liabilitiesQuery(),
    );

    const nonces = new Map<number, string>();
    const byCurrency = new Map<number, { userId: number; nonce: string; units: string; hash: string }[]>();
    for (const row of balances) {
      const units = toUnits(row.total, row.decimals);
      if (units === '0') continue;
      const userId = row.userId;
      let nonce = nonces.get(userId);
      if (!nonce) {
        nonce = randomBytes(16).toString('hex');
        nonces.set(userId, nonce);
      }
      const hash = leafHash({ userId, nonce, currencyId: row.currencyId, units });
      const list = byCurrency.get(row.currencyId) ?? [];
      list.push({ userId, nonce, units, hash });
      byCurrency.set(row.currencyId, list);
    }

    for (const [currencyId, list] of byCurrency) {
      // Ordered by leaf hash: random (the nonce), so a position says nothing about who or how much.
      list.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
      const root = rootOf(buildLevels(list.map((l) => ({ hash: l.hash, sum: BigInt(l.units) }))))!;
      for (let i = 0; i < list.length; i += 500) {
        await tx
          .insert(proofLeaves)
          .values(list.slice(i, i + 500).map((l, j) => ({ snapshotId: inserted!.id, currencyId, position: i + j, ...l })));
      }
      await tx.insert(proofRoots).values({
        snapshotId: inserted!.id,
        currencyId,
        root: root.hash,
        totalUnits: root.sum.toString(),
        leafCount: list.length,
      });
    }
    const [snapshot] = await tx
      .update(proofSnapshots)
      .set({ userCount: nonces.size })
      .where(eq(proofSnapshots.id, inserted!.id))
      .returning();
    await options.within?.(tx, snapshot!, replaced);
    return { snapshot: snapshot!, created: true };
  });
}

/** The day's newest snapshot: the published one. */
async function snapshotOfDay(db: Db, day: string): Promise<Snapshot | undefined> {
  return newestRow(db, proofSnapshots, eq(proofSnapshots.day, day));
}

/** The snapshot of `day`, or the newest; none yet → proof_not_available. */
async function requireSnapshot(db: Db, day?: string): Promise<Snapshot> {
  const [row] = day
    ? [await snapshotOfDay(db, day)]
    : await db.select().from(proofSnapshots).orderBy(desc(proofSnapshots.day), desc(proofSnapshots.id)).limit(1);
  if (!row) throw new AppError('proof_not_available', { status: 404 });
  return row;
}

/** The published roots of a day (public). */
export async function publishedRoots(db: Db, day?: string) {
  const snapshot = await requireSnapshot(db, day);
  const rows = await db
    .select({ root: proofRoots, name: currencies.name, decimals: currencies.decimals })
    .from(proofRoots)
    .innerJoin(currencies, eq(currencies.id, proofRoots.currencyId))
    .where(eq(proofRoots.snapshotId, snapshot.id))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  return {
    day: snapshot.day,
    created_at: snapshot.createdAt.toISOString(),
    user_count: snapshot.userCount,
    roots: rows.map(({ root, name, decimals }) => ({
      currency_id: root.currencyId,
      currency_name: name,
      decimals,
      root: root.root,
      total_units: root.totalUnits,
      total: fromUnits(root.totalUnits, decimals),
      leaf_count: root.leafCount,
    })),
  };
}

/** The days with a published snapshot, newest first, each with the time of its published (newest) build. */
export async function publishedDays(db: Db) {
  const rows = await db
    .selectDistinctOn([proofSnapshots.day], { day: proofSnapshots.day, createdAt: proofSnapshots.createdAt })
    .from(proofSnapshots)
    .orderBy(desc(proofSnapshots.day), desc(proofSnapshots.id))
    .limit(60);
  return rows.map((r) => ({ day: r.day, created_at: r.createdAt.toISOString() }));
}

// A tree is rebuilt from its stored leaves when a user asks for a path; the last few stay in memory.
const treeCache = new Map<string, MerkleNode[][]>();
const TREE_CACHE_SIZE = 8;

async function levelsOf(db: Db, snapshotId: number, currencyId: number): Promise<MerkleNode[][]> {
  const key = `${snapshotId}:${currencyId}`;
  const cached = treeCache.get(key);
  if (cached) return cached;
  const rows = await db
    .select({ hash: proofLeaves.hash, units: proofLeaves.units })
    .from(proofLeaves)
    .where(and(eq(proofLeaves.snapshotId, snapshotId), eq(proofLeaves.currencyId, currencyId)))
    .orderBy(asc(proofLeaves.position));
  const levels = buildLevels(rows.map((r) => ({ hash: r.hash, sum: BigInt(r.units) })));
  treeCache.set(key, levels);
  if (treeCache.size > TREE_CACHE_SIZE) treeCache.delete(treeCache.keys().next().value!);
  return levels;
}

/**
 * The user's own leaves of a day with their paths to the published roots. Only the token's user:
 * there is no parameter naming a user or a leaf, so nobody can ask for another's.
 */
export async function myProof(db: Db, userId: number, day?: string) {
  const snapshot = await requireSnapshot(db, day);
  const rows = await db
    .select({ leaf: proofLeaves, root: proofRoots, name: currencies.name, decimals: currencies.decimals })
    .from(proofLeaves)
    .innerJoin(
      proofRoots,
      and(eq(proofRoots.snapshotId, proofLeaves.snapshotId), eq(proofRoots.currencyId, proofLeaves.currencyId)),
    )
    .innerJoin(currencies, eq(currencies.id, proofLeaves.currencyId))
    .where(and(eq(proofLeaves.snapshotId, snapshot.id), eq(proofLeaves.userId, userId), gt(proofRoots.leafCount, 0)))
    .orderBy(asc(currencies.sort), asc(currencies.id));
  const leaves = [];
  for (const { leaf, root, name, decimals } of rows) {
    const levels = await levelsOf(db, snapshot.id, leaf.currencyId);
    leaves.push({
      currency_id: leaf.currencyId,
      currency_name: name,
      decimals,
      user_id: leaf.userId,
      nonce: leaf.nonce,
      units: leaf.units,
      balance: fromUnits(leaf.units, decimals),
      leaf_hash: leaf.hash,
      position: leaf.position,
      path: pathOf(levels, leaf.position),
      root: root.root,
      total_units: root.totalUnits,
      leaf_count: root.leafCount,
    });
  }
  return { day: snapshot.day, created_at: snapshot.createdAt.toISOString(), leaves };
}
