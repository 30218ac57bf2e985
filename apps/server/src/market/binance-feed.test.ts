import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Replay, type ReplayFixture, startBinanceReplay } from '../../test/binance-replay.js';
import { expectRollUpsConsistent, storedCandles, templateDatabase, testMarket, until } from '../../test/market.js';
import type { Database } from '../db/client.js';
import { D } from '../lib/money.js';
import type { MarketService } from './market-service.js';

const fixture = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../test/fixtures/binance-btcusdt.json'), 'utf8'),
) as ReplayFixture;
const at = (iso: string) => Date.parse(iso) / 1000;
const BTC = 1;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function binanceMarket(replayOptions: { refuse?: number } = {}) {
  const clock = { now: fixture.sessions[0]!.start };
  const replay: Replay = await startBinanceReplay(fixture, { clock, ...replayOptions });
  const database: Database = await templateDatabase();
  const market: MarketService = await testMarket(database, clock, {
    feed: 'binance',
    restUrl: replay.restUrl,
    wsUrl: replay.wsUrl,
    binance: { backoffMs: 40, maxBackoffMs: 1000, staleMs: 10_000 },
  });
  cleanup.push(
    () => database.close(),
    () => replay.close(),
    () => market.stop(),
  );
  return { clock, replay, database, market };
}

describe('Binance adapter against the local replay server', () => {
  it('backfills over REST, goes live, reconnects after a drop and repairs the missed minutes', async () => {
    const { replay, database, market } = await binanceMarket();
    await market.start();
    expect(market.demo).toBe(false);
    // History from REST: the minutes closed by 10:06:00 and the older days.
    expect(market.lastPrepare?.backfilledPairs).toBe(1);
    const backfilled = await storedCandles(database, BTC, '1min');
    expect(backfilled.map((c) => c.openTime)).toEqual([0, 1, 2, 3, 4, 5].map((i) => at('2025-03-03T10:00:00Z') + i * 60));
    expect((await storedCandles(database, BTC, '1day')).map((c) => c.openTime)).toEqual([
      at('2025-02-27T00:00:00Z'),
      at('2025-02-28T00:00:00Z'),
      at('2025-03-01T00:00:00Z'),
      at('2025-03-03T00:00:00Z'),
    ]);
    // The one websocket subscribes to the three streams of every pair.
    await until(() => replay.upgrades.length > 0, 5000, 'a websocket connection');
    expect(replay.upgrades[0]?.streams).toEqual(
      expect.arrayContaining(['btcusdt@kline_1m', 'btcusdt@trade', 'btcusdt@depth10', 'ethusdt@trade', 'trxusdt@depth10']),
    );

    // Session 1 streams minute 10:06, then the server drops the connection; session 2 starts at 10:09:10.
    await until(
      async () => (await storedCandles(database, BTC, '1min')).some((c) => c.openTime === at('2025-03-03T10:09:00Z')),
      10_000,
      'minute 10:09',
    );
    await market.store.drain();
    expect(replay.upgrades.filter((u) => u.accepted)).toHaveLength(2);

    // 10:07 and 10:08 never came over the websocket: they were fetched over REST after the reconnect.
    const repairs = replay.requests.filter(
      (u) =>
        u.searchParams.get('interval') === '1m' &&
        u.searchParams.get('symbol') === 'BTCUSDT' &&
        Number(u.searchParams.get('startTime')) === at('2025-03-03T10:07:00Z') * 1000,
    );
    expect(repairs.length).toBeGreaterThanOrEqual(1);
    const minutes = await storedCandles(database, BTC, '1min');
    expect(minutes.map((c) => c.openTime)).toEqual([...Array(10).keys()].map((i) => at('2025-03-03T10:00:00Z') + i * 60));
    // Every stored minute is the exchange's final candle, rounded to the pair's tick.
    for (const [i, row] of fixture.klines['1m'].entries()) {
      const stored = minutes[i]!;
      expect(new D(stored.open).toFixed(2), `open ${i}`).toBe(new D(row[1]).toFixed(2));
      expect(new D(stored.high).toFixed(2)).toBe(new D(row[2]).toFixed(2));
      expect(new D(stored.low).toFixed(2)).toBe(new D(row[3]).toFixed(2));
      expect(new D(stored.close).toFixed(2)).toBe(new D(row[4]).toFixed(2));
      expect(new D(stored.volume).eq(row[5]), `volume ${i}`).toBe(true);
      expect(new D(stored.amount).eq(row[7]), `amount ${i}`).toBe(true);
    }
    // And the longer periods are rolled up from them, the 10:05 five minutes included.
    await expectRollUpsConsistent(database, BTC);
    const five = (await storedCandles(database, BTC, '5min')).find((c) => c.openTime === at('2025-03-03T10:05:00Z'))!;
    expect(new D(five.open).eq('86545.16')).toBe(true);
    expect(new D(five.close).eq('86670.83')).toBe(true);
    expect(new D(five.high).eq('86726.26')).toBe(true);
    expect(new D(five.low).eq('86504.76')).toBe(true);

    // The index price is the last trade; the exchange's book is kept as a reference only.
    expect(market.indexPrice(BTC)).toBe('86670.83');
    expect(market.indexSample(BTC)).toMatchObject({ price: '86670.83', source: 'binance', time: 1740996599900 });
    expect(market.referenceDepth(BTC)?.asks[0]).toEqual(['86688.00', '2.10440000']);
    expect((await market.depth(market.getPair(BTC)!)).asks).toEqual([]);
    expect(market.livePrices.demo).toBe(false);
  });

  it('backs off exponentially while the exchange refuses connections', async () => {
    const { replay, market } = await binanceMarket({ refuse: 3 });
    await market.start();
    await until(() => replay.upgrades.some((u) => u.accepted), 5000, 'an accepted connection');
    const times = replay.upgrades.map((u) => u.at);
    expect(times.length).toBeGreaterThanOrEqual(4);
    const gaps = times.slice(1, 4).map((t, i) => t - times[i]!);
    // 40, 80, 160 ms (±20 %): each wait longer than the one before.
    expect(gaps[1]!).toBeGreaterThan(gaps[0]!);
    expect(gaps[2]!).toBeGreaterThan(gaps[1]!);
    expect(gaps[0]!).toBeGreaterThanOrEqual(25);
  });

  it('continues from the stored history at a restart: only the missing minutes are fetched', async () => {
    const { clock, replay, database, market } = await binanceMarket();
    await market.start();
    await until(async () => (await storedCandles(database, BTC, '1min')).length === 10, 10_000, 'ten minutes');
    await market.stop();
    const requestsBefore = replay.requests.length;
    clock.now = at('2025-03-03T10:12:00Z') * 1000;
    const restarted = await testMarket(database, clock, { feed: 'binance', restUrl: replay.restUrl, wsUrl: replay.wsUrl });
    cleanup.push(() => restarted.stop());
    await restarted.start();
    expect(restarted.lastPrepare).toMatchObject({ backfilledPairs: 0 });
    const btcRequests = replay.requests.slice(requestsBefore).filter((u) => u.searchParams.get('symbol') === 'BTCUSDT');
    expect(btcRequests.map((u) => Number(u.searchParams.get('startTime')))).toContain(at('2025-03-03T10:10:00Z') * 1000);
    expect(btcRequests.every((u) => u.searchParams.get('interval') === '1m')).toBe(true);
    expect(await storedCandles(database, BTC, '1min')).toHaveLength(10);
  });
});
