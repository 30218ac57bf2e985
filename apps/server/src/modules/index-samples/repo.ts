import type { IndexConstituent } from '@app/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** One stored sample: the index of `pairId` as it stood at the end of unix second `second`. */
export type StoredSample = { pairId: number; second: number; price: string; priceTime: number; source: string };

/** A sample with its place in the record: constituents, whether it was carried, and its chain hashes. */
export type ChainedSample = StoredSample & {
  constituents: IndexConstituent[];
  carried: boolean;
  prevHash: string;
  hash: string;
};

/**
 * Writes samples and moves their minutes' checkpoints in one statement. A second already stored is
 * kept (first writer wins): a sample is final once written, so nothing re-running can change what a
 * settlement read; a minute's checkpoint moves only with the samples this statement actually added.
 */
export async function insertSamples(db: Db, samples: readonly ChainedSample[]): Promise<void> {
  if (!samples.length) return;
  // Decimal arrays go in as text[] and are cast in SQL: postgres-js (PostgreSQL mode) cannot send a JS
  // array as numeric[] (its numeric serializer takes strings only); text[] works on both drivers. The
  // constituents go as one JSON text per sample (a jsonb[] parameter is not portable either). Booleans too:
  // postgres-js sends a JS boolean array as one boolean ("cannot cast type boolean to boolean[]").
  await db.execute(sql`
    WITH added AS (
      INSERT INTO index_samples (pair_id, second, price, price_time, source, constituents, carried, prev_hash, hash)
      SELECT p, s, pr, pt, src, c::jsonb, ca, ph, h
      FROM unnest(${sql.param(samples.map((s) => s.pairId))}::int[],
                  ${sql.param(samples.map((s) => s.second))}::bigint[],
                  ${sql.param(samples.map((s) => s.price))}::text[]::numeric[],
                  ${sql.param(samples.map((s) => s.priceTime))}::bigint[],
                  ${sql.param(samples.map((s) => s.source))}::text[],
                  ${sql.param(samples.map((s) => JSON.stringify(s.constituents)))}::text[],
                  ${sql.param(samples.map((s) => String(s.carried)))}::text[]::boolean[],
                  ${sql.param(samples.map((s) => s.prevHash))}::text[],
                  ${sql.param(samples.map((s) => s.hash))}::text[]) AS v(p, s, pr, pt, src, c, ca, ph, h)
      ON CONFLICT (pair_id, second) DO NOTHING
      RETURNING pair_id, second, hash),
    minutes AS (
      SELECT DISTINCT ON (pair_id, second / 60) pair_id, (second / 60) * 60 AS minute, second AS last_second, hash,
             count(*) OVER (PARTITION BY pair_id, second / 60) AS n
      FROM added ORDER BY pair_id, second / 60, second DESC)
    INSERT INTO index_minute_heads AS m (pair_id, minute, last_second, hash, samples)
    SELECT pair_id, minute, last_second, hash, n FROM minutes
    ON CONFLICT (pair_id, minute) DO UPDATE
      SET last_second = excluded.last_second, hash = excluded.hash, samples = m.samples + excluded.samples
      WHERE excluded.last_second > m.last_second`);
}

type Row = { pair_id: number; second: string | number; price: string; price_time: string | number; source: string };
const fromRow = (r: Row): StoredSample => ({
  pairId: Number(r.pair_id),
  second: Number(r.second),
  price: String(r.price),
  priceTime: Number(r.price_time),
  source: r.source,
});

type ChainRow = Row & { constituents: unknown; carried: boolean; prev_hash: string | null; hash: string | null };
/** jsonb arrives parsed from PGlite and postgres-js alike; a text form is parsed here just in case. */
const constituentsOf = (value: unknown): IndexConstituent[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as IndexConstituent[];
const fromChainRow = (r: ChainRow): ChainedSample => ({
  ...fromRow(r),
  constituents: constituentsOf(r.constituents).map((c) => ({
    venue: String(c.venue),
    price: String(c.price),
    time: Number(c.time),
  })),
  carried: Boolean(r.carried),
  prevHash: r.prev_hash ?? '',
  hash: r.hash ?? '',
});
const CHAIN_COLUMNS = sql.raw(
  'pair_id, second, price::text AS price, price_time, source, constituents, carried, prev_hash, hash',
);

/** A pair's samples in [from, to] with their chain fields, oldest first. */
export async function chainedSamplesBetween(db: Db, pairId: number, from: number, to: number): Promise<ChainedSample[]> {
  const rows = await queryRows<ChainRow>(
    db,
    sql`SELECT ${CHAIN_COLUMNS} FROM index_samples WHERE pair_id = ${pairId} AND second BETWEEN ${from} AND ${to} ORDER BY second`,
  );
  return rows.map(fromChainRow);
}

/** The newest stored sample of each pair asked (where the chain continues after a restart). */
export async function lastSamples(db: Db, pairIds: readonly number[]): Promise<Map<number, { second: number; hash: string }>> {
  const out = new Map<number, { second: number; hash: string }>();
  if (!pairIds.length) return out;
  const rows = await queryRows<{ pair_id: number; second: string | number; hash: string | null }>(
    db,
    sql`SELECT v.p AS pair_id, x.second, x.hash
        FROM unnest(${sql.param([...pairIds])}::int[]) AS v(p)
        CROSS JOIN LATERAL (SELECT second, hash FROM index_samples WHERE pair_id = v.p ORDER BY second DESC LIMIT 1) x`,
  );
  for (const r of rows) out.set(Number(r.pair_id), { second: Number(r.second), hash: r.hash ?? '' });
  return out;
}

export type StoredMinuteHead = { minute: number; lastSecond: number; hash: string; samples: number };

/** A pair's minute checkpoints in [from, to] seconds, oldest first. */
export async function minuteHeadsBetween(db: Db, pairId: number, from: number, to: number): Promise<StoredMinuteHead[]> {
  const rows = await queryRows<{ minute: string | number; last_second: string | number; hash: string; samples: number }>(
    db,
    sql`SELECT minute, last_second, hash, samples FROM index_minute_heads
        WHERE pair_id = ${pairId} AND minute BETWEEN ${from} AND ${to} ORDER BY minute`,
  );
  return rows.map((r) => ({
    minute: Number(r.minute),
    lastSecond: Number(r.last_second),
    hash: r.hash,
    samples: Number(r.samples),
  }));
}

/** Per pair, the minute checkpoints in [from, to] seconds, oldest first (one query for every pair). */
export async function minuteHeadsOfPairs(
  db: Db,
  pairIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, StoredMinuteHead[]>> {
  const out = new Map<number, StoredMinuteHead[]>(pairIds.map((id) => [id, []]));
  if (!pairIds.length) return out;
  const rows = await queryRows<{
    pair_id: number;
    minute: string | number;
    last_second: string | number;
    hash: string;
    samples: number;
  }>(
    db,
    sql`SELECT pair_id, minute, last_second, hash, samples FROM index_minute_heads
        WHERE pair_id = ANY(${sql.param([...pairIds])}::int[]) AND minute BETWEEN ${from} AND ${to}
        ORDER BY pair_id, minute`,
  );
  for (const r of rows)
    out.get(Number(r.pair_id))?.push({
      minute: Number(r.minute),
      lastSecond: Number(r.last_second),
      hash: r.hash,
      samples: Number(r.samples),
    });
  return out;
}

/** The sample of exactly (pair, second), if one was recorded. */
export async function sampleAt(db: Db, pairId: number, second: number): Promise<StoredSample | undefined> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT pair_id, second, price::text AS price, price_time, source FROM index_samples
        WHERE pair_id = ${pairId} AND second = ${second}`,
  );
  return rows[0] && fromRow(rows[0]);
}

/**
 * For each (pair, second) asked, the sample of exactly that second, if one was recorded (never a later
 * one: option settlement has no fallback, docs/decisions.md). One query for any number of lookups.
 * Keyed `pair:second`.
 */
export async function samplesAt(
  db: Db,
  wanted: readonly { pairId: number; second: number }[],
): Promise<Map<string, StoredSample>> {
  const out = new Map<string, StoredSample>();
  if (!wanted.length) return out;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT x.pair_id, x.second, x.price::text AS price, x.price_time, x.source
        FROM unnest(${sql.param(wanted.map((w) => w.pairId))}::int[], ${sql.param(wanted.map((w) => w.second))}::bigint[]) AS v(p, s)
        JOIN index_samples x ON x.pair_id = v.p AND x.second = v.s`,
  );
  for (const r of rows) out.set(`${r.pair_id}:${Number(r.second)}`, fromRow(r));
  return out;
}

/**
 * For each (pair, second) asked, the first sample at or after that second: the sample of the second
 * itself when it was recorded, otherwise the first one recorded after it (the rule for seconds the
 * server did not see, docs/decisions.md). One query for any number of lookups. Keyed `pair:second`.
 */
export async function firstSamplesFrom(
  db: Db,
  wanted: readonly { pairId: number; second: number }[],
): Promise<Map<string, StoredSample>> {
  const out = new Map<string, StoredSample>();
  if (!wanted.length) return out;
  const rows = await queryRows<Row & { wanted: string | number }>(
    db,
    sql`SELECT v.s AS wanted, x.pair_id, x.second, x.price::text AS price, x.price_time, x.source
        FROM unnest(${sql.param(wanted.map((w) => w.pairId))}::int[], ${sql.param(wanted.map((w) => w.second))}::bigint[]) AS v(p, s)
        CROSS JOIN LATERAL (
          SELECT pair_id, second, price, price_time, source FROM index_samples
          WHERE pair_id = v.p AND second >= v.s ORDER BY second LIMIT 1
        ) x`,
  );
  for (const r of rows) out.set(`${r.pair_id}:${Number(r.wanted)}`, fromRow(r));
  return out;
}

/** Samples of a pair in [from, to] seconds, oldest first, at most `limit`. */
export async function samplesBetween(db: Db, pairId: number, from: number, to: number, limit: number): Promise<StoredSample[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT pair_id, second, price::text AS price, price_time, source FROM index_samples
        WHERE pair_id = ${pairId} AND second BETWEEN ${from} AND ${to} ORDER BY second LIMIT ${limit}`,
  );
  return rows.map(fromRow);
}

/**
 * Deletes samples of seconds before `before`, oldest first, at most `limit` rows in one statement (a
 * backlog is worked off in short statements), keeping every whole minute an option order's evidence
 * lies in (the minutes of its open second, delivery second and settlement sample): a settled order
 * stays checkable against the record for ever, its samples rehashing to the kept minute checkpoints.
 * Returns how many rows went.
 */
export async function pruneSamplesBefore(db: Db, before: number, limit: number): Promise<number> {
  const gone = await queryRows<{ n: string | number }>(
    db,
    sql`WITH doomed AS (
          SELECT s.pair_id, s.second FROM index_samples s
          WHERE s.second < ${before}
            AND NOT EXISTS (SELECT 1 FROM option_orders o WHERE o.pair_id = s.pair_id AND o.end_second / 60 = s.second / 60)
            AND NOT EXISTS (SELECT 1 FROM option_orders o WHERE o.pair_id = s.pair_id AND o.delivery_second / 60 = s.second / 60)
            AND NOT EXISTS (SELECT 1 FROM option_orders o WHERE o.pair_id = s.pair_id AND o.open_second / 60 = s.second / 60)
          ORDER BY s.second LIMIT ${limit}),
        gone AS (
          DELETE FROM index_samples x USING doomed d
          WHERE x.pair_id = d.pair_id AND x.second = d.second
          RETURNING 1)
        SELECT count(*) AS n FROM gone`,
  );
  return Number(gone[0]?.n ?? 0);
}

/**
 * A pair's minute checkpoints in [from, to] as they stood at the end of second `at`: later minutes left
 * out, and the minute holding `at` ending in its last sample up to `at` (read from the samples). The
 * running day's head moves every second; a head "as of" a second is a fixed value anyone can recompute,
 * so a sample and the head it is checked against are read at the same point of the chain.
 */
export async function minuteHeadsAsOf(
  db: Db,
  pairId: number,
  from: number,
  to: number,
  at?: number,
): Promise<StoredMinuteHead[]> {
  const heads = await minuteHeadsBetween(db, pairId, from, at === undefined ? to : Math.min(to, at));
  const last = heads.at(-1);
  if (at === undefined || !last || last.lastSecond <= at) return heads;
  const rows = await queryRows<{ second: string | number; hash: string | null; n: string | number }>(
    db,
    sql`SELECT second, hash, count(*) OVER () AS n FROM index_samples
        WHERE pair_id = ${pairId} AND second BETWEEN ${last.minute} AND ${at} ORDER BY second DESC LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return heads.slice(0, -1);
  heads[heads.length - 1] = { minute: last.minute, lastSecond: Number(row.second), hash: row.hash ?? '', samples: Number(row.n) };
  return heads;
}
