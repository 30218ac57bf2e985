import { and, asc, eq } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import type { Database, Db } from '../src/db/client.js';
import { candles } from '../src/db/schema.js';
import { D } from '../src/lib/money.js';
import type { FeedSink, MarketLog } from '../src/market/feed.js';
import { type MarketOptions, MarketService } from '../src/market/market-service.js';
import { bucketStart, type CandlePeriod, ROLL_UP } from '../src/market/periods.js';
import type { TestApp } from './test-app.js';
import { openTestDatabase } from './test-database.js';

/** Test helpers for the market: a database copy, a market on a clock the test moves, roll-up checks. */

/** The spot pairs the seed lists, in the order every listing shows them. */
export const SEEDED_PAIRS = [
  'BTC/USDT',
  'ETH/USDT',
  'TRX/USDT',
  'SOL/USDT',
  'XRP/USDT',
  'BNB/USDT',
  'DOGE/USDT',
  'ADA/USDT',
  'LTC/USDT',
  'TON/USDT',
];

export const silentLog: MarketLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A fresh copy of the migrated and seeded template database. */
export async function templateDatabase(): Promise<Database> {
  return openTestDatabase(inject('dbTemplate'));
}

export type Clock = { now: number };

/** A market on `database` whose clock is `clock.now` (ms); a short simulated history unless overridden. */
export async function testMarket(
  database: Database,
  clock: Clock,
  overrides: Partial<MarketOptions> = {},
): Promise<MarketService> {
  const market = new MarketService({
    database,
    feed: 'simulated',
    seed: 'test-seed',
    historyDays: 1,
    dailyHistoryDays: 4,
    gapFillMaxMinutes: 24 * 60,
    restUrl: 'http://127.0.0.1:9',
    wsUrl: 'ws://127.0.0.1:9',
    log: silentLog,
    now: () => clock.now,
    ...overrides,
  });
  await market.ensurePairs();
  return market;
}

export async function storedCandles(database: Database | { db: Db }, pairId: number, period: CandlePeriod) {
  return database.db
    .select()
    .from(candles)
    .where(and(eq(candles.pairId, pairId), eq(candles.period, period)))
    .orderBy(asc(candles.openTime));
}

/**
 * Every stored candle of a longer period equals the aggregation of the stored candles it is rolled up
 * from: open of the first, close of the last, highest high, lowest low, summed volume and turnover.
 * Daily candles older than the 1-minute history have no parts and are skipped.
 */
export async function expectRollUpsConsistent(database: Database, pairId: number): Promise<number> {
  // Every period is read in one snapshot: a running feed may store a minute (and its roll-ups, in one
  // transaction) between two reads, which on PostgreSQL's concurrent connections would otherwise pair
  // old parts with a newer rolled-up candle.
  const read = await database.db.transaction(
    async (tx) => {
      const byPeriod = new Map<CandlePeriod, Awaited<ReturnType<typeof storedCandles>>>();
      for (const { period, from } of ROLL_UP)
        for (const p of [from, period]) if (!byPeriod.has(p)) byPeriod.set(p, await storedCandles({ db: tx }, pairId, p));
      return byPeriod;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  let checked = 0;
  for (const { period, from } of ROLL_UP) {
    const parts = read.get(from)!;
    const stored = new Map(read.get(period)!.map((c) => [c.openTime, c]));
    const groups = new Map<number, typeof parts>();
    for (const part of parts) {
      const b = bucketStart(period, part.openTime);
      groups.set(b, [...(groups.get(b) ?? []), part]);
    }
    for (const [b, group] of groups) {
      const candle = stored.get(b);
      expect(candle, `${period} ${b} missing`).toBeDefined();
      const where = `${period} candle at ${b} from ${group.length} ${from} candles`;
      expect(new D(candle!.open).eq(group[0]!.open), `${where}: open`).toBe(true);
      expect(new D(candle!.close).eq(group.at(-1)!.close), `${where}: close`).toBe(true);
      expect(new D(candle!.high).eq(D.max(...group.map((c) => c.high))), `${where}: high`).toBe(true);
      expect(new D(candle!.low).eq(D.min(...group.map((c) => c.low))), `${where}: low`).toBe(true);
      expect(new D(candle!.volume).eq(group.reduce((s, c) => s.plus(c.volume), new D(0))), `${where}: volume`).toBe(true);
      expect(new D(candle!.amount).eq(group.reduce((s, c) => s.plus(c.amount), new D(0))), `${where}: amount`).toBe(true);
      checked++;
    }
    if (period !== '1day') expect(stored.size, `${period}: candles without parts`).toBe(groups.size);
  }
  return checked;
}

/** Waits until `check` returns a truthy value (polling), or fails after `ms`. */
export async function until<T>(check: () => T | Promise<T>, ms = 5000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Moves a pair's index to `price` as the feed would (a minute candle and a trade at `at`, ms) and waits
 * until the contracts have acted on it.
 */
export async function feedIndex(t: TestApp, pairId: number, price: string, at: number): Promise<void> {
  const market = t.app.market as unknown as { sink: FeedSink };
  const pair = t.app.market.getPair(pairId)!;
  const ticked = new Promise<void>((resolve) => {
    const off = t.app.market.subscribe((tick) => {
      if (tick.pairId === pairId && tick.price === price) {
        off();
        resolve();
      }
    });
  });
  market.sink.minute(pair, { t: Math.floor(at / 60_000) * 60, o: price, h: price, l: price, c: price, v: '0', a: '0' }, false);
  market.sink.trade(pair, price, '1', at);
  await ticked;
  await t.app.contracts.settled();
}
