import { createHash } from 'node:crypto';
import { genesisText, sampleText, utcDayOf, utcDayStart } from '@app/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDatabase, testMarket } from '../../../test/market.js';
import { type Database, queryRows } from '../../db/client.js';
import { chainedSamplesBetween, firstSamplesFrom, minuteHeadsBetween, sampleAt, samplesBetween } from './repo.js';
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

function sampler(clock: { now: number }, carryMs?: number) {
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

  it('prunes samples past the retention, oldest first, but keeps the ones settlements used', async () => {
    const now = T + 100 * 86_400;
    const clock = { now: ms(now) };
    const s = new IndexSampler({ db: database.db, source: () => 'simulated', now: () => clock.now, retentionDays: 30 });
    const old = now - 40 * 86_400; // past the retention
    const recent = now - 10 * 86_400; // within it
    for (const base of [old, recent]) {
      for (let i = 0; i < 5; i++) s.ingest({ pairId: 2, price: `${300 + i}.00`, time: ms(base + i, 100) });
      clock.now = ms(base + 5, 600);
      await s.flush();
    }
    clock.now = ms(now);
    // An option order settled on the sample of old + 2: that sample is evidence and stays.
    const [maker] = await queryRows<{ id: number }>(database.db, sql`SELECT min(id) AS id FROM users`);
    expect(maker?.id).toBeTruthy();
    await database.db.execute(sql`
      INSERT INTO option_orders (user_id, pair_id, currency_id, direction, seconds, profit_ratio, loss_ratio, stake,
        open_price, open_price_time, opened_at, delivery_second, status, result, payout, end_price, end_price_time,
        end_second, settled_at)
      VALUES (${maker!.id}, 2, 3, 1, 60, 80, 100, 10, 300, ${ms(old - 60)}, ${ms(old - 60)}, ${old + 2}, 'settled', 1, 18,
        302, ${ms(old + 2, 100)}, ${old + 2}, ${ms(old + 3)})`);

    // Another pair's samples in the same minute are no evidence of that order and go.
    for (let i = 0; i < 3; i++) s.ingest({ pairId: 4, price: '7.00', time: ms(old + i, 100) });
    clock.now = ms(old + 5, 600);
    await s.flush();
    clock.now = ms(now);

    // Everything before the cutoff (whole UTC days) goes, the earlier tests' samples too, but the whole
    // minute the order's evidence lies in: its samples still rehash to the minute's checkpoint.
    const cutoff = now - 30 * 86_400;
    const [due] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*) AS n FROM index_samples WHERE second < ${cutoff - (cutoff % 86_400)}`,
    );
    expect(Number(due!.n)).toBeGreaterThanOrEqual(8);
    expect(await s.prune()).toBe(Number(due!.n) - 5);
    expect((await stored(2, old, old + 10)).map(([sec]) => sec)).toEqual([0, 1, 2, 3, 4].map((i) => old + i));
    expect(await stored(4, old, old + 10)).toEqual([]);
    // The minute checkpoints are kept for ever.
    const [heads] = await queryRows<{ n: string }>(
      database.db,
      sql`SELECT count(*) AS n FROM index_minute_heads WHERE pair_id = 4 AND minute = ${old}`,
    );
    expect(Number(heads!.n)).toBe(1);
    expect((await stored(2, recent, recent + 10)).map(([sec]) => sec)).toEqual([0, 1, 2, 3, 4].map((i) => recent + i));
    // Nothing more to do: a second run removes nothing.
    expect(await s.prune()).toBe(0);
  });

  it('carries a price at most 2 s old by default, marked as carried', async () => {
    const base = T + 300;
    const clock = { now: ms(base) };
    const { s } = sampler(clock);
    s.ingest({ pairId: 5, price: '10.00', time: ms(base, 100) });
    clock.now = ms(base + 6, 600);
    await s.flush();
    // base+1 ends 1.9 s after the price was set: carried; base+2 ends 2.9 s after: a gap.
    const rows = await chainedSamplesBetween(database.db, 5, base, base + 6);
    expect(rows.map((r) => [r.second, r.carried])).toEqual([
      [base, false],
      [base + 1, true],
    ]);
  });

  it('records nothing from the second the index becomes unavailable until a tick after it is back', async () => {
    const base = T + 400;
    const clock = { now: ms(base) };
    // A long carry: only the unavailable index may keep these seconds empty, not the price's age.
    const { s } = sampler(clock, 5000);
    s.ingest({ pairId: 6, price: '20.00', time: ms(base, 100) });
    s.ingest({ pairId: 6, price: '20.10', time: ms(base + 1, 200) });
    s.indexStatus(6, { available: false, since: ms(base + 1, 500) });
    clock.now = ms(base + 2, 600);
    await s.flush();
    // Back at base+3.300, but no tick until base+4.100: base+3 is not carried from before the outage.
    s.indexStatus(6, { available: true, since: ms(base + 3, 300) });
    s.ingest({ pairId: 6, price: '20.50', time: ms(base + 4, 100) });
    clock.now = ms(base + 6, 600);
    await s.flush();
    const rows = await chainedSamplesBetween(database.db, 6, base, base + 6);
    expect(rows.map((r) => [r.second, r.price, r.carried])).toEqual([
      [base, '20.000000000000000000', false],
      [base + 4, '20.500000000000000000', false],
      [base + 5, '20.500000000000000000', true],
    ]);
  });

  it("hears the market's index status while it listens to the market", async () => {
    const base = T + 500;
    const clock = { now: ms(base) };
    const market = await testMarket(database, clock, { feed: 'index' });
    await market.follow();
    const pair = market.listPairs()[0]!;
    const s = new IndexSampler({ db: database.db, stream: market, source: () => 'index', now: () => clock.now, carryMs: 5000 });
    s.start();
    try {
      s.ingest({ pairId: pair.id, price: '30.00', time: ms(base, 100) });
      const status = { reason: '2 live venues, 3 needed', constituents: 2, required: 3, since: ms(base, 400) };
      market.applyRelayed({ kind: 'status', pairId: pair.id, status: { available: false, ...status } });
      clock.now = ms(base + 2, 600);
      await s.flush();
      expect(await stored(pair.id, base, base + 3)).toEqual([]);
    } finally {
      await s.stop();
    }
  });
});

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the hash chain', () => {
  const midnight = utcDayStart('2027-01-16'); // T is 2027-01-15 08:00 UTC

  it("chains each sample to the one before within a UTC day, from the day's genesis, and checkpoints each minute", async () => {
    const base = midnight - 2;
    const clock = { now: ms(base) };
    const { s } = sampler(clock);
    s.ingest({ pairId: 7, price: '100.10', time: ms(base, 100) });
    s.ingest({ pairId: 7, price: '100.20', time: ms(base + 1, 100) });
    const constituents = [
      { venue: 'alpha', price: '100.29', time: ms(base + 2, 50) },
      { venue: 'beta', price: '100.31', time: ms(base + 2, 60) },
    ];
    s.ingest({ pairId: 7, price: '100.30', time: ms(base + 2, 100), constituents });
    clock.now = ms(base + 4, 600); // base+3 is carried
    await s.flush();

    const rows = await chainedSamplesBetween(database.db, 7, base, base + 10);
    expect(rows.map((r) => [r.second, r.carried])).toEqual([
      [base, false],
      [base + 1, false],
      [base + 2, false],
      [base + 3, true],
    ]);
    expect(rows[0]!.constituents).toEqual([{ venue: 'simulated', price: '100.10', time: ms(base, 100) }]);
    expect(rows[2]!.constituents).toEqual(constituents);
    expect(rows[3]!.constituents).toEqual(constituents);
    // Each row's hash is SHA-256 of its canonical encoding (the stored 18-place price hashes as sent).
    for (const r of rows) expect(r.hash).toBe(sha(sampleText(r)));
    expect(rows[0]!.prevHash).toBe(sha(genesisText(7, utcDayOf(base))));
    expect(rows[1]!.prevHash).toBe(rows[0]!.hash);
    // A new UTC day starts from its own genesis.
    expect(rows[2]!.prevHash).toBe(sha(genesisText(7, '2027-01-16')));
    expect(rows[3]!.prevHash).toBe(rows[2]!.hash);

    const heads = await minuteHeadsBetween(database.db, 7, base - 60, base + 60);
    expect(heads).toEqual([
      { minute: midnight - 60, lastSecond: base + 1, hash: rows[1]!.hash, samples: 2 },
      { minute: midnight, lastSecond: base + 3, hash: rows[3]!.hash, samples: 2 },
    ]);
  });

  it('after a restart, reads the chain back and continues it without rewriting a stored second', async () => {
    const base = midnight + 120;
    const clock = { now: ms(base) };
    const first = sampler(clock).s;
    first.ingest({ pairId: 8, price: '50.00', time: ms(base, 100) });
    clock.now = ms(base + 1, 600);
    await first.flush();
    await first.stop();
    const [before] = await chainedSamplesBetween(database.db, 8, base, base);

    const second = sampler(clock).s;
    second.ingest({ pairId: 8, price: '51.00', time: ms(base, 900) }); // a second already stored
    second.ingest({ pairId: 8, price: '52.00', time: ms(base + 5, 100) });
    clock.now = ms(base + 6, 600);
    await second.flush();
    const rows = await chainedSamplesBetween(database.db, 8, base, base + 10);
    expect(rows.map((r) => [r.second, r.price])).toEqual([
      [base, '50.000000000000000000'],
      [base + 5, '52.000000000000000000'],
    ]);
    expect(rows[0]).toEqual(before);
    expect(rows[1]!.prevHash).toBe(before!.hash);
    const heads = await minuteHeadsBetween(database.db, 8, base, base);
    expect(heads).toEqual([{ minute: base, lastSecond: base + 5, hash: rows[1]!.hash, samples: 2 }]);
  });
});
