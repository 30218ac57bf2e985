import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templateDatabase } from '../../test/market.js';
import type { Database } from '../db/client.js';
import { D } from './money.js';
import { usdtPrices } from './valuation.js';

let database: Database;
beforeAll(async () => {
  database = await templateDatabase();
});
afterAll(() => database.close());

describe('usdtPrices', () => {
  it('uses live prices and is not demo when a real feed prices every coin', async () => {
    const live = { price: (id: number) => new D(id * 10), demo: false };
    const { prices, demo } = await usdtPrices(database.db, live);
    expect(demo).toBe(false);
    expect(prices.get(1)?.toString()).toBe('10');
    expect(prices.get(34)?.toString()).toBe('340');
    expect(prices.get(3)?.toString()).toBe('1');
  });

  it('is demo while the feed is simulated, and falls back (demo) for a coin without a live price', async () => {
    expect((await usdtPrices(database.db, { price: () => new D(5), demo: true })).demo).toBe(true);
    const partial = await usdtPrices(database.db, { price: (id) => (id === 1 ? new D(61000) : undefined), demo: false });
    expect(partial.demo).toBe(true);
    expect(partial.prices.get(1)?.toString()).toBe('61000');
    expect(partial.prices.get(2)?.toString()).toBe('3000');
    const none = await usdtPrices(database.db);
    expect(none.demo).toBe(true);
  });
});
