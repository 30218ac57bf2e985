import { gt } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Clock,
  expectRollUpsConsistent,
  silentLog,
  storedCandles,
  templateDatabase,
  testMarket,
  until,
} from '../../test/market.js';
import type { Database } from '../db/client.js';
import { pairs } from '../db/schema.js';
import { D } from '../lib/money.js';
import { type Candle, unitCandleToCandle } from './candle.js';
import type { CandleStore } from './candle-store.js';
import type { FeedContext } from './feed.js';
import type { MarketService } from './market-service.js';
import type { Pair } from './pairs.js';
import { PairModel, rollUpHistory, SimulatedFeed, simulateHistory } from './simulated-feed.js';

/** 2025-03-05 13:47:31 UTC: a fixed start, so the history is the same at every run. */
const START = Date.parse('2025-03-05T13:47:31Z');
const BTC: Pair = {
  id: 1,
  symbol: 'BTC/USDT',
  currencyId: 1,
  legalId: 3,
  currencyName: 'BTC',
  legalName: 'USDT',
  logo: '',
  priceDecimals: 2,
  tickSize: '0.01',
  lotSize: '0.00001',
  minAmount: '0.0001',
  makerFeeRate: '0.0008',
  takerFeeRate: '0.001',
  openCoinTrade: true,
  openLever: true,
  openMicrotrade: true,
  sort: 1,
  tickUnits: 1,
  lotDecimals: 5,
  lotUnits: 1,
  fallbackBase: '60000',
  fallbackQuote: '1',
  priceBand: '0.05',
  mmLevels: null,
  mmDepth: null,
  mmSpreadBps: null,
};
const pairLike = (symbol: string, currencyName: string, fallbackBase: string, priceDecimals: number): Pair => ({
  ...BTC,
  symbol,
  currencyName,
  fallbackBase,
  priceDecimals,
});

const opened: Database[] = [];
const markets: MarketService[] = [];
afterAll(async () => {
  for (const m of markets) await m.stop();
  for (const d of opened) await d.close();
});
async function freshMarket(clock: Clock, overrides = {}) {
  const database = await templateDatabase();
  opened.push(database);
  // The feed's mechanics on the three base pairs (BTC, ETH, TRX): the spot-only pairs would only make
  // every backfill here three times as long.
  await database.db.delete(pairs).where(gt(pairs.id, 3));
  const market = await testMarket(database, clock, overrides);
  markets.push(market);
  return { database, market };
}

describe('simulated feed: the model', () => {
  it('gives the same history for the same seed and start, and another for another seed', async () => {
    const nowSec = START / 1000;
    const a = await simulateHistory(new PairModel(BTC, 'seed-a'), nowSec, 2, 10);
    const b = await simulateHistory(new PairModel(BTC, 'seed-a'), nowSec, 2, 10);
    const c = await simulateHistory(new PairModel(BTC, 'seed-b'), nowSec, 2, 10);
    expect(a).toEqual(b);
    expect(a.minutes.map((m) => m.c)).not.toEqual(c.minutes.map((m) => m.c));
    // The present price is the operators' reference price; the past walks away from it.
    expect(a.lastClose).toBe(60000);
    expect(a.minutes.length).toBe(2 * 1440 + 13 * 60 + 47);
    expect(a.olderDays.length).toBe(8);
  });

  it('walks with about the volatility of each coin (BTC 55 %, ETH 70 %, TRX 80 % a year)', async () => {
    for (const [pair, target] of [
      [BTC, 0.55],
      [pairLike('ETH/USDT', 'ETH', '3000', 2), 0.7],
      [pairLike('TRX/USDT', 'TRX', '0.12', 5), 0.8],
    ] as const) {
      const history = await simulateHistory(new PairModel(pair, 'vol'), START / 1000, 5, 5);
      const returns = history.minutes.slice(1).map((m, i) => Math.log(m.c / history.minutes[i]!.c));
      const mean = returns.reduce((s, r) => s + r, 0) / returns.length;
      const variance = returns.reduce((s, r) => s + (r - mean) ** 2, 0) / (returns.length - 1);
      const annual = Math.sqrt(variance * 525_600);
      expect(annual, pair.symbol).toBeGreaterThan(target * 0.7);
      expect(annual, pair.symbol).toBeLessThan(target * 1.3);
      for (const m of history.minutes) {
        expect(m.l).toBeLessThanOrEqual(Math.min(m.o, m.c));
        expect(m.h).toBeGreaterThanOrEqual(Math.max(m.o, m.c));
        expect(m.v).toBeGreaterThan(0);
      }
    }
  });

  it('rounds every price to the tick and never goes below one tick', async () => {
    const trx = pairLike('TRX/USDT', 'TRX', '0.12', 5);
    const history = await simulateHistory(new PairModel(trx, 'tick'), START / 1000, 1, 2);
    const candle = unitCandleToCandle(trx, history.minutes[0]!);
    for (const value of [candle.o, candle.h, candle.l, candle.c]) expect(value).toMatch(/^\d+\.\d{5}$/);
    const model = new PairModel(trx, 'tick');
    expect(model.units(1e-12)).toBe(1);
  });

  it('gives the same gap-fill minute for the same seed and start price (history is reproducible)', () => {
    const m = Math.floor(START / 60_000);
    const one = new PairModel(BTC, 'gap').minute(m, 60000).candle;
    expect(new PairModel(BTC, 'gap').minute(m, 60000).candle).toEqual(one);
    expect(new PairModel(BTC, 'other').minute(m, 60000).candle).not.toEqual(one);
  });

  it('rolls a fresh history up like the database does', async () => {
    const periods = rollUpHistory(await simulateHistory(new PairModel(BTC, 'roll'), START / 1000, 2, 40));
    expect(periods['1day'].length).toBe(41);
    const firstHour = periods['1min'].filter((m) => m.t >= periods['60min'][1]!.t && m.t < periods['60min'][1]!.t + 3600);
    const hour = periods['60min'][1]!;
    expect(hour.o).toBe(firstHour[0]!.o);
    expect(hour.c).toBe(firstHour.at(-1)!.c);
    expect(hour.h).toBe(Math.max(...firstHour.map((m) => m.h)));
    expect(hour.v).toBe(firstHour.reduce((s, m) => s + m.v, 0));
  });
});

describe('simulated feed: stored history', () => {
  it('backfills every pair, rolls it up consistently, and is the same in two databases', async () => {
    const clock = { now: START };
    const one = await freshMarket(clock);
    const two = await freshMarket(clock);
    await one.market.start();
    await two.market.start();
    expect(one.market.lastPrepare?.backfilledPairs).toBe(3);
    for (const pair of one.market.listPairs()) {
      const minutes = await storedCandles(one.database, pair.id, '1min');
      // One whole day before today, and today up to the minute before the start.
      expect(minutes.length).toBe(1440 + 13 * 60 + 47);
      expect((await storedCandles(one.database, pair.id, '1day')).length).toBe(3 + 2);
      expect(await expectRollUpsConsistent(one.database, pair.id)).toBeGreaterThan(100);
      expect(await storedCandles(two.database, pair.id, '1min')).toEqual(minutes);
    }
    // Started at the same moment with the same seed, the two publish different live samples: the 31
    // seconds of the forming minute were drawn from each process's CSPRNG, not from the seed.
    await until(() => one.market.live && two.market.live, 2000, 'both feeds live');
    const second = Math.floor(START / 1000);
    const samples = (market: MarketService) => market.listPairs().map((p) => market.priceAt(p.id, second));
    expect(samples(one.market).every(Boolean)).toBe(true);
    // Compared as a whole: TRX's coarse tick (about 14 ticks of spread after 31 seconds) could meet by chance.
    expect(samples(one.market)).not.toEqual(samples(two.market));
    expect(one.market.priceAt(1, second)).not.toBe(two.market.priceAt(1, second));
    // The last minute before the start closes at the reference price; the index moves from there.
    const last = (await storedCandles(one.database, 1, '1min')).at(-1)!;
    expect(new D(last.close).eq(60000)).toBe(true);
    expect(one.market.indexPrice(1)).toMatch(/^\d+\.\d{2}$/);
  }, 120_000); // two fresh backfills: slow on a busy machine

  it('stores each minute as it closes, rolled up, and continues after a restart from the stored close', async () => {
    const clock = { now: START };
    const { database, market } = await freshMarket(clock);
    await market.start();
    const before = (await storedCandles(database, 1, '1min')).length;
    // Two minutes pass: the live loop closes them and stores them with their roll-ups.
    clock.now = START + 125_000;
    await until(async () => (await storedCandles(database, 1, '1min')).length === before + 2, 5000, 'two live minutes');
    await market.store.drain();
    await expectRollUpsConsistent(database, 1);
    const live = (await storedCandles(database, 1, '1min')).slice(-3);

    // The live minutes are not the seed's: the seeded model, given the stored close before each, gives
    // other candles (it only shapes history: the backfill and a restart's gap fill).
    const model = new PairModel(market.getPair(1)!, 'test-seed');
    for (const i of [1, 2]) {
      const seeded = unitCandleToCandle(
        market.getPair(1)!,
        model.minute(live[i]!.openTime / 60, Number(live[i - 1]!.close)).candle,
      );
      const stored = live[i]!;
      expect([stored.open, stored.high, stored.low, stored.close].map((v) => new D(v).toFixed(2))).not.toEqual([
        seeded.o,
        seeded.h,
        seeded.l,
        seeded.c,
      ]);
      // Each live minute starts where the one before closed, and its candle holds its own range.
      expect(new D(stored.high).gte(D.max(stored.open, stored.close))).toBe(true);
      expect(new D(stored.low).lte(D.min(stored.open, stored.close))).toBe(true);
    }

    // Down for ten minutes: a restart fills exactly the missing minutes, deterministically.
    await market.stop();
    clock.now = START + 125_000 + 600_000;
    const restarted = await testMarket(database, clock);
    markets.push(restarted);
    await restarted.start();
    expect(restarted.lastPrepare).toMatchObject({ backfilledPairs: 0, gapFilledMinutes: 3 * 10 });
    const after = await storedCandles(database, 1, '1min');
    expect(after.length).toBe(before + 2 + 10);
    for (let i = 1; i < after.length; i++) expect(after[i]!.openTime - after[i - 1]!.openTime).toBe(60);
    await expectRollUpsConsistent(database, 1);
    let close = Number(live.at(-1)!.close);
    for (const row of after.slice(-10)) {
      const sim = model.minute(row.openTime / 60, close).candle;
      expect(new D(row.close).toFixed(2)).toBe(unitCandleToCandle(market.getPair(1)!, sim).c);
      close = Number(row.close);
    }
    await restarted.stop();
  });

  it('fills at most the configured number of minutes after a long downtime, leaving the rest as a gap', async () => {
    const clock = { now: START };
    const { database, market } = await freshMarket(clock);
    await market.start();
    await market.stop();
    const before = await storedCandles(database, 2, '1min');
    clock.now = START + 3 * 3600_000;
    const restarted = await testMarket(database, clock, { gapFillMaxMinutes: 30 });
    markets.push(restarted);
    await restarted.start();
    const after = await storedCandles(database, 2, '1min');
    expect(after.length - before.length).toBe(30);
    // The hole stays a hole: no made-up candles for the downtime beyond the cap.
    expect(after[before.length]!.openTime - before.at(-1)!.openTime).toBeGreaterThan(2 * 3600);
    await expectRollUpsConsistent(database, 2);
    await restarted.stop();
  });

  it('serves a 24h ticker and live candles for every period', async () => {
    const clock = { now: START };
    const { market } = await freshMarket(clock);
    await market.start();
    await until(() => market.live, 2000, 'live feed');
    const ticker = market.ticker(1)!;
    expect(ticker.price).toMatch(/^\d+\.\d{2}$/);
    expect(Number(ticker.high)).toBeGreaterThanOrEqual(Number(ticker.low));
    expect(Number(ticker.volume)).toBeGreaterThan(0);
    expect(ticker.change).toMatch(/^-?\d+\.\d{2}$/);
    for (const period of ['1min', '5min', '30min', '60min', '1day', '1week', '1mon'] as const) {
      const candle = market.currentCandle(1, period);
      expect(candle, period).toBeDefined();
      expect(candle!.c).toBe(market.indexPrice(1));
    }
    // The wallet's valuation reads the same index price and is labelled demo data.
    expect(market.usdtPrice(1)?.toFixed(2)).toBe(market.indexPrice(1));
    expect(market.usdtPrice(3)?.toString()).toBe('1');
    expect(market.livePrices.demo).toBe(true);
  });
});

/** One simulated feed on a test clock, without a database: what it publishes, second by second. */
async function liveFeed(seed: string, pair: Pair, startMs: number) {
  const clock = { now: startMs };
  const samples: { second: number; price: string }[] = [];
  const closed: Candle[] = [];
  const stored: Candle[] = [];
  const store = {
    last: async () => undefined,
    serial: <T>(work: () => Promise<T>) => work(),
    storeMinutes: async (_pairId: number, candles: Candle[]) => void stored.push(...candles),
  } as unknown as CandleStore;
  const ctx: FeedContext = {
    pairs: [pair],
    store,
    sink: {
      minute: (_pair, candle, isClosed) => void (isClosed && closed.push(candle)),
      repaired: async () => {},
      trade: (_pair, price, _quantity, timeMs) => void samples.push({ second: timeMs / 1000, price }),
      indexStatus: () => {},
      referenceDepth: () => {},
    },
    now: () => clock.now,
    log: silentLog,
    historyDays: 1,
    dailyHistoryDays: 1,
    gapFillMaxMinutes: 1440,
    signal: new AbortController().signal,
  };
  const feed = new SimulatedFeed({ seed });
  await feed.addPair(ctx, pair, pair.fallbackBase);
  /** Lets `seconds` seconds pass, one tick each. */
  const run = (seconds: number) => {
    for (let i = 0; i < seconds; i++) {
      clock.now += 1000;
      feed.advance(ctx);
    }
  };
  return { feed, samples, closed, stored, run };
}

/**
 * What someone holding the seed and every public record (each minute's close, each past sample) can
 * say about the next seconds with the feed's own seeded model: per second, the direction of the move
 * and the exact price. `minutes` are the observed minutes: the close before each and its 60 prices.
 */
function predictWithSeed(seed: string, pair: Pair, minutes: { m: number; prevClose: number; prices: number[] }[]) {
  const model = new PairModel(pair, seed);
  let seconds = 0;
  let directionHits = 0;
  let exactHits = 0;
  for (const { m, prevClose, prices } of minutes) {
    const predicted = Array.from(model.minute(m, prevClose).prices);
    for (let i = 0; i < 60; i++) {
      const before = i === 0 ? model.units(prevClose) : prices[i - 1]!;
      const predictedBefore = i === 0 ? model.units(prevClose) : predicted[i - 1]!;
      seconds++;
      if (Math.sign(predicted[i]! - predictedBefore) === Math.sign(prices[i]! - before)) directionHits++;
      if (predicted[i] === prices[i]) exactHits++;
    }
  }
  return { seconds, directionHits, exactHits };
}

describe('simulated feed: live seconds nobody can predict or choose', () => {
  // Eight decimals: an exact price hit by coincidence is then about one in ten million per second, so
  // any exact hit would mean the live walk shares randomness with the seed.
  const FINE = pairLike('BTC/USDT', 'BTC', '60000', 8);
  const minuteStart = Math.floor(START / 60_000) * 60_000;

  it('publishes different live samples from two feeds started together with the same seed', async () => {
    const one = await liveFeed('same-seed', BTC, minuteStart);
    const two = await liveFeed('same-seed', BTC, minuteStart);
    // The same history (the seeded minute the index starts from) …
    expect(one.stored).toEqual(two.stored);
    one.run(600);
    two.run(600);
    expect(one.samples.length).toBe(600);
    expect(one.samples.map((s) => s.second)).toEqual(two.samples.map((s) => s.second));
    // … and then a different future: practically every second differs.
    const same = one.samples.filter((s, i) => s.price === two.samples[i]!.price).length;
    expect(same).toBeLessThan(5);
    expect(one.closed.map((c) => c.c)).not.toEqual(two.closed.map((c) => c.c));
    // The live walk drew from the CSPRNG, and keeps no draw for a later second between ticks.
    expect(one.feed.draws.fetched).toBeGreaterThan(0);
  });

  it("hits a future second with the seed's model no more often than chance", async () => {
    const MINUTES = 20;
    const { samples, closed, stored, run } = await liveFeed('known-seed', FINE, minuteStart);
    run(MINUTES * 60);
    // Minute m of the run: its previous close (public) and its 60 published samples.
    const toUnits = (price: string) => Math.round(Number(price) * 1e8);
    const observed = Array.from({ length: MINUTES - 1 }, (_, k) => {
      const m = minuteStart / 60_000 + 1 + k;
      return {
        m,
        prevClose: Number(closed[k]!.c),
        prices: samples.slice(60 * k + 59, 60 * k + 119).map((s) => toUnits(s.price)),
      };
    });
    for (const [k, o] of observed.entries()) {
      expect(samples[60 * k + 59]!.second).toBe(o.m * 60);
      expect(o.prices.at(-1)).toBe(toUnits(closed[k + 1]!.c));
    }
    expect(stored.length).toBe(1);
    const { seconds, directionHits, exactHits } = predictWithSeed('known-seed', FINE, observed);
    expect(seconds).toBe((MINUTES - 1) * 60);
    // Direction: a fair coin's hit rate, within four standard deviations (0.5 / √n each).
    const bound = 4 * (0.5 / Math.sqrt(seconds));
    expect(Math.abs(directionHits / seconds - 0.5)).toBeLessThan(bound);
    expect(exactHits).toBe(0);

    // The same predictor on a seeded path (what the live feed used to publish) gets every second: the
    // check above would catch a live walk that followed the seed.
    const model = new PairModel(FINE, 'known-seed');
    let prevClose = Number(closed[0]!.c);
    const seededPath = observed.map(({ m }) => {
      const sim = model.minute(m, prevClose);
      const minute = { m, prevClose, prices: Array.from(sim.prices) };
      prevClose = sim.candle.c / 1e8;
      return minute;
    });
    const control = predictWithSeed('known-seed', FINE, seededPath);
    expect(control.directionHits).toBe(control.seconds);
    expect(control.exactHits).toBe(control.seconds);
  });

  it('builds each live minute from its published seconds', async () => {
    const { samples, closed, run } = await liveFeed('candles', BTC, minuteStart + 30_000);
    run(185);
    // The minute the feed started in, then three whole ones; each closed candle spans its samples.
    expect(closed.length).toBe(3);
    for (const candle of closed.slice(1)) {
      const inMinute = samples.filter((s) => s.second >= candle.t && s.second < candle.t + 60).map((s) => new D(s.price));
      expect(inMinute.length).toBe(60);
      expect(candle.o).toBe(inMinute[0]!.toFixed(2));
      expect(candle.c).toBe(inMinute.at(-1)!.toFixed(2));
      expect(candle.h).toBe(D.max(...inMinute).toFixed(2));
      expect(candle.l).toBe(D.min(...inMinute).toFixed(2));
      expect(new D(candle.v).gt(0)).toBe(true);
    }
    for (let i = 1; i < closed.length; i++) expect(closed[i]!.t - closed[i - 1]!.t).toBe(60);
  });
});
