import { and, asc, count, desc, eq, isNotNull, isNull, lte, max, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerContact } from '../../db/console-lists.js';
import { type PageWindow, selectPage } from '../../db/paging.js';
import { currencies, currencySettings, subscriptionOrders, subscriptionProjects, users } from '../../db/schema.js';

export type ProjectRow = typeof subscriptionProjects.$inferSelect;
export type OrderRow = typeof subscriptionOrders.$inferSelect;

/** Σ amount and number of orders of each project (the demand), keyed by project id. */
export async function demandByProject(db: Db, projectIds: number[]) {
  const out = new Map<number, { demand: string; orders: number; subscribers: number }>();
  if (projectIds.length === 0) return out;
  const rows = await db
    .select({
      projectId: subscriptionOrders.projectId,
      demand: sum(subscriptionOrders.amount),
      orders: count(),
      subscribers: sql<number>`count(DISTINCT ${subscriptionOrders.userId})::int`,
    })
    .from(subscriptionOrders)
    .where(sql`${subscriptionOrders.projectId} IN ${projectIds}`)
    .groupBy(subscriptionOrders.projectId);
  for (const r of rows) out.set(r.projectId, { demand: r.demand ?? '0', orders: r.orders, subscribers: Number(r.subscribers) });
  return out;
}

const projectsQuery = (db: Db) =>
  db
    .select({ project: subscriptionProjects, payName: currencies.name, payDecimals: currencies.decimals })
    .from(subscriptionProjects)
    .innerJoin(currencies, eq(currencies.id, subscriptionProjects.subscribeCurrencyId))
    .$dynamic();
const newestStartFirst = [desc(subscriptionProjects.startAt), desc(subscriptionProjects.id)];

/** Projects with their subscription currency's name and decimals; newest start first. */
export async function listProjects(db: Db, opts: { limit?: number; offset?: number } = {}) {
  const query = projectsQuery(db).orderBy(...newestStartFirst);
  if (opts.limit !== undefined) query.limit(opts.limit).offset(opts.offset ?? 0);
  return query;
}

/** A page of `listProjects`, with how many projects there are. */
export async function projectsPage(db: Db, window: PageWindow) {
  return selectPage(
    db,
    { rows: projectsQuery(db), count: subscriptionProjects, where: undefined, orderBy: newestStartFirst },
    window,
  );
}

export async function findProject(db: Db, id: number) {
  const [row] = await db
    .select({ project: subscriptionProjects, payName: currencies.name, payDecimals: currencies.decimals })
    .from(subscriptionProjects)
    .innerJoin(currencies, eq(currencies.id, subscriptionProjects.subscribeCurrencyId))
    .where(eq(subscriptionProjects.id, id))
    .limit(1);
  return row;
}

/** The project's row, locked for the rest of the transaction: orders and operator steps take turns. */
export async function lockProject(tx: Db, id: number): Promise<ProjectRow | undefined> {
  const [row] = await tx.select().from(subscriptionProjects).where(eq(subscriptionProjects.id, id)).for('update').limit(1);
  return row;
}

export async function projectCodeTaken(db: Db, code: string, exceptId?: number): Promise<boolean> {
  const [project] = await db
    .select({ id: subscriptionProjects.id })
    .from(subscriptionProjects)
    .where(sql`upper(${subscriptionProjects.code}) = upper(${code})`)
    .limit(2);
  if (project && project.id !== exceptId) return true;
  const [coin] = await db
    .select({ id: currencies.id })
    .from(currencies)
    .where(sql`upper(${currencies.name}) = upper(${code})`)
    .limit(1);
  return Boolean(coin);
}

export async function insertProject(tx: Db, values: typeof subscriptionProjects.$inferInsert): Promise<ProjectRow> {
  const [row] = await tx.insert(subscriptionProjects).values(values).returning();
  return row!;
}

export async function updateProject(tx: Db, id: number, set: Partial<typeof subscriptionProjects.$inferInsert>) {
  const [row] = await tx
    .update(subscriptionProjects)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(subscriptionProjects.id, id))
    .returning();
  return row!;
}

/** Σ amount the user has subscribed to a project (their quota used). */
export async function userSubscribed(db: Db, projectId: number, userId: number): Promise<string> {
  const [row] = await db
    .select({ total: sum(subscriptionOrders.amount) })
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.projectId, projectId), eq(subscriptionOrders.userId, userId)));
  return row?.total ?? '0';
}

export async function insertOrder(tx: Db, values: typeof subscriptionOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(subscriptionOrders).values(values).returning();
  return row!;
}

export async function projectOrders(db: Db, projectId: number, status?: OrderRow['status']): Promise<OrderRow[]> {
  return db
    .select()
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.projectId, projectId), status ? eq(subscriptionOrders.status, status) : undefined))
    .orderBy(asc(subscriptionOrders.id));
}

/** A user's orders (with their project), newest first; `projectStatuses` narrows by the project's status. */
export async function listUserOrders(db: Db, userId: number, filter: { where?: SQL }, limit: number, offset: number) {
  const where = and(eq(subscriptionOrders.userId, userId), filter.where);
  const total = db
    .select({ n: count() })
    .from(subscriptionOrders)
    .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptionOrders.projectId))
    .$dynamic();
  const rows = db
    .select({
      order: subscriptionOrders,
      project: subscriptionProjects,
      payName: currencies.name,
      payDecimals: currencies.decimals,
    })
    .from(subscriptionOrders)
    .innerJoin(subscriptionProjects, eq(subscriptionProjects.id, subscriptionOrders.projectId))
    .innerJoin(currencies, eq(currencies.id, subscriptionProjects.subscribeCurrencyId))
    .$dynamic();
  return selectPage(db, { rows, count: total, where, orderBy: [desc(subscriptionOrders.id)] }, { limit, offset });
}

/** Orders of a project with who placed them, for the console. */
export async function consoleProjectOrders(db: Db, projectId: number, limit: number, offset: number) {
  const rows = db
    .select({ order: subscriptionOrders, ...ownerContact })
    .from(subscriptionOrders)
    .innerJoin(users, eq(users.id, subscriptionOrders.userId))
    .$dynamic();
  const where = eq(subscriptionOrders.projectId, projectId);
  return selectPage(db, { rows, count: subscriptionOrders, where, orderBy: [asc(subscriptionOrders.id)] }, { limit, offset });
}

export async function setOrderAllocation(tx: Db, id: number, set: { quantity: string; cost: string; refund: string }) {
  await tx
    .update(subscriptionOrders)
    .set({ ...set, status: 'allocated', allocatedAt: sql`now()` })
    .where(and(eq(subscriptionOrders.id, id), eq(subscriptionOrders.status, 'pending')));
}

export async function setOrderLaunched(tx: Db, id: number, unlockAt: Date, unlocked: boolean) {
  await tx
    .update(subscriptionOrders)
    .set({ status: 'launched', creditedAt: sql`now()`, unlockAt, unlockedAt: unlocked ? sql`now()` : null })
    .where(and(eq(subscriptionOrders.id, id), eq(subscriptionOrders.status, 'allocated')));
}

/** Credited orders whose lock-up has ended and whose coins are still locked, oldest first. */
export async function dueUnlocks(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(subscriptionOrders)
    .where(
      and(isNotNull(subscriptionOrders.creditedAt), isNull(subscriptionOrders.unlockedAt), lte(subscriptionOrders.unlockAt, now)),
    )
    .orderBy(asc(subscriptionOrders.unlockAt), asc(subscriptionOrders.id))
    .limit(limit);
}

/** Marks one order unlocked; false when another run already did (the release is then skipped). */
export async function claimUnlock(tx: Db, id: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(subscriptionOrders)
    .set({ unlockedAt: sql`now()` })
    .where(and(eq(subscriptionOrders.id, id), isNull(subscriptionOrders.unlockedAt), isNotNull(subscriptionOrders.creditedAt)))
    .returning();
  return row;
}

/**
 * Creates the launched coin's row: the next free id from 100 up (ids below are kept for base coins),
 * and its money rules with the launch price as the fallback valuation until the feed prices it.
 */
export async function insertCurrency(
  tx: Db,
  coin: { name: string; fullName: string; decimals: number; fallbackPrice: string },
): Promise<number> {
  const [top] = await tx.select({ id: max(currencies.id) }).from(currencies);
  const id = Math.max(100, (top?.id ?? 0) + 1);
  const [sortRow] = await tx.select({ sort: max(currencies.sort) }).from(currencies);
  await tx.insert(currencies).values({
    id,
    name: coin.name,
    fullName: coin.fullName,
    icon: '',
    decimals: coin.decimals,
    sort: (sortRow?.sort ?? 0) + 1,
  });
  await tx
    .insert(currencySettings)
    .values({ currencyId: id, fallbackPrice: coin.fallbackPrice })
    .onConflictDoUpdate({ target: currencySettings.currencyId, set: { fallbackPrice: coin.fallbackPrice } });
  return id;
}
