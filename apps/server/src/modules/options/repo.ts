import type { optionsApi } from '@app/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { rowById } from '../../db/rows.js';
import { currencies, optionOrders, optionSeconds, users } from '../../db/schema.js';
import { offsetOf } from '../../lib/paging.js';

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
  return rowById(db, optionSeconds, id);
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

/** Sets the open and delivery seconds of an order being bought (inside its purchase transaction). */
export async function moveOpenSecond(tx: Db, id: number, openSecond: number, deliverySecond: number): Promise<OptionOrderRow> {
  const [row] = await tx.update(optionOrders).set({ openSecond, deliverySecond }).where(eq(optionOrders.id, id)).returning();
  return row!;
}

/** Every open order (the settlement scheduler keeps them in memory until they deliver). */
export async function openOrders(db: Db): Promise<OptionOrderRow[]> {
  return db.select().from(optionOrders).where(eq(optionOrders.status, 'open'));
}

export type SettledRow = {
  id: number;
  /** The open sample (the order's own when already filled, else the one found with the delivery). */
  openPrice: string;
  openPriceTime: number;
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
            end_price_time = v.end_price_time, end_second = v.end_second, settled_at = v.settled_at,
            open_price = v.open_price, open_price_time = v.open_price_time
        FROM unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.result))}::smallint[],
                    ${sql.param(rows.map((r) => r.payout))}::text[]::numeric[], ${sql.param(rows.map((r) => r.endPrice))}::text[]::numeric[],
                    ${sql.param(rows.map((r) => r.endPriceTime))}::bigint[], ${sql.param(rows.map((r) => r.endSecond))}::bigint[],
                    ${sql.param(rows.map((r) => r.settledAt))}::bigint[],
                    ${sql.param(rows.map((r) => r.openPrice))}::text[]::numeric[], ${sql.param(rows.map((r) => r.openPriceTime))}::bigint[])
             AS v(id, result, payout, end_price, end_price_time, end_second, settled_at, open_price, open_price_time)
        WHERE o.id = v.id AND o.status = 'open'
        RETURNING o.id`,
  );
  return new Set(changed.map((r) => Number(r.id)));
}

/** Why an order was voided (its stake returned in full): shown to the user and in the console. */
export type VoidReason = optionsApi.VoidReason;

/**
 * Marks orders void (the stake returned: `payout` = stake), only those still open, and returns the ids it
 * changed — the same idempotency guard as `markSettled`.
 */
export async function markVoid(
  tx: Db,
  rows: { id: number; reason: VoidReason; open?: { price: string; time: number } }[],
  settledAt: number,
): Promise<Set<number>> {
  if (!rows.length) return new Set();
  // A recorded open sample found with the delivery is kept with the order (shown with its reason).
  const changed = await queryRows<{ id: string | number }>(
    tx,
    sql`UPDATE option_orders o
        SET status = 'void', void_reason = v.reason, payout = o.stake, settled_at = ${settledAt},
            open_price = COALESCE(o.open_price, v.open_price), open_price_time = COALESCE(o.open_price_time, v.open_price_time)
        FROM unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.reason))}::text[],
                    ${sql.param(rows.map((r) => r.open?.price ?? null))}::text[]::numeric[],
                    ${sql.param(rows.map((r) => r.open?.time ?? null))}::bigint[]) AS v(id, reason, open_price, open_price_time)
        WHERE o.id = v.id AND o.status = 'open'
        RETURNING o.id`,
  );
  return new Set(changed.map((r) => Number(r.id)));
}

/** Stores the open sample of orders still open whose open price is pending. */
export async function fillOpenPrices(db: Db, rows: { id: number; price: string; time: number }[]): Promise<void> {
  if (!rows.length) return;
  await db.execute(sql`UPDATE option_orders o SET open_price = v.price, open_price_time = v.time
      FROM unnest(${sql.param(rows.map((r) => r.id))}::bigint[], ${sql.param(rows.map((r) => r.price))}::text[]::numeric[],
                  ${sql.param(rows.map((r) => r.time))}::bigint[]) AS v(id, price, time)
      WHERE o.id = v.id AND o.status = 'open' AND o.open_price IS NULL`);
}

/** How many orders are open (the price-source guard names them). */
export async function openOrderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(optionOrders).where(eq(optionOrders.status, 'open'));
  return row?.n ?? 0;
}

/** The lists a user and the console see: open, or delivered (settled or void). */
export type OrderStatus = 'open' | 'settled';

const statusIs = (status: OrderStatus) =>
  status === 'open' ? eq(optionOrders.status, 'open') : inArray(optionOrders.status, ['settled', 'void']);

/** A user's orders of one status, newest first (open ones: the soonest delivery first). */
export async function userOrders(db: Db, userId: number, status: OrderStatus, page: number, limit: number) {
  const where = and(eq(optionOrders.userId, userId), statusIs(status));
  const orderBy = [status === 'open' ? asc(optionOrders.deliverySecond) : desc(optionOrders.id), desc(optionOrders.id)];
  const { rows: list, total } = await selectPage(
    db,
    { rows: db.select().from(optionOrders).$dynamic(), count: optionOrders, where, orderBy },
    { limit, offset: offsetOf(page, limit) },
  );
  return { list, total };
}

/** Every user's orders for the console (read-only), newest first. */
export async function consoleOrders(
  db: Db,
  filter: { status?: OrderStatus; userId?: number; pairId?: number },
  page: number,
  limit: number,
) {
  const conditions = [
    filter.status && statusIs(filter.status),
    filter.userId && eq(optionOrders.userId, filter.userId),
    filter.pairId && eq(optionOrders.pairId, filter.pairId),
  ].filter((c): c is SQL => Boolean(c));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = db
    .select({ order: optionOrders, email: users.email, phone: users.phone })
    .from(optionOrders)
    .innerJoin(users, eq(users.id, optionOrders.userId))
    .$dynamic();
  const { rows: list, total } = await selectPage(
    db,
    { rows, count: optionOrders, where, orderBy: [desc(optionOrders.id)] },
    { limit, offset: offsetOf(page, limit) },
  );
  return { list, total };
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
