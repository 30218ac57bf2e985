import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDatabase } from '../../../test/market.js';
import type { Database } from '../../db/client.js';
import { type ChainFault, rehash, walkDay } from './chain.js';
import { chainedSamplesBetween, minuteHeadsBetween } from './repo.js';
import { IndexSampler } from './sampler.js';

let database: Database;
beforeAll(async () => {
  database = await templateDatabase();
});
afterAll(async () => {
  await database.close();
});

const DAY = '2027-03-01';
const START = Date.parse(`${DAY}T00:00:00Z`) / 1000;
const ms = (second: number, offset = 0) => second * 1000 + offset;
const NOT_PRUNED = 0; // no minute of the day is past the retention

/**
 * Records a day for `pairId`: a tick in most seconds of three minutes (with a gap the 2 s carry does not
 * bridge), written by the sampler as the server does.
 */
async function recordDay(pairId: number): Promise<void> {
  const clock = { now: ms(START) };
  const sampler = new IndexSampler({ db: database.db, source: () => 'simulated', now: () => clock.now });
  const seconds = [
    ...Array.from({ length: 50 }, (_, i) => START + 600 + i),
    ...Array.from({ length: 30 }, (_, i) => START + 3600 + i * 2), // every other second: carried ones between
    ...Array.from({ length: 10 }, (_, i) => START + 7200 + i),
  ];
  for (const s of seconds) {
    sampler.ingest({ pairId, price: `${1000 + (s % 97)}.${s % 10}5`, time: ms(s, 200) });
    clock.now = ms(s, 300);
    if (s % 20 === 0) await sampler.flush();
  }
  clock.now = ms(START + 7300);
  await sampler.flush();
}

const checks = (faults: ChainFault[]) => [...new Set(faults.map((f) => f.check))].sort();

describe('walking a day of the record (index:verify)', () => {
  it('passes a clean day and reports its head and counts', async () => {
    await recordDay(11);
    const walk = await walkDay(database.db, 11, DAY, NOT_PRUNED);
    expect(walk.faults).toEqual([]);
    // Each block's ticks, the carried seconds between ticks 2 s apart, and each block's carried next second:
    // (50 + 1) + (30 + 29 + 1) + (10 + 1), in minutes 10, 60 and 120.
    expect(walk.samples).toBe(122);
    expect(walk.minutes).toBe(3);
    expect(walk.head).toMatch(/^[0-9a-f]{64}$/);
    // Another day of the same pair has nothing and nothing wrong.
    expect(await walkDay(database.db, 11, '2027-03-02', NOT_PRUNED)).toMatchObject({ samples: 0, faults: [] });
  });

  it('fails when a price is changed', async () => {
    await recordDay(12);
    await database.db.execute(sql`UPDATE index_samples SET price = price + 1 WHERE pair_id = 12 AND second = ${START + 610}`);
    const walk = await walkDay(database.db, 12, DAY, NOT_PRUNED);
    expect(walk.faults).toEqual([
      expect.objectContaining({ check: 'hash_mismatch', detail: expect.objectContaining({ second: START + 610 }) }),
    ]);
  });

  it('fails when a changed row is given a fresh hash too (the next link breaks)', async () => {
    await recordDay(13);
    const [row] = await chainedSamplesBetween(database.db, 13, START + 610, START + 610);
    const forged = rehash({ ...row!, price: '1.5' });
    await database.db.execute(
      sql`UPDATE index_samples SET price = 1.5, hash = ${forged} WHERE pair_id = 13 AND second = ${START + 610}`,
    );
    expect(checks((await walkDay(database.db, 13, DAY, NOT_PRUNED)).faults)).toEqual(['link_broken']);
  });

  it('fails when a row is deleted, in the middle or at the end of a minute', async () => {
    await recordDay(14);
    await database.db.execute(sql`DELETE FROM index_samples WHERE pair_id = 14 AND second = ${START + 620}`);
    expect(checks((await walkDay(database.db, 14, DAY, NOT_PRUNED)).faults)).toEqual(['link_broken', 'minute_count_mismatch']);

    await recordDay(15);
    // START + 7210 is the minute's last sample (carried from the block's last tick).
    await database.db.execute(sql`DELETE FROM index_samples WHERE pair_id = 15 AND second = ${START + 7210}`);
    expect(checks((await walkDay(database.db, 15, DAY, NOT_PRUNED)).faults)).toEqual([
      'minute_count_mismatch',
      'minute_head_mismatch',
    ]);
  });

  it('fails when a row is inserted, even one hashed and linked like the real ones', async () => {
    await recordDay(16);
    // A second the record has no sample of (the carry did not reach it), linked to the sample before it.
    const [before] = await chainedSamplesBetween(database.db, 16, START + 650, START + 650);
    const fake = { ...before!, second: START + 652, carried: true, prevHash: before!.hash };
    await database.db.execute(sql`
      INSERT INTO index_samples (pair_id, second, price, price_time, source, constituents, carried, prev_hash, hash)
      VALUES (16, ${fake.second}, ${fake.price}, ${fake.priceTime}, 'simulated', ${JSON.stringify(fake.constituents)}::jsonb,
              true, ${fake.prevHash}, ${rehash(fake)})`);
    expect(checks((await walkDay(database.db, 16, DAY, NOT_PRUNED)).faults)).toEqual([
      'minute_count_mismatch',
      'minute_head_mismatch',
    ]);
    // And one in a minute that has no checkpoint.
    await recordDay(17);
    await database.db.execute(sql`
      INSERT INTO index_samples (pair_id, second, price, price_time, source, prev_hash, hash)
      VALUES (17, ${START + 5000}, 1, ${ms(START + 5000)}, 'simulated', 'x', 'y')`);
    expect(checks((await walkDay(database.db, 17, DAY, NOT_PRUNED)).faults)).toEqual(['minute_head_missing']);
  });

  it('accepts a pruned minute past the retention, from its kept checkpoint, and not before it', async () => {
    await recordDay(18);
    const heads = await minuteHeadsBetween(database.db, 18, START, START + 86_399);
    const whole = await walkDay(database.db, 18, DAY, NOT_PRUNED);
    await database.db.execute(
      sql`DELETE FROM index_samples WHERE pair_id = 18 AND second BETWEEN ${START + 3600} AND ${START + 3719}`,
    );
    const pastRetention = START + 86_400;
    const pruned = await walkDay(database.db, 18, DAY, pastRetention);
    expect(pruned.faults).toEqual([]);
    expect(pruned.minutes).toBe(heads.length);
    expect(checks((await walkDay(database.db, 18, DAY, NOT_PRUNED)).faults)).toEqual(['minute_samples_missing']);
    // The head stays what it was: it is the hash of the checkpoints, which pruning keeps.
    expect(pruned.head).toBe(whole.head);
  });
});
