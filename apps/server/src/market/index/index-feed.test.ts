import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReplayFixture } from '../../../test/binance-replay.js';
import { storedCandles, templateDatabase, testMarket, until } from '../../../test/market.js';
import { type StandinVenue, startVenueStandins, type VenueStandins } from '../../../test/venue-standins.mjs';
import type { Database } from '../../db/client.js';
import { D } from '../../lib/money.js';
import type { IndexStatus } from '../feed.js';
import type { IndexTick, MarketService } from '../market-service.js';
import type { IndexFeedOptions } from './index-feed.js';
import { VENUE_NAMES, VENUES } from './venues.js';

// Binance's recorded 1-minute klines of 2025-03-03 10:00–10:09: the history venue's REST.
const binance = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/binance-btcusdt.json'), 'utf8'),
) as ReplayFixture;
const at = (iso: string) => Date.parse(iso);
const BTC = 1;
const market = (venue: StandinVenue) => VENUES[venue].market('BTC', 'USDT');

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** The market on the index feed, every venue a local stand-in; the test moves the clock. */
async function indexMarket(minConstituents = 4) {
  const clock = { now: at('2025-03-03T10:06:00Z') };
  const standins: VenueStandins = await startVenueStandins({ clock, klines: { BTCUSDT: binance.klines } });
  const database: Database = await templateDatabase();
  const index: IndexFeedOptions = {
    venues: VENUE_NAMES.map((name) => ({ name, wsUrl: standins.urls[name].ws })),
    historyRestUrl: standins.urls.binance.rest,
    methodology: { staleMs: 2_000, outlierBand: '0.02', minConstituents, weights: {} },
    backoffMs: 20,
    maxBackoffMs: 150,
    evaluateMs: 20,
  };
  const m: MarketService = await testMarket(database, clock, { feed: 'index', index });
  cleanup.push(
    () => database.close(),
    () => standins.close(),
    () => m.stop(),
  );
  const ticks: IndexTick[] = [];
  const statuses: IndexStatus[] = [];
  m.subscribe((t) => t.pairId === BTC && ticks.push(t));
  m.on('indexStatus', ({ pair, status }) => pair.id === BTC && statuses.push(status));
  await m.start();
  for (const v of VENUE_NAMES) await until(() => standins.subscribed(v).includes(market(v)), 5000, `${v} subscribed`);

  /** Trades on the given venues at the clock's time, then waits for the index to have seen them. */
  const trades = async (prices: Partial<Record<StandinVenue, string>>) => {
    for (const [v, price] of Object.entries(prices)) standins.trade(v as StandinVenue, market(v as StandinVenue), price);
    await until(
      () => Object.keys(prices).every((v) => m.venueStates(BTC).find((s) => s.venue === v)?.time === clock.now),
      5000,
      'the trades at the index',
    );
  };
  const state = (venue: StandinVenue) => m.venueStates(BTC).find((s) => s.venue === venue)?.state;
  return { clock, standins, database, market: m, ticks, statuses, trades, state };
}

const FIVE = { binance: '86545.16', okx: '86547.3', coinbase: '86539.98', kraken: '86541.2', bybit: '86543.51' };

describe('multi-venue index against local stand-ins of the venues', () => {
  it('is the median of five venues, each tick carrying its constituents', async () => {
    const { clock, market: m, ticks, trades } = await indexMarket();
    expect(m.demo).toBe(false);
    expect(m.lastPrepare?.backfilledPairs).toBeGreaterThanOrEqual(1);
    await trades(FIVE);
    await until(() => m.indexSample(BTC)?.constituents?.length === 5, 3000, 'a five-venue index');
    const sample = m.indexSample(BTC)!;
    expect(sample).toMatchObject({ price: '86543.51', source: 'index', time: clock.now });
    expect(sample.constituents).toContainEqual({ venue: 'kraken', price: '86541.2', time: clock.now });
    const tick = await until(() => ticks.find((t) => t.constituents?.length === 5), 3000, 'a tick with five constituents');
    expect(tick).toMatchObject({ symbol: 'BTC/USDT', price: '86543.51' });
    expect(tick.constituents!.map((c) => c.venue).sort()).toEqual([...VENUE_NAMES].sort());
    expect(m.indexStatus(BTC)).toMatchObject({ available: true, constituents: 5, required: 4 });
  });

  it('excludes a stalled venue after its staleness limit and goes on from the others', async () => {
    const { clock, standins, market: m, trades, state } = await indexMarket();
    await trades(FIVE);
    standins.stall('kraken');
    clock.now += 1_500;
    await trades({ binance: '86550.00', okx: '86551.00', coinbase: '86549.00', bybit: '86552.00' });
    expect(state('kraken')).toBe('live'); // 1.5 s old: still within the 2 s limit
    clock.now += 1_000;
    await trades({ binance: '86560.00', okx: '86561.00', coinbase: '86559.00', bybit: '86562.00' });
    await until(() => state('kraken') === 'stale', 3000, 'kraken stale');
    const sample = await until(() => (m.indexSample(BTC)?.time === clock.now ? m.indexSample(BTC) : undefined), 3000, 'index');
    expect(sample.constituents!.map((c) => c.venue)).not.toContain('kraken');
    expect(sample.price).toBe('86560.50');
    expect(m.indexStatus(BTC)).toMatchObject({ available: true, constituents: 4 });
    // A venue closing its connection is reconnected and counts again.
    standins.resume('kraken');
    standins.drop('kraken', { refuse: false });
    await until(() => standins.connections('kraken') >= 2, 5000, 'kraken reconnected');
    await until(() => standins.subscribed('kraken').includes('XBT/USDT'), 5000, 'kraken subscribed again');
    await trades({ kraken: '86561.50' });
    await until(() => state('kraken') === 'live', 3000, 'kraken live again');
  });

  it('rejects a venue printing 20 % away as an outlier', async () => {
    const { clock, market: m, trades, state } = await indexMarket();
    await trades(FIVE);
    clock.now += 500;
    await trades({ bybit: new D(FIVE.bybit).times('1.2').toFixed(2) });
    await until(() => state('bybit') === 'outlier', 3000, 'bybit an outlier');
    const sample = await until(() => (m.indexSample(BTC)?.time === clock.now ? m.indexSample(BTC) : undefined), 3000, 'index');
    expect(sample.constituents!.map((c) => c.venue).sort()).toEqual(['binance', 'coinbase', 'kraken', 'okx']);
    // The median of the other four: (86541.2 + 86545.16) / 2.
    expect(sample.price).toBe('86543.18');
    expect(m.venueStates(BTC).find((s) => s.venue === 'bybit')).toMatchObject({ price: '103852.21', state: 'outlier' });
  });

  it('is unavailable while two venues are down (no tick, no sample), back when they return; the gap is repaired', async () => {
    const { clock, standins, database, market: m, ticks, statuses, trades } = await indexMarket();
    await trades(FIVE);
    await until(() => m.indexSample(BTC)?.constituents?.length === 5, 3000, 'a five-venue index');
    const downAt = clock.now;
    standins.drop('okx');
    standins.drop('coinbase');
    clock.now += 2_500;
    await trades({ binance: '86555.00', kraken: '86556.00', bybit: '86557.00' });
    await until(() => m.indexStatus(BTC)?.available === false, 3000, 'the index unavailable');
    expect(m.indexSample(BTC)).toBeUndefined();
    expect(m.indexStatus(BTC)).toMatchObject({
      available: false,
      constituents: 0,
      required: 4,
      reason: '3 live venues, 4 needed',
    });
    expect(statuses.at(-1)).toMatchObject({ available: false });
    const ticksWhileDown = ticks.length;
    // Three minutes pass with the index down: trades on three venues publish nothing.
    for (const iso of ['2025-03-03T10:07:10Z', '2025-03-03T10:08:10Z', '2025-03-03T10:09:05Z']) {
      clock.now = at(iso);
      await trades({ binance: '86600.00', kraken: '86601.00', bybit: '86602.00' });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ticks.length).toBe(ticksWhileDown);
    expect(m.indexSample(BTC)).toBeUndefined();
    expect(ticks.every((t) => t.time <= downAt + 2_500)).toBe(true);

    // The two venues come back: the index is available again from five constituents.
    clock.now = at('2025-03-03T10:09:10Z');
    standins.restore('okx');
    standins.restore('coinbase');
    await until(() => standins.subscribed('okx').length && standins.subscribed('coinbase').length, 5000, 'both back');
    await trades({ binance: '86670.00', okx: '86671.00', coinbase: '86669.00', kraken: '86672.00', bybit: '86668.00' });
    await until(() => m.indexSample(BTC)?.constituents?.length === 5, 3000, 'the index back');
    expect(m.indexSample(BTC)?.price).toBe('86670.00');
    expect(m.indexStatus(BTC)).toMatchObject({ available: true, constituents: 5 });
    // One event per flip: unavailable at the start (no venue yet), available, down, back.
    expect(statuses.map((s) => s.available)).toEqual([false, true, false, true]);
    await until(() => ticks.at(-1)?.time === clock.now, 3000, 'a tick once back');

    // Minutes 10:07 and 10:08 had no index tick: their candles come from the history venue's klines.
    await until(
      async () => (await storedCandles(database, BTC, '1min')).some((c) => c.openTime === at('2025-03-03T10:08:00Z') / 1000),
      5000,
      'minute 10:08 repaired',
    );
    await m.store.drain();
    const minutes = await storedCandles(database, BTC, '1min');
    expect(minutes.map((c) => (c.openTime - at('2025-03-03T10:00:00Z') / 1000) / 60)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (const i of [7, 8]) expect(new D(minutes[i]!.close).eq(binance.klines['1m'][i]![4])).toBe(true);
    // Minute 10:06 is the index's own: opened at the first index price, closed at the last before the drop.
    expect(minutes[6]).toMatchObject({ open: expect.stringMatching(/^865\d\d\./) });
    expect(standins.requests.some((r) => Number(r.url.searchParams.get('startTime')) === at('2025-03-03T10:07:00Z'))).toBe(true);
  });
});
