import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { rowById } from '../../db/rows.js';
import { currencies, currencySettings, pairs, spotMarkets, spotOrders, spotTrades, users } from '../../db/schema.js';
import { dec, str } from '../../lib/money.js';
import type { PairRules } from '../../market/pairs.js';
import type { OrderStatus, SpotOrder } from './orders.js';

/** A trade as the batch writes it. */
export type TradeRow = {
  pairId: number;
  id: number;
  seq: number;
  price: string;
  amount: string;
  quoteAmount: string;
  takerSide: 'buy' | 'sell';
  makerOrderId: number;
  takerOrderId: number;
  makerUserId: number;
  takerUserId: number;
  makerFee: string;
  takerFee: string;
  time: number;
};

// Decimal and time arrays go in as text[] and are cast in SQL: postgres-js (PostgreSQL mode) cannot send a
// JS array as numeric[] or timestamptz[] (drizzle's serializers for those take one value); text[] works on
// both drivers.
const param = <T>(values: T[]) => sql.param(values);

/** `n` new order ids from the table's sequence (reserved ahead: ids are known before the engine sees an order). */
export async function reserveOrderIds(db: Db, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence('spot_orders', 'id')) AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * The batch's order, trade and counter rows as data-modifying CTEs, written in the same statement as its
 * ledger entries (LedgerBatch.flush).
 */
export function batchCtes(
  created: SpotOrder[],
  changed: SpotOrder[],
  trades: TradeRow[],
  counters: { pairId: number; lastSeq: number; lastTradeId: number; epoch: number },
): SQL[] {
  const parts: SQL[] = [];
  if (created.length) {
    const c = created;
    parts.push(sql`spot_new AS (
      INSERT INTO spot_orders (id, user_id, pair_id, side, type, price, amount, total, filled, filled_quote, fee_exact, fee,
                               locked, used, status, cancel_reason, seq, created_at, updated_at)
      SELECT * FROM unnest(
        ${param(c.map((o) => o.id))}::bigint[], ${param(c.map((o) => o.userId))}::int[], ${param(c.map((o) => o.pairId))}::int[],
        ${param(c.map((o) => o.side))}::text[], ${param(c.map((o) => o.type))}::text[], ${param(c.map((o) => o.price))}::text[]::numeric[],
        ${param(c.map((o) => o.amount))}::text[]::numeric[], ${param(c.map((o) => o.total))}::text[]::numeric[],
        ${param(c.map((o) => str(o.filled)))}::text[]::numeric[], ${param(c.map((o) => str(o.filledQuote)))}::text[]::numeric[],
        ${param(c.map((o) => str(o.feeExact)))}::text[]::numeric[], ${param(c.map((o) => str(o.fee)))}::text[]::numeric[],
        ${param(c.map((o) => str(o.locked)))}::text[]::numeric[], ${param(c.map((o) => str(o.used)))}::text[]::numeric[],
        ${param(c.map((o) => o.status))}::text[], ${param(c.map((o) => o.cancelReason))}::text[], ${param(c.map((o) => o.seq))}::bigint[],
        ${param(c.map((o) => o.createdAt.toISOString()))}::text[]::timestamptz[], ${param(c.map((o) => o.updatedAt.toISOString()))}::text[]::timestamptz[]))`);
  }
  if (changed.length) {
    const c = changed;
    // The ids once more as an array: the statement is prepared, and its plan, made once per connection,
    // may be made while the table is still small. Joined on the unnest alone, such a plan scans the whole
    // table (a hash join), every batch, however large the table has grown since; `id = ANY(…)` lets it
    // look the few orders up in the primary key instead.
    parts.push(sql`spot_upd AS (
      UPDATE spot_orders o
      SET filled = v.filled, filled_quote = v.filled_quote, fee_exact = v.fee_exact, fee = v.fee, used = v.used,
          status = v.status, cancel_reason = v.cancel_reason, updated_at = v.updated_at
      FROM unnest(
        ${param(c.map((o) => o.id))}::bigint[], ${param(c.map((o) => str(o.filled)))}::text[]::numeric[],
        ${param(c.map((o) => str(o.filledQuote)))}::text[]::numeric[], ${param(c.map((o) => str(o.feeExact)))}::text[]::numeric[],
        ${param(c.map((o) => str(o.fee)))}::text[]::numeric[], ${param(c.map((o) => str(o.used)))}::text[]::numeric[],
        ${param(c.map((o) => o.status))}::text[], ${param(c.map((o) => o.cancelReason))}::text[],
        ${param(c.map((o) => o.updatedAt.toISOString()))}::text[]::timestamptz[]
      ) AS v(id, filled, filled_quote, fee_exact, fee, used, status, cancel_reason, updated_at)
      WHERE o.id = v.id AND o.id = ANY(${param(c.map((o) => o.id))}::bigint[]))`);
  }
  if (trades.length) {
    const t = trades;
    parts.push(sql`spot_t AS (
      INSERT INTO spot_trades (pair_id, id, seq, price, amount, quote_amount, taker_side, maker_order_id, taker_order_id,
                               maker_user_id, taker_user_id, maker_fee, taker_fee, created_at)
      SELECT * FROM unnest(
        ${param(t.map((r) => r.pairId))}::int[], ${param(t.map((r) => r.id))}::bigint[], ${param(t.map((r) => r.seq))}::bigint[],
        ${param(t.map((r) => r.price))}::text[]::numeric[], ${param(t.map((r) => r.amount))}::text[]::numeric[],
        ${param(t.map((r) => r.quoteAmount))}::text[]::numeric[], ${param(t.map((r) => r.takerSide))}::text[],
        ${param(t.map((r) => r.makerOrderId))}::bigint[], ${param(t.map((r) => r.takerOrderId))}::bigint[],
        ${param(t.map((r) => r.makerUserId))}::int[], ${param(t.map((r) => r.takerUserId))}::int[],
        ${param(t.map((r) => r.makerFee))}::text[]::numeric[], ${param(t.map((r) => r.takerFee))}::text[]::numeric[],
        ${param(t.map((r) => new Date(r.time).toISOString()))}::text[]::timestamptz[]))`);
  }
  // The build's row exists (claimEpoch); it changes only while this book's epoch is still the row's.
  parts.push(sql`spot_m AS (
    UPDATE spot_markets SET last_seq = ${counters.lastSeq}, last_trade_id = ${counters.lastTradeId}, updated_at = now()
    WHERE pair_id = ${counters.pairId} AND owner_epoch = ${counters.epoch}
    RETURNING 1)`);
  return parts;
}

/**
 * The lock phase of every spot batch on PostgreSQL (an advisory lock, class and id), held by the
 * batch's quick transaction from its BEGIN until its write is sent (db/quick-transaction.ts). Within a
 * node the write lock (write-lock.ts) lets one batch at a time take row locks, so its account locks never
 * wait in a cycle; nodes sharing a database have no such lock between them, and a batch of one node that
 * locked a user's account (ids in order, below the fees account's) then waited for the fees account, while
 * a batch of another node held the fees account and, releasing makers, asked for that user's account: a
 * deadlock, found only after `deadlock_timeout` (1 s), with a retry and a book rebuild behind it. Taken
 * before any row, this lock makes the batches of every node take their row locks one at a time, as one
 * node's do; like the write lock it is released once the batch takes no more locks (its write sent, the
 * COMMIT behind it), so the next batch, on any node, locks while this one commits: it waits in the
 * database only for rows of batches that are done locking, never in a cycle. Class 0x48350003 sits
 * beside the cluster's engine and leader locks (cluster/locks.ts), held on a connection of their own.
 */
export const SPOT_BATCH_LOCK = { cls: 0x4835_0003, id: 0 } as const;

/**
 * How a batch's statement ends: when its book no longer owns the market (`spot_m` changed no row), it
 * fails with SQLSTATE `SPF01` (drizzle/0014), so nothing of it stays, even with the COMMIT sent behind it.
 */
export const batchFenceCheck = (pairId: number) =>
  sql`SELECT CASE WHEN (SELECT count(*) FROM spot_m) = 1 THEN 1 ELSE spot_fenced_out(${pairId}::int) END AS owned`;

/** The SQLSTATE of `batchFenceCheck`'s failure. */
export const FENCED_OUT_STATE = 'SPF01';

/**
 * Takes the market for a build of its book: raises the fencing token and returns it. Waits for a batch
 * of a previous owner that is still writing (the row is locked until it commits); any later batch of
 * that owner finds the token changed and writes nothing.
 */
export async function claimEpoch(db: Db, pairId: number): Promise<number> {
  const [row] = await queryRows<{ owner_epoch: number | string }>(
    db,
    sql`INSERT INTO spot_markets (pair_id, last_seq, last_trade_id, owner_epoch) VALUES (${pairId}, 0, 0, 1)
        ON CONFLICT (pair_id) DO UPDATE SET owner_epoch = spot_markets.owner_epoch + 1
        RETURNING owner_epoch`,
  );
  return Number(row!.owner_epoch);
}

/**
 * Raises the token only if it is still `held` (a book rebuilding the market it already runs); undefined
 * if another build took the market meanwhile. A repair's claim can reach the database late (sent
 * before an outage, run after it): by then the market may be another node's, and it must stay so.
 */
export async function renewEpoch(db: Db, pairId: number, held: number): Promise<number | undefined> {
  const [row] = await queryRows<{ owner_epoch: number | string }>(
    db,
    sql`UPDATE spot_markets SET owner_epoch = owner_epoch + 1
        WHERE pair_id = ${pairId} AND owner_epoch = ${held}
        RETURNING owner_epoch`,
  );
  return row ? Number(row.owner_epoch) : undefined;
}

export async function loadCounters(db: Db, pairId: number): Promise<{ lastSeq: number; lastTradeId: number }> {
  const [row] = await db.select().from(spotMarkets).where(eq(spotMarkets.pairId, pairId)).limit(1);
  const [seq] = await db
    .select({ seq: sql<string | null>`max(${spotOrders.seq})` })
    .from(spotOrders)
    .where(eq(spotOrders.pairId, pairId));
  const [trade] = await db
    .select({ id: sql<string | null>`max(${spotTrades.id})` })
    .from(spotTrades)
    .where(eq(spotTrades.pairId, pairId));
  // The counters row is written with every batch; the maxima only matter if it were ever missing.
  return {
    lastSeq: Math.max(row?.lastSeq ?? 0, Number(seq?.seq ?? 0)),
    lastTradeId: Math.max(row?.lastTradeId ?? 0, Number(trade?.id ?? 0)),
  };
}

type OrderRow = typeof spotOrders.$inferSelect;

export function toOrder(row: OrderRow): SpotOrder {
  return {
    id: row.id,
    userId: row.userId,
    pairId: row.pairId,
    side: row.side as SpotOrder['side'],
    type: row.type as SpotOrder['type'],
    price: row.price === null ? null : str(row.price),
    amount: row.amount === null ? null : str(row.amount),
    total: row.total === null ? null : str(row.total),
    filled: dec(row.filled),
    filledQuote: dec(row.filledQuote),
    feeExact: dec(row.feeExact),
    fee: dec(row.fee),
    locked: dec(row.locked),
    used: dec(row.used),
    status: row.status as OrderStatus,
    cancelReason: row.cancelReason,
    seq: row.seq,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The pair's waiting orders in time priority: what the book is rebuilt from. */
export async function waitingOrders(db: Db, pairId: number): Promise<SpotOrder[]> {
  const rows = await db
    .select()
    .from(spotOrders)
    .where(and(eq(spotOrders.pairId, pairId), eq(spotOrders.status, 'waiting')))
    .orderBy(asc(spotOrders.seq));
  return rows.map(toOrder);
}

export async function recentTrades(db: Db, pairId: number, limit: number) {
  return db
    .select({
      id: spotTrades.id,
      price: spotTrades.price,
      amount: spotTrades.amount,
      takerSide: spotTrades.takerSide,
      createdAt: spotTrades.createdAt,
    })
    .from(spotTrades)
    .where(eq(spotTrades.pairId, pairId))
    .orderBy(desc(spotTrades.id))
    .limit(limit);
}

export async function findOrder(db: Db, id: number): Promise<SpotOrder | undefined> {
  const [row] = await db.select().from(spotOrders).where(eq(spotOrders.id, id)).limit(1);
  return row ? toOrder(row) : undefined;
}

export async function listOrders(
  db: Db,
  userId: number,
  filter: { pairId?: number; status?: OrderStatus },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: SpotOrder[] }> {
  const conditions: SQL[] = [eq(spotOrders.userId, userId)];
  if (filter.pairId !== undefined) conditions.push(eq(spotOrders.pairId, filter.pairId));
  if (filter.status) conditions.push(eq(spotOrders.status, filter.status));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(spotOrders).where(where);
  const rows = await db.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).limit(limit).offset(offset);
  return { total: total?.n ?? 0, rows: rows.map(toOrder) };
}

/** The decimals of every coin (the spot book rounds to them). */
export async function coinDecimals(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.decimals]));
}

/** The market-making account: the first user marked as the operator's. */
export async function operatorUserId(db: Db): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.isOperator, true)).orderBy(asc(users.id)).limit(1);
  return row?.id;
}

/** A pair's row as a runtime listing inserts it (spot/listing.ts works the rules out). */
export type NewPairRow = PairRules & { currencyId: number; legalId: number; symbol: string };

/**
 * Inserts a listed pair (after every other pair in the lists) and gives its coin a fallback price (the
 * start price) unless operators set one. Returns the new id, or undefined if the pair already exists.
 */
export async function insertListedPair(tx: Db, row: NewPairRow, startPrice: string): Promise<number | undefined> {
  const [last] = await tx.select({ sort: sql<number | null>`max(${pairs.sort})` }).from(pairs);
  const [inserted] = await tx
    .insert(pairs)
    .values({ ...row, sort: Number(last?.sort ?? 0) + 1, openCoinTrade: true })
    .onConflictDoNothing()
    .returning({ id: pairs.id });
  if (!inserted) return undefined;
  await tx
    .insert(currencySettings)
    .values({ currencyId: row.currencyId, fallbackPrice: startPrice })
    .onConflictDoUpdate({
      target: currencySettings.currencyId,
      set: { fallbackPrice: startPrice },
      setWhere: sql`${currencySettings.fallbackPrice} = 0`,
    });
  return inserted.id;
}

export async function findCurrency(db: Db, id: number) {
  return rowById(db, currencies, id);
}
