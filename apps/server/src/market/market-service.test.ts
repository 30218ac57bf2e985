import { afterEach, describe, expect, it } from 'vitest';
import { templateDatabase, testMarket } from '../../test/market.js';
import type { Database } from '../db/client.js';
import type { FeedSink, IndexStatus } from './feed.js';
import type { IndexTick, MarketService } from './market-service.js';

const BTC = 1;
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** A market with no feed running; the test reports to it as a feed would, through its sink. */
async function market() {
  const clock = { now: Date.parse('2025-03-03T10:06:00Z') };
  const database: Database = await templateDatabase();
  const m: MarketService = await testMarket(database, clock, { feed: 'index' });
  cleanup.push(() => database.close());
  const sink = (m as unknown as { sink: FeedSink }).sink;
  const pair = m.getPair(BTC)!;
  const ticks: (IndexTick & { at: number })[] = [];
  m.subscribe((t) => t.pairId === BTC && ticks.push({ ...t, at: Date.now() }));
  const trade = (price: string) => {
    sink.minute(pair, { t: Math.floor(clock.now / 60_000) * 60, o: '100', h: '110', l: '90', c: price, v: '1', a: '100' }, false);
    sink.trade(pair, price, '1', clock.now, [{ venue: 'okx', price, time: clock.now - 5 }]);
  };
  const status = (available: boolean): IndexStatus => ({
    available,
    reason: available ? '' : '2 live venues, 3 needed',
    constituents: available ? 3 : 0,
    required: 3,
    since: clock.now,
  });
  return { m, sink, pair, ticks, trade, status, clock };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('market service: index ticks', () => {
  it('passes constituents on, and publishes nothing while the index is unavailable', async () => {
    const { m, sink, pair, ticks, trade, status, clock } = await market();
    const flips: boolean[] = [];
    m.on('indexStatus', ({ status: s }) => flips.push(s.available));
    sink.indexStatus(pair, status(true));
    trade('100.00');
    await sleep(20);
    expect(ticks.at(-1)).toMatchObject({ price: '100.00', constituents: [{ venue: 'okx', price: '100.00' }] });
    expect(m.indexSample(BTC)).toMatchObject({ price: '100.00', source: 'index', constituents: [{ venue: 'okx' }] });

    sink.indexStatus(pair, status(false));
    sink.indexStatus(pair, status(false)); // the same state again: no second event
    const before = ticks.length;
    clock.now += 1000;
    sink.minute(
      pair,
      { t: Math.floor(clock.now / 60_000) * 60, o: '100', h: '110', l: '90', c: '100.00', v: '1', a: '100' },
      false,
    );
    await sleep(300);
    expect(ticks.length).toBe(before);
    expect(m.indexSample(BTC)).toBeUndefined();
    expect(m.indexStatus(BTC)).toMatchObject({ available: false, reason: '2 live venues, 3 needed' });
    sink.indexStatus(pair, status(true));
    expect(flips).toEqual([true, false, true]);
  });

  it('does not hold a price move back behind a push that only repeated the price', async () => {
    const { sink, pair, ticks, trade, status } = await market();
    sink.indexStatus(pair, status(true));
    trade('100.00');
    await sleep(300);
    // The index's once-a-second tick at an unchanged price …
    trade('100.00');
    await sleep(30);
    const repeated = ticks.length;
    // … does not delay the next move by the 250 ms window.
    const moved = Date.now();
    trade('101.00');
    await sleep(100);
    const push = ticks.find((t) => t.price === '101.00');
    expect(ticks.length).toBeGreaterThan(repeated);
    expect(push!.at - moved).toBeLessThan(100);
    // Moves themselves still go out at most every 250 ms.
    trade('102.00');
    await sleep(50);
    expect(ticks.some((t) => t.price === '102.00')).toBe(false);
    await sleep(250);
    expect(ticks.some((t) => t.price === '102.00')).toBe(true);
  });
});
