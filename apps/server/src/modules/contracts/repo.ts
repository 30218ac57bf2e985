import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowById } from '../../db/rows.js';
import { contractPositions, contractSettings, currencies, ledgerAccounts, pairs, users } from '../../db/schema.js';

/** Queries of the contracts module; rules live in the service files and math.ts. */

export type ContractSettingsRow = typeof contractSettings.$inferSelect;
export type PositionRow = typeof contractPositions.$inferSelect;
export type PositionStatus = 'entrusted' | 'holding' | 'closed' | 'cancelled';
export const OPEN_STATUSES: PositionStatus[] = ['entrusted', 'holding'];

/**
 * Defaults for the seeded pairs (BTC/USDT 1, ETH/USDT 2, TRX/USDT 3): a lot is 0.01 BTC, 0.1 ETH or
 * 1000 TRX; fees 0.05 % each way; maintenance margin 0.5 % (1 % on TRX). The maintenance rate × the
 * largest multiple stays below 1, so no position starts at its liquidation price.
 */
export const CONTRACT_DEFAULTS: (typeof contractSettings.$inferInsert)[] = [
  { pairId: 1, contractSize: '0.01', multiples: [5, 10, 20, 50, 100], lotPresets: [1, 5, 10, 20, 50] },
  { pairId: 2, contractSize: '0.1', multiples: [5, 10, 20, 50, 100], lotPresets: [1, 5, 10, 20, 50] },
  { pairId: 3, contractSize: '1000', multiples: [5, 10, 20, 50], lotPresets: [1, 5, 10, 20, 50], maintenanceMarginRate: '0.01' },
].map((row) => ({ openFeeRate: '0.0005', closeFeeRate: '0.0005', maintenanceMarginRate: '0.005', ...row }));

/** Adds the default rules of seeded pairs that have none (idempotent; never overwrites an operator's). */
export async function seedContractDefaults(db: Db): Promise<void> {
  const existing = new Set((await db.select({ id: pairs.id }).from(pairs)).map((p) => p.id));
  const rows = CONTRACT_DEFAULTS.filter((r) => existing.has(r.pairId));
  if (rows.length) await db.insert(contractSettings).values(rows).onConflictDoNothing();
}

export type ContractRules = ContractSettingsRow & { quoteDecimals: number };

/** Every pair's contract rules, with the quote coin's places (the money of a position is in it). */
export async function loadContractRules(db: Db): Promise<ContractRules[]> {
  const rows = await db
    .select({ rules: contractSettings, quoteDecimals: currencies.decimals })
    .from(contractSettings)
    .innerJoin(pairs, eq(pairs.id, contractSettings.pairId))
    .innerJoin(currencies, eq(currencies.id, pairs.legalId));
  return rows.map((r) => ({ ...r.rules, quoteDecimals: r.quoteDecimals }));
}

export async function upsertContractRules(tx: Db, row: typeof contractSettings.$inferInsert): Promise<void> {
  const { pairId: _pairId, ...set } = row;
  await tx
    .insert(contractSettings)
    .values(row)
    .onConflictDoUpdate({ target: contractSettings.pairId, set: { ...set, updatedAt: new Date() } });
}

/** Every currency's places, by id (a position's money is in its pair's quote coin). */
export async function currencyDecimals(db: Db): Promise<Map<number, number>> {
  const rows = await db.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
  return new Map(rows.map((r) => [r.id, r.decimals]));
}

export async function currencyRow(db: Db, id: number): Promise<typeof currencies.$inferSelect | undefined> {
  return rowById(db, currencies, id);
}

/** The user's contract account in a coin, if it was ever opened. */
export async function contractAccount(
  db: Db,
  userId: number,
  currencyId: number,
): Promise<typeof ledgerAccounts.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'contract'), eq(ledgerAccounts.currencyId, currencyId)))
    .limit(1);
  return row;
}

export async function insertPosition(tx: Db, values: typeof contractPositions.$inferInsert): Promise<PositionRow> {
  const [row] = await tx.insert(contractPositions).values(values).returning();
  return row!;
}

/**
 * Moves a position from one state to the next only if it is still in `from`, so that two closes (the
 * user's and a stop's, or two of the user's) can never both happen: the loser gets undefined.
 */
export async function transition(
  tx: Db,
  id: number,
  from: PositionStatus,
  set: Partial<typeof contractPositions.$inferInsert>,
): Promise<PositionRow | undefined> {
  const [row] = await tx
    .update(contractPositions)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(contractPositions.id, id), eq(contractPositions.status, from)))
    .returning();
  return row;
}

export async function updateStops(
  tx: Db,
  id: number,
  userId: number,
  stops: { stopProfitPrice: string | null; stopLossPrice: string | null },
): Promise<PositionRow | undefined> {
  const [row] = await tx
    .update(contractPositions)
    .set({ ...stops, updatedAt: new Date() })
    .where(
      and(eq(contractPositions.id, id), eq(contractPositions.userId, userId), inArray(contractPositions.status, OPEN_STATUSES)),
    )
    .returning();
  return row;
}

/** One of the user's positions (someone else's is simply not found). */
export async function userPosition(db: Db, userId: number, id: number): Promise<PositionRow | undefined> {
  const [row] = await db
    .select()
    .from(contractPositions)
    .where(and(eq(contractPositions.id, id), eq(contractPositions.userId, userId)))
    .limit(1);
  return row;
}

export async function openPositions(db: Db): Promise<PositionRow[]> {
  return db.select().from(contractPositions).where(inArray(contractPositions.status, OPEN_STATUSES));
}

export async function userOpenPositions(db: Db, userId: number, pairId?: number): Promise<PositionRow[]> {
  const where = [eq(contractPositions.userId, userId), inArray(contractPositions.status, OPEN_STATUSES)];
  if (pairId) where.push(eq(contractPositions.pairId, pairId));
  return db
    .select()
    .from(contractPositions)
    .where(and(...where))
    .orderBy(desc(contractPositions.id));
}

export async function listPositions(
  db: Db,
  filter: { userId?: number; pairId?: number; status?: PositionStatus[] },
  limit: number,
  offset: number,
): Promise<{ total: number; rows: PositionRow[] }> {
  const where: SQL[] = [];
  if (filter.userId) where.push(eq(contractPositions.userId, filter.userId));
  if (filter.pairId) where.push(eq(contractPositions.pairId, filter.pairId));
  if (filter.status?.length) where.push(inArray(contractPositions.status, filter.status));
  const condition = where.length ? and(...where) : undefined;
  const [total] = await db.select({ n: count() }).from(contractPositions).where(condition);
  const rows = await db
    .select()
    .from(contractPositions)
    .where(condition)
    .orderBy(desc(contractPositions.id))
    .limit(limit)
    .offset(offset);
  return { total: total?.n ?? 0, rows };
}

/** E-mail or phone of users, for the console's read-only list. */
export async function userContacts(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.email ?? r.phone ?? String(r.id)]));
}

/** Positions the user holds or has entrusted, per pair (the console's summary). */
export async function openCountByPair(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ pairId: contractPositions.pairId, n: sql<number>`count(*)::int` })
    .from(contractPositions)
    .where(inArray(contractPositions.status, OPEN_STATUSES))
    .groupBy(contractPositions.pairId);
  return new Map(rows.map((r) => [r.pairId, r.n]));
}
