import type { wealthApi } from '@app/shared';
import { and, asc, count, desc, eq, gte, lte, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerAndStatus } from '../../db/console-lists.js';
import { selectPage } from '../../db/paging.js';
import { currencies, users, wealthAccruals, wealthOrders, wealthProducts } from '../../db/schema.js';

export type ProductRow = typeof wealthProducts.$inferSelect;
export type OrderRow = typeof wealthOrders.$inferSelect;
export type OrderStatus = wealthApi.OrderState;

/** Products with their coin, in display order; `activeOnly` for the users' list. */
export async function listProducts(db: Db, activeOnly: boolean) {
  return db
    .select({ product: wealthProducts, currencyName: currencies.name, icon: currencies.icon, decimals: currencies.decimals })
    .from(wealthProducts)
    .innerJoin(currencies, eq(currencies.id, wealthProducts.currencyId))
    .where(activeOnly ? eq(wealthProducts.status, 'active') : undefined)
    .orderBy(asc(wealthProducts.sort), asc(wealthProducts.id));
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db
    .select({ product: wealthProducts, currencyName: currencies.name, icon: currencies.icon, decimals: currencies.decimals })
    .from(wealthProducts)
    .innerJoin(currencies, eq(currencies.id, wealthProducts.currencyId))
    .where(eq(wealthProducts.id, id))
    .limit(1);
  return row;
}

/**
 * Adds a purchase to the product's sold total, only while the product is active and the cap allows
 * it: one guarded UPDATE, so simultaneous purchases can never together pass the cap.
 */
export async function claimQuota(tx: Db, productId: number, amount: string): Promise<boolean> {
  const rows = await tx
    .update(wealthProducts)
    .set({ sold: sql`${wealthProducts.sold} + ${amount}` })
    .where(
      and(
        eq(wealthProducts.id, productId),
        eq(wealthProducts.status, 'active'),
        sql`(${wealthProducts.totalCap} IS NULL OR ${wealthProducts.sold} + ${amount} <= ${wealthProducts.totalCap})`,
      ),
    )
    .returning({ id: wealthProducts.id });
  return rows.length > 0;
}

export async function insertProduct(db: Db, values: typeof wealthProducts.$inferInsert): Promise<ProductRow> {
  const [row] = await db.insert(wealthProducts).values(values).returning();
  return row!;
}

export async function updateProduct(db: Db, id: number, set: Partial<typeof wealthProducts.$inferInsert>) {
  const [row] = await db
    .update(wealthProducts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(wealthProducts.id, id))
    .returning();
  return row;
}

export async function lockProduct(tx: Db, id: number): Promise<ProductRow | undefined> {
  const [row] = await tx.select().from(wealthProducts).where(eq(wealthProducts.id, id)).for('update').limit(1);
  return row;
}

export async function insertOrder(tx: Db, values: typeof wealthOrders.$inferInsert): Promise<OrderRow> {
  const [row] = await tx.insert(wealthOrders).values(values).returning();
  return row!;
}

/** Locks one order for the accrual or a redemption; with `userId` only the owner's order is found. */
export async function lockOrder(tx: Db, id: number, userId?: number): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(wealthOrders)
    .where(and(eq(wealthOrders.id, id), userId === undefined ? undefined : eq(wealthOrders.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateOrder(tx: Db, id: number, set: Partial<typeof wealthOrders.$inferInsert>) {
  await tx.update(wealthOrders).set(set).where(eq(wealthOrders.id, id));
}

/** Records one day's interest; false when that day of that order was credited already. */
export async function insertAccrual(tx: Db, values: typeof wealthAccruals.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(wealthAccruals).values(values).onConflictDoNothing().returning({ day: wealthAccruals.day });
  return rows.length > 0;
}

/**
 * Ids of the orders with an unpaid interest day that ended by `lastEnded` (the day before today), and so
 * perhaps their maturity, oldest first.
 */
export async function dueOrderIds(db: Db, lastEnded: number): Promise<number[]> {
  const rows = await db
    .select({ id: wealthOrders.id })
    .from(wealthOrders)
    .where(and(eq(wealthOrders.status, 'hosting'), lte(sql`${wealthOrders.startDay} + ${wealthOrders.daysPaid}`, lastEnded)))
    .orderBy(asc(wealthOrders.id));
  return rows.map((r) => r.id);
}

export async function listOrders(
  db: Db,
  filter: { userId?: number; status?: OrderStatus; productId?: number },
  limit: number,
  offset: number,
) {
  const where = and(
    ownerAndStatus(wealthOrders, filter),
    filter.productId === undefined ? undefined : eq(wealthOrders.productId, filter.productId),
  );
  const rows = db
    .select({
      order: wealthOrders,
      currencyName: currencies.name,
      decimals: currencies.decimals,
      email: users.email,
      phone: users.phone,
    })
    .from(wealthOrders)
    .innerJoin(currencies, eq(currencies.id, wealthOrders.currencyId))
    .innerJoin(users, eq(users.id, wealthOrders.userId))
    .$dynamic();
  return selectPage(db, { rows, count: wealthOrders, where, orderBy: [desc(wealthOrders.id)] }, { limit, offset });
}

/** Per coin: principal in hosting and interest ever credited, of one user. */
export async function userTotals(db: Db, userId: number) {
  return db
    .select({
      currencyId: wealthOrders.currencyId,
      hosting: sql<string>`coalesce(sum(${wealthOrders.amount}) FILTER (WHERE ${wealthOrders.status} = 'hosting'), 0)::text`,
      income: sql<string>`coalesce(sum(${wealthOrders.interestPaid}), 0)::text`,
    })
    .from(wealthOrders)
    .where(eq(wealthOrders.userId, userId))
    .groupBy(wealthOrders.currencyId);
}

/** Per coin: interest credited to one user for days from `fromDay` on (today's income: fromDay = yesterday). */
export async function userIncomeSince(db: Db, userId: number, fromDay: number) {
  return db
    .select({ currencyId: wealthOrders.currencyId, income: sql<string>`coalesce(${sum(wealthAccruals.amount)}, 0)::text` })
    .from(wealthAccruals)
    .innerJoin(wealthOrders, eq(wealthOrders.id, wealthAccruals.orderId))
    .where(and(eq(wealthAccruals.userId, userId), gte(wealthAccruals.day, fromDay)))
    .groupBy(wealthOrders.currencyId);
}

/** Per product: orders and principal in hosting, for the console. */
export async function productHoldings(db: Db) {
  return db
    .select({
      productId: wealthOrders.productId,
      orders: count(),
      hosting: sql<string>`coalesce(sum(${wealthOrders.amount}) FILTER (WHERE ${wealthOrders.status} = 'hosting'), 0)::text`,
    })
    .from(wealthOrders)
    .groupBy(wealthOrders.productId);
}
