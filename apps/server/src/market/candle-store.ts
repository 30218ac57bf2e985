import type { PGlite } from '@electric-sql/pglite';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Sql } from 'postgres';
import { type Database, type Db, queryRows } from '../db/client.js';
import { candles, settings } from '../db/schema.js';
import type { Candle } from './candle.js';
import { bucketSql, bucketStart, type CandlePeriod, nextBucket, ROLL_UP } from './periods.js';

export type CandleRow = typeof candles.$inferSelect;

/** Where the stored history came from ('simulated' or 'binance'); history from another source is dropped. */
const SOURCE_KEY = 'market_source';

const COLUMNS = 'pair_id, period, open_time, open, high, low, close, volume, amount';

/**
 * The candles' queries. Writes go through `serial` so the feed's history writes and the live minutes
 * never interleave (PGlite runs one statement at a time anyway; PostgreSQL would otherwise race).
 */
export class CandleStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly database: Database) {}

  get db(): Db {
    return this.database.db;
  }

  /** Runs `task` after every write queued before it; a failed task does not stop the ones after. */
  serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Resolves once every queued write has finished. */
  drain(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  async source(): Promise<string | undefined> {
    const [row] = await this.db.select().from(settings).where(eq(settings.key, SOURCE_KEY)).limit(1);
    return typeof row?.value === 'string' ? row.value : undefined;
  }

  async setSource(source: string): Promise<void> {
    await this.db
      .insert(settings)
      .values({ key: SOURCE_KEY, value: source })
      .onConflictDoUpdate({ target: settings.key, set: { value: source, updatedAt: new Date() } });
  }

  /** Drops all history (the feed changed between simulated and a real exchange: never mix the two). */
  async wipe(): Promise<void> {
    await this.db.delete(candles);
  }

  async last(pairId: number, period: CandlePeriod): Promise<CandleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(candles)
      .where(and(eq(candles.pairId, pairId), eq(candles.period, period)))
      .orderBy(desc(candles.openTime))
      .limit(1);
    return row;
  }

  /** Candles with open time in [from, to], newest first, at most `limit`. */
  async range(pairId: number, period: CandlePeriod, from: number, to: number, limit: number): Promise<CandleRow[]> {
    return this.db
      .select()
      .from(candles)
      .where(and(eq(candles.pairId, pairId), eq(candles.period, period), gte(candles.openTime, from), lte(candles.openTime, to)))
      .orderBy(desc(candles.openTime))
      .limit(limit);
  }

  /** Candles with open time ≥ `since`, oldest first. */
  async since(pairId: number, period: CandlePeriod, since: number): Promise<CandleRow[]> {
    return this.db
      .select()
      .from(candles)
      .where(and(eq(candles.pairId, pairId), eq(candles.period, period), gte(candles.openTime, since)))
      .orderBy(asc(candles.openTime));
  }

  async at(pairId: number, period: CandlePeriod, openTime: number): Promise<CandleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(candles)
      .where(and(eq(candles.pairId, pairId), eq(candles.period, period), eq(candles.openTime, openTime)))
      .limit(1);
    return row;
  }

  async count(pairId: number, period: CandlePeriod): Promise<number> {
    const [row] = await queryRows<{ n: string | number }>(
      this.db,
      sql`SELECT count(*) AS n FROM candles WHERE pair_id = ${pairId} AND period = ${period}`,
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Bulk load of new rows (no conflicts expected) with COPY, in one transaction, so a pair's history is
   * stored whole or not at all. Rows in COPY text: pair_id, period, open_time, open, high, low, close,
   * volume, amount, separated by tabs, one a line (`copyLine`, `CopyBuffer`). Pieces are loaded one by
   * one with a pause between them, so requests that need no database are answered meanwhile.
   */
  async copy(data: string[] | Uint8Array[]): Promise<void> {
    if (data.length === 0) return;
    const pieces: (string | Uint8Array)[] =
      typeof data[0] === 'string' ? [`${(data as string[]).join('\n')}\n`] : (data as Uint8Array[]);
    const client = (this.db as unknown as { $client: unknown }).$client;
    const pause = () => new Promise((resolve) => setImmediate(resolve));
    if (this.database.kind === 'pglite') {
      await (client as PGlite).transaction(async (tx) => {
        for (const piece of pieces) {
          await tx.query(`COPY candles (${COLUMNS}) FROM '/dev/blob'`, [], { blob: new Blob([piece]) });
          await pause();
        }
      });
      return;
    }
    // On a connection of its own: the pool pipelines other queries onto a busy connection, and a query
    // sent into a COPY in progress makes PostgreSQL drop the connection ("protocol synchronization was
    // lost"), failing the COPY and every query queued on it (a spot book being opened, say).
    const reserved = await (client as Sql).reserve();
    try {
      const writable = await reserved.unsafe(`COPY candles (${COLUMNS}) FROM STDIN`).writable();
      await new Promise<void>((resolve, reject) => {
        writable.on('error', reject);
        writable.on('finish', resolve);
        for (const piece of pieces) writable.write(piece);
        writable.end();
      });
    } finally {
      reserved.release();
    }
  }

  /**
   * Stores final 1-minute candles and rolls them up into every longer period in one transaction: on
   * PostgreSQL another connection (an API read, a K-line request) must never see a minute whose 5-minute,
   * hourly… candles do not include it yet.
   */
  async storeMinutes(pairId: number, rows: readonly Candle[]): Promise<void> {
    if (!rows.length) return;
    await this.db.transaction(async (tx) => {
      await this.upsert(pairId, '1min', rows, tx);
      await this.rollUp(pairId, rows[0]!.t, rows.at(-1)!.t + 60, tx);
    });
  }

  /** Inserts or replaces candles of one period (a feed's repaired or final minutes). */
  async upsert(pairId: number, period: CandlePeriod, rows: readonly Candle[], db: Db = this.db): Promise<void> {
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000).map((c) => ({
        pairId,
        period,
        openTime: c.t,
        open: c.o,
        high: c.h,
        low: c.l,
        close: c.c,
        volume: c.v,
        amount: c.a,
      }));
      await db
        .insert(candles)
        .values(chunk)
        .onConflictDoUpdate({
          target: [candles.pairId, candles.period, candles.openTime],
          set: {
            open: sql`excluded.open`,
            high: sql`excluded.high`,
            low: sql`excluded.low`,
            close: sql`excluded.close`,
            volume: sql`excluded.volume`,
            amount: sql`excluded.amount`,
          },
        });
    }
  }

  /**
   * Recomputes every longer period's candles that cover [from, to) (unix seconds) from the period
   * below it (ROLL_UP): open first, close last, high max, low min, volume and turnover summed.
   * Idempotent: a bucket is always rebuilt whole from its parts.
   */
  async rollUp(pairId: number, from: number, to: number, db: Db = this.db): Promise<void> {
    for (const { period, from: source } of ROLL_UP) {
      const start = bucketStart(period, from);
      const end = nextBucket(period, bucketStart(period, to - 1));
      const bucket = bucketSql(period, sql.raw('open_time'));
      await db.execute(sql`
        INSERT INTO candles (pair_id, period, open_time, open, high, low, close, volume, amount)
        SELECT pair_id, ${period}, b,
          (array_agg(open ORDER BY open_time))[1], max(high), min(low),
          (array_agg(close ORDER BY open_time DESC))[1], sum(volume), sum(amount)
        FROM (
          SELECT *, ${bucket} AS b FROM candles
          WHERE pair_id = ${pairId} AND period = ${source} AND open_time >= ${start} AND open_time < ${end}
        ) s
        GROUP BY pair_id, b
        ON CONFLICT (pair_id, period, open_time) DO UPDATE SET
          open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
          volume = excluded.volume, amount = excluded.amount`);
    }
  }
}

/** One COPY line of a candle. */
export const copyLine = (pairId: number, period: CandlePeriod, c: Candle): string =>
  `${pairId}\t${period}\t${c.t}\t${c.o}\t${c.h}\t${c.l}\t${c.c}\t${c.v}\t${c.a}`;
