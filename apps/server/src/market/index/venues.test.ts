import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../../../test/market.js';
import { startVenueStandins, type VenueStandins } from '../../../test/venue-standins.mjs';
import { indexFeedConfig } from './index-config.js';
import { VENUE_NAMES, VENUES } from './venues.js';

type VenueFixture = { trade: unknown; expected: unknown[]; acks: unknown[]; noise: unknown[]; subscribe?: unknown };
const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '../../../test/fixtures/index-venues.json'), 'utf8')) as {
  venues: Record<(typeof VENUE_NAMES)[number], VenueFixture>;
};
const text = (m: unknown) => (typeof m === 'string' ? m : JSON.stringify(m));

let standins: VenueStandins | undefined;
afterEach(async () => {
  await standins?.close();
  standins = undefined;
});

describe('venue protocols', () => {
  it.each(VENUE_NAMES)('%s: reads the recorded trade message and ignores acks and heartbeats', (name) => {
    const venue = VENUES[name];
    const f = fixture.venues[name];
    expect(venue.parse(text(f.trade))).toEqual(f.expected);
    for (const m of [...f.acks, ...f.noise]) expect(venue.parse(text(m))).toEqual([]);
    if (f.subscribe) expect(venue.subscribe([venue.market('BTC', 'USDT')]).map((s) => JSON.parse(s))).toEqual([f.subscribe]);
  });

  it('refuses a price that is not a decimal string (never a float) or not positive', () => {
    const trade = structuredClone(fixture.venues.bybit.trade) as { data: { p: unknown }[] };
    trade.data[0]!.p = 86543.51;
    expect(() => VENUES.bybit.parse(JSON.stringify(trade))).toThrow(/not a decimal string/);
    trade.data[0]!.p = '0';
    expect(() => VENUES.bybit.parse(JSON.stringify(trade))).toThrow(/not a positive price/);
    expect(VENUES.kraken.market('BTC', 'USDT')).toBe('XBT/USDT');
    expect(VENUES.kraken.market('DOGE', 'USDT')).toBe('XDG/USDT');
    expect(VENUES.okx.market('SOL', 'USDT')).toBe('SOL-USDT');
  });

  it.each(VENUE_NAMES)('%s: the stand-in answers the subscription and sends trades the adapter reads back', async (name) => {
    standins = await startVenueStandins({ venues: [name] });
    const venue = VENUES[name];
    const market = venue.market('BTC', 'USDT');
    const ws = new WebSocket(venue.url(standins.urls[name].ws, [market]));
    const trades: unknown[] = [];
    ws.on('message', (data) => trades.push(...venue.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    for (const m of venue.subscribe([market])) ws.send(m);
    await until(() => standins!.subscribed(name).includes(market), 3000, 'the subscription');
    standins.trade(name, market, '86500.10', { quantity: '0.25', time: 1_740_996_361_123 });
    await until(() => trades.length > 0, 3000, 'a trade');
    expect(trades).toEqual([{ market, price: '86500.1', quantity: '0.25', time: 1_740_996_361_123 }]);
    ws.terminate();
  });
});

describe('index settings', () => {
  it('reads venues, URLs and limits, refusing what cannot be an index', () => {
    const c = indexFeedConfig(
      { MARKET_INDEX_VENUES: 'okx, Kraken,bybit', MARKET_KRAKEN_WS_URL: 'ws://127.0.0.1:1', MARKET_INDEX_OUTLIER_PCT: '1.5' },
      'http://127.0.0.1:2',
    );
    expect(c.venues).toEqual([
      { name: 'okx', wsUrl: VENUES.okx.defaultWsUrl },
      { name: 'kraken', wsUrl: 'ws://127.0.0.1:1' },
      { name: 'bybit', wsUrl: VENUES.bybit.defaultWsUrl },
    ]);
    expect(c.methodology).toEqual({ staleMs: 10_000, outlierBand: '0.015', minConstituents: 3, weights: {} });
    expect(indexFeedConfig({}, 'x').venues.map((v) => v.name)).toEqual([...VENUE_NAMES]);
    expect(() => indexFeedConfig({ MARKET_INDEX_VENUES: 'binance,okx,ftx' }, 'x')).toThrow(/unknown venue "ftx"/);
    expect(() => indexFeedConfig({ MARKET_INDEX_VENUES: 'binance,okx' }, 'x')).toThrow(/needs 3/);
    expect(() => indexFeedConfig({ MARKET_INDEX_MIN_CONSTITUENTS: '1' }, 'x')).toThrow(/≥ 2/);
    expect(() => indexFeedConfig({ MARKET_INDEX_OUTLIER_PCT: '0' }, 'x')).toThrow(/OUTLIER_PCT/);
    expect(indexFeedConfig({ MARKET_INDEX_WEIGHTS: 'binance=2,okx=1' }, 'x').methodology.weights).toEqual({ binance: 2, okx: 1 });
    expect(() => indexFeedConfig({ MARKET_INDEX_WEIGHTS: 'binance=-1' }, 'x')).toThrow(/WEIGHTS/);
  });
});
