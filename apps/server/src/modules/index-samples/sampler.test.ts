import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDatabase } from '../../../test/market.js';
import type { Database } from '../../db/client.js';
import { firstSamplesFrom, sampleAt, samplesBetween } from './repo.js';
import { type FlushReport, IndexSampler } from './sampler.js';

let database: Database;
beforeAll(async () => {
  database = await templateDatabase();
});
afterAll(async () => {
  await database.close();
});

const T = 1_800_000_000; // a whole second
const ms = (second: number, offset = 0) => second * 1000 + offset;

function sampler(clock: { now: number }, carryMs = 10_000) {
  const reports: FlushReport[] = [];
  const s = new IndexSampler({ db: database.db, source: () => 'simulated', now: () => clock.now, carryMs });
  s.onFlush((r) => reports.push(r));
  return { s, reports };
}

const stored = async (pairId: number, from: number, to: number) =>
  (await samplesBetween(database.db, pairId, from, to, 100)).map((x) => [x.second, x.price, x.priceTime]);

describe('IndexSampler', () => {
  it('stores the last index price of each second with its time, once the second is over', async () => {
    const clock = { now: ms(T, 100) };
    const { s, reports } = sampler(clock);
    s.ingest({ pairId: 1, price: '100.00', time: ms(T, 10) });
    s.ingest({ pairId: 1, price: '100.50', time: ms(T, 600) });
    s.ingest({ pairId: 2, price: '5.00', time: ms(T, 20) });
    await s.flush();
    // Second T is not over yet: nothing stored.
    expect(await stored(1, T, T + 5)).toEqual([]);

    // A tick of the next second closes it, for that pair; the other pair's second T closes by the clock.
    s.ingest({ pairId: 1, price: '101.00', time: ms(T + 1, 5) });
    await s.flush();
    expect(await stored(1, T, T + 5)).toEqual([[T, '100.500000000000000000', ms(T, 600)]]);
    expect(await stored(2, T, T + 5)).toEqual([]);
    clock.now = ms(T + 1, 600);
    await s.flush();
    expect(await stored(2, T, T + 5)).toEqual([[T, '5.000000000000000000', ms(T, 20)]]);
    expect(reports.at(-1)!.finalUpTo.get(2)).toBe(T);
    expect(s.latest(1)).toEqual({ price: '101.00', time: ms(T + 1, 5) });
  });

  it('carries a price through quiet seconds while it is fresh, and records nothing once the feed is stale', async () => {
    const base = T + 100;
    const clock = { now: ms(base) };
    const { s } = sampler(clock, 3000);
    s.ingest({ pairId: 3, price: '0.12000', time: ms(base, 900) });
    clock.now = ms(base + 8, 600);
    await s.flush();
    // base: its own tick; base+1, base+2: the same price (set at base.900, within 3 s of each second's end); later: stale.
    expect(await stored(3, base, base + 10)).toEqual([
      [base, '0.120000000000000000', ms(base, 900)],
      [base + 1, '0.120000000000000000', ms(base, 900)],
      [base + 2, '0.120000000000000000', ms(base, 900)],
    ]);
    // A late tick for a second already decided changes nothing.
    s.ingest({ pairId: 3, price: '0.13000', time: ms(base + 2, 10) });
    await s.flush();
    expect((await sampleAt(database.db, 3, base + 2))?.price).toBe('0.120000000000000000');
    // The first sample at or after a gap second is the next one recorded.
    s.ingest({ pairId: 3, price: '0.12500', time: ms(base + 9, 100) });
    clock.now = ms(base + 10, 600);
    await s.flush();
    const found = await firstSamplesFrom(database.db, [{ pairId: 3, second: base + 4 }]);
    expect(found.get(`3:${base + 4}`)).toMatchObject({ second: base + 9, priceTime: ms(base + 9, 100) });
  });

  it('after a restart, resumes from the first tick without inventing the seconds it missed', async () => {
    const base = T + 200;
    const clock = { now: ms(base + 1, 600) };
    const first = sampler(clock).s;
    first.ingest({ pairId: 1, price: '200.00', time: ms(base, 500) });
    await first.flush();
    await first.stop();
    // Down for 60 s; a new process starts and gets its first tick.
    clock.now = ms(base + 61);
    const second = sampler(clock).s;
    second.ingest({ pairId: 1, price: '210.00', time: ms(base + 61, 50) });
    clock.now = ms(base + 62, 600);
    await second.flush();
    expect((await stored(1, base, base + 70)).map(([sec]) => sec)).toEqual([base, base + 61]);
  });
});
