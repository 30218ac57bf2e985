import { afterAll, describe, expect, it } from 'vitest';
import { type Clock, expectRollUpsConsistent, storedCandles, templateDatabase, testMarket, until } from '../../test/market.js';
import type { Database } from '../db/client.js';
import { D } from '../ledger/money.js';
import { unitCandleToCandle } from './candle.js';
import type { MarketService } from './market-service.js';
import type { Pair } from './pairs.js';
import { PairModel, partial, rollUpHistory, simulateHistory } from './simulated-feed.js';

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

  it('is the same minute live, second by second, as at a gap fill', () => {
    const model = new PairModel(BTC, 'live');
    const m = Math.floor(START / 60_000);
    const whole = model.minute(m, 60000, true);
    for (let s = 0; s < 60; s++) {
      const part = partial(whole, s);
      expect(part.o).toBe(whole.candle.o);
      expect(part.c).toBe(whole.prices[s]);
    }
    expect(partial(whole, 59)).toEqual(whole.candle);
    expect(new PairModel(BTC, 'live').minute(m, 60000).candle).toEqual(whole.candle);
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
      expect(one.market.indexPrice(pair.id)).toBe(two.market.indexPrice(pair.id));
    }
    // The last minute before the start closes at the reference price; the index moves from there.
    const last = (await storedCandles(one.database, 1, '1min')).at(-1)!;
    expect(new D(last.close).eq(60000)).toBe(true);
    expect(one.market.indexPrice(1)).toMatch(/^\d+\.\d{2}$/);
  });

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

    // What a gap fill gives for the same minutes: the same candles (the path depends on seed and start price).
    const model = new PairModel(market.getPair(1)!, 'test-seed');
    const replay = model.minute(live[1]!.openTime / 60, Number(live[0]!.close)).candle;
    const stored = live[1]!;
    const expected = unitCandleToCandle(market.getPair(1)!, replay);
    expect([stored.open, stored.high, stored.low, stored.close].map((v) => new D(v).toFixed(2))).toEqual([
      expected.o,
      expected.h,
      expected.l,
      expected.c,
    ]);

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
