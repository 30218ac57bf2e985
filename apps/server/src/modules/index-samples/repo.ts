import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';

/** One stored sample: the index of `pairId` as it stood at the end of unix second `second`. */
export type StoredSample = { pairId: number; second: number; price: string; priceTime: number; source: string };

/**
 * Writes samples in one statement. A second already stored is kept (first writer wins): a sample is
 * final once written, so nothing re-running can change what a settlement read.
 */
export async function insertSamples(db: Db, samples: readonly StoredSample[]): Promise<void> {
  if (!samples.length) return;
  // Decimal arrays go in as text[] and are cast in SQL: postgres-js (PostgreSQL mode) cannot send a JS
  // array as numeric[] (its numeric serializer takes strings only); text[] works on both drivers.
  await db.execute(sql`
    INSERT INTO index_samples (pair_id, second, price, price_time, source)
    SELECT * FROM unnest(${sql.param(samples.map((s) => s.pairId))}::int[],
                         ${sql.param(samples.map((s) => s.second))}::bigint[],
                         ${sql.param(samples.map((s) => s.price))}::text[]::numeric[],
                         ${sql.param(samples.map((s) => s.priceTime))}::bigint[],
                         ${sql.param(samples.map((s) => s.source))}::text[])
    ON CONFLICT (pair_id, second) DO NOTHING`);
}

type Row = { pair_id: number; second: string | number; price: string; price_time: string | number; source: string };
const fromRow = (r: Row): StoredSample => ({
  pairId: Number(r.pair_id),
  second: Number(r.second),
  price: String(r.price),
  priceTime: Number(r.price_time),
  source: r.source,
});

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
 * backlog is worked off in short statements), keeping every sample an option used (its open second
 * `option_orders.open_second` and its delivery `end_second`): an order stays checkable against both
 * samples for as long as it is kept.
 * Returns how many rows went.
 */
export async function pruneSamplesBefore(db: Db, before: number, limit: number): Promise<number> {
  const gone = await queryRows<{ n: string | number }>(
    db,
    sql`WITH doomed AS (
          SELECT s.pair_id, s.second FROM index_samples s
          WHERE s.second < ${before}
            AND NOT EXISTS (SELECT 1 FROM option_orders o WHERE o.pair_id = s.pair_id AND o.end_second = s.second)
            AND NOT EXISTS (SELECT 1 FROM option_orders o WHERE o.pair_id = s.pair_id AND o.open_second = s.second)
          ORDER BY s.second LIMIT ${limit}),
        gone AS (
          DELETE FROM index_samples x USING doomed d
          WHERE x.pair_id = d.pair_id AND x.second = d.second
          RETURNING 1)
        SELECT count(*) AS n FROM gone`,
  );
  return Number(gone[0]?.n ?? 0);
}
