import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { currencies, optionOrders, optionSeconds, users } from '../../db/schema.js';

export type OptionSecondsRow = typeof optionSeconds.$inferSelect;
export type OptionOrderRow = typeof optionOrders.$inferSelect;

export async function listSeconds(db: Db, enabledOnly: boolean): Promise<OptionSecondsRow[]> {
  return db
    .select()
    .from(optionSeconds)
    .where(enabledOnly ? eq(optionSeconds.enabled, true) : undefined)
    .orderBy(asc(optionSeconds.seconds));
}

export async function findSecondsById(db: Db, id: number): Promise<OptionSecondsRow | undefined> {
  const [row] = await db.select().from(optionSeconds).where(eq(optionSeconds.id, id)).limit(1);
  return row;
}

export async function findEnabledSeconds(db: Db, seconds: number): Promise<OptionSecondsRow | undefined> {
  const [row] = await db
    .select()
    .from(optionSeconds)
    .where(and(eq(optionSeconds.seconds, seconds), eq(optionSeconds.enabled, true)))
    .limit(1);
  return row;
}

export async function insertOrder(tx: Db, values: typeof optionOrders.$inferInsert): Promise<OptionOrderRow> {
  const [row] = await tx.insert(optionOrders).values(values).returning();
  return row!;
}

/** Every open order (the settlement scheduler keeps them in memory until they deliver). */
export async function openOrders(db: Db): Promise<OptionOrderRow[]> {
  return db.select().from(optionOrders).where(eq(optionOrders.status, 'open'));
}

export type SettledRow = {
  id: number;
  result: number;
  payout: string;
  endPrice: string;
  endPriceTime: number;
  endSecond: number;
  settledAt: number;
};

/**
 * Marks orders settled with their outcome, only those still open, and returns the ids it changed: the
 * row lock and the idempotency guard in one statement (a second run changes nothing and posts nothing).
 */
export async function markSettled(tx: Db, rows: SettledRow[]): Promise<Set<number>> {
  if (!rows.length) return new Set();
  // Decimal arrays go in as text[] and are cast in SQL: postgres-js (PostgreSQL mode) cannot send a JS
  // array as numeric[] (its numeric serializer takes strings only); text[] works on both drivers.
  const changed = await queryRows<{ id: string | number }>(
    tx,
    sql`UPDATE option_orders o
        SET status = 'settled', result = v.result, payout = v.payout, end_price = v.end_price,
            end_price_time = v.end_price_time, end_second = v.end_second, settled_at = v.settled_at
        FROM unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.result))}::smallint[],
                    ${sql.param(rows.map((r) => r.payout))}::text[]::numeric[], ${sql.param(rows.map((r) => r.endPrice))}::text[]::numeric[],
                    ${sql.param(rows.map((r) => r.endPriceTime))}::bigint[], ${sql.param(rows.map((r) => r.endSecond))}::bigint[],
                    ${sql.param(rows.map((r) => r.settledAt))}::bigint[])
             AS v(id, result, payout, end_price, end_price_time, end_second, settled_at)
        WHERE o.id = v.id AND o.status = 'open'
        RETURNING o.id`,
  );
  return new Set(changed.map((r) => Number(r.id)));
}

export type OrderStatus = 'open' | 'settled';

/** A user's orders of one status, newest first (open ones: the soonest delivery first). */
export async function userOrders(db: Db, userId: number, status: OrderStatus, page: number, limit: number) {
  const where = and(eq(optionOrders.userId, userId), eq(optionOrders.status, status));
  const [list, [total]] = await Promise.all([
    db
      .select()
      .from(optionOrders)
      .where(where)
      .orderBy(status === 'open' ? asc(optionOrders.deliverySecond) : desc(optionOrders.id), desc(optionOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(optionOrders).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** Every user's orders for the console (read-only), newest first. */
export async function consoleOrders(
  db: Db,
  filter: { status?: OrderStatus; userId?: number; pairId?: number },
  page: number,
  limit: number,
) {
  const conditions = [
    filter.status && eq(optionOrders.status, filter.status),
    filter.userId && eq(optionOrders.userId, filter.userId),
    filter.pairId && eq(optionOrders.pairId, filter.pairId),
  ].filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const [list, [total]] = await Promise.all([
    db
      .select({ order: optionOrders, email: users.email, phone: users.phone })
      .from(optionOrders)
      .innerJoin(users, eq(users.id, optionOrders.userId))
      .where(where)
      .orderBy(desc(optionOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(optionOrders).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

/** Names of coins by id, for replies. */
export async function currencyNames(db: Db): Promise<Map<number, { name: string; decimals: number }>> {
  const rows = await db.select({ id: currencies.id, name: currencies.name, decimals: currencies.decimals }).from(currencies);
  return new Map(rows.map((r) => [r.id, { name: r.name, decimals: r.decimals }]));
}

/** The option-account balances of one user per coin. */
export async function optionBalances(db: Db, userId: number): Promise<Map<number, { available: string; frozen: string }>> {
  const rows = await queryRows<{ currency_id: number; available: string; frozen: string }>(
    db,
    sql`SELECT currency_id, available::text AS available, frozen::text AS frozen FROM ledger_accounts
        WHERE user_id = ${userId} AND kind = 'option'`,
  );
  return new Map(rows.map((r) => [Number(r.currency_id), { available: r.available, frozen: r.frozen }]));
}
