import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { queryRows } from '../db/client.js';
import { CandleStore, copyLine } from './candle-store.js';

/** `CandleStore.copy` on this run's database (PGlite, or PostgreSQL with TEST_DB=pg). */
describe('the candle store', () => {
  const t = appForFile();

  it('bulk-loads a history while other queries run on the same pool, and every one of them answers', async () => {
    const store = new CandleStore(t.database);
    // A pair id no seeded pair uses, and minutes far in the past: nothing else writes these rows.
    const pairId = 9_901;
    const start = 86_400;
    const lines = Array.from({ length: 20_000 }, (_, i) =>
      copyLine(pairId, '1min', { t: start + i * 60, o: '1', h: '2', l: '0.5', c: '1.5', v: '3', a: '4.5' }),
    );
    // With PostgreSQL the pool pipelines queries onto busy connections: none of these may land inside
    // the COPY (PostgreSQL would drop that connection and fail the COPY and the queries queued on it).
    const copying = store.copy(lines);
    const reads = Array.from({ length: 40 }, () => queryRows<{ n: number }>(t.database.db, sql`SELECT 1 AS n`));
    await copying;
    expect((await Promise.all(reads)).every((rows) => Number(rows[0]?.n) === 1)).toBe(true);
    expect(await store.count(pairId, '1min')).toBe(20_000);
  });
});
