import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../../test/market.js';
import { USDT } from '../../../test/money.js';
import { serverRestarts } from '../../../test/restart.js';
import { coinBalance, depth, placeOrder, trader } from '../../../test/spot.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { candles, currencies, currencySettings, ledgerEntries, pairs } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { D } from '../../lib/money.js';
import { ListingError, listingRules } from './listing.js';

const NEW_COIN = { id: 901, name: 'NEWC', fullName: 'New Coin', icon: '', decimals: 8, sort: 90 };
const START = '1.25';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    marketHistoryDays: 1,
    marketDailyHistoryDays: 2,
    marketMaker: { levels: 3, spreadBps: 10, stepBps: 10, levelQuote: '500', refreshBps: 5, refreshMs: 60_000, staleMs: 30_000 },
  });
});
const restart = serverRestarts();
let restarted = false;
afterAll(async () => {
  if (!restarted) await t?.close();
});

describe('listing rules', () => {
  it('work the tick, lot and minimum out from the start price', () => {
    expect(listingRules({ currencyId: 1, startPrice: '1.25' }, 8)).toMatchObject({
      priceDecimals: 5,
      tickSize: '0.00001',
      lotSize: '0.01',
      minAmount: '4',
      makerFeeRate: '0.0008',
      takerFeeRate: '0.001',
      marketMakerFunding: '80000',
    });
    expect(listingRules({ currencyId: 1, startPrice: '60000' }, 8)).toMatchObject({ priceDecimals: 1, lotSize: '0.000001' });
    expect(listingRules({ currencyId: 1, startPrice: '0.0004' }, 2)).toMatchObject({ priceDecimals: 8, lotSize: '1' });
    expect(listingRules({ currencyId: 1, startPrice: '2', tickSize: '0.001', priceDecimals: 3 }, 8)).toMatchObject({
      tickSize: '0.001',
    });
  });

  it('take the price’s order of magnitude from its digits, not from a float that rounds 999.9…9 up to 1000', () => {
    // As a float, 999.99999999999999 is 1000 and its log10 3: the lot would come out ten times finer.
    expect(listingRules({ currencyId: 1, startPrice: '999.99999999999999' }, 8)).toMatchObject({ lotSize: '0.0001' });
    expect(listingRules({ currencyId: 1, startPrice: '1000' }, 8)).toMatchObject({ lotSize: '0.00001' });
  });

  it('refuse a start price that is not a positive plain decimal, and a lot finer than the coin', () => {
    for (const startPrice of ['0', '-1', 'abc', '1e5', '']) {
      expect(() => listingRules({ currencyId: 1, startPrice }, 8)).toThrow(ListingError);
    }
    expect(() => listingRules({ currencyId: 1, startPrice: '1', lotSize: '0.001' }, 2)).toThrow(ListingError);
  });
});

describe('listing a new coin at runtime', () => {
  it('creates its USDT pair, starts its demo index at the start price and the market maker quotes it', async () => {
    await t.app.market.start();
    await t.app.marketMaker.start();
    await t.database.db.insert(currencies).values(NEW_COIN);

    const pair = await t.app.spot.listPair({ currencyId: NEW_COIN.id, startPrice: START });
    expect(pair).toMatchObject({ symbol: 'NEWC/USDT', currencyId: NEW_COIN.id, legalId: USDT, tickSize: '0.00001' });
    const [settings] = await t.database.db.select().from(currencySettings).where(eq(currencySettings.currencyId, NEW_COIN.id));
    expect(new D(settings!.fallbackPrice).eq(START)).toBe(true);

    // The index starts at the start price (one simulated minute ending there), and moves from it.
    const index = t.app.market.indexPrice(pair.id);
    expect(index).toBeDefined();
    expect(Math.abs(Number(index) / 1.25 - 1)).toBeLessThan(0.01);
    const quotes = await t.get('currency/quotation_new');
    const listed = JSON.stringify(quotes.message);
    expect(listed).toContain('NEWC/USDT');

    // No invented past: only the minute that ends at the start price is stored.
    const stored = await t.database.db
      .select()
      .from(candles)
      .where(and(eq(candles.pairId, pair.id), eq(candles.period, '1min')));
    expect(stored.length).toBeLessThanOrEqual(2);

    // The market maker was funded with the coin through the ledger and quotes both sides.
    const funding = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'market_maker_funding'));
    expect(funding.some((e) => e.memo === `listing of pair ${pair.id}`)).toBe(true);
    const book = await until(
      async () => {
        const d = await depth(t, 'NEWC/USDT');
        return d.bids.length === 3 && d.asks.length === 3 ? d : undefined;
      },
      10_000,
      'NEWC/USDT quotes',
    );
    expect(new D(book.bids[0]![0]).lt(book.asks[0]![0])).toBe(true);

    // A user buys the new coin from the market maker at its quote.
    const buyer = await trader(t, { [USDT]: '1000' });
    const bought = await placeOrder(t, buyer.token, {
      legal_id: String(USDT),
      currency_id: String(NEW_COIN.id),
      type: '1',
      order_type: 'market',
      total: '20',
    });
    expect(bought.type).toBe('ok');
    expect(bought.message).toMatchObject({ status: 'completed', symbol: 'NEWC/USDT' });
    expect(new D((await coinBalance(t, buyer.id, NEW_COIN.id)).available).gt(0)).toBe(true);

    // Listing again changes nothing.
    const again = await t.app.spot.listPair({ currencyId: NEW_COIN.id, startPrice: '9' });
    expect(again.id).toBe(pair.id);
    expect(await t.database.db.select().from(pairs).where(eq(pairs.currencyId, NEW_COIN.id))).toHaveLength(1);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('refuses an unknown coin and USDT itself', async () => {
    await expect(t.app.spot.listPair({ currencyId: 99_999, startPrice: '1' })).rejects.toThrow(ListingError);
    await expect(t.app.spot.listPair({ currencyId: USDT, startPrice: '1' })).rejects.toThrow(ListingError);
  });

  it('comes back after a restart from the database: pair, book and index continue', async () => {
    const pair = t.app.market.getPair('NEWC/USDT')!;
    await t.app.marketMaker.stop();
    const before = t.app.spot.loadedBook(pair.id)!.snapshot();
    const { app } = await restart(t, { marketHistoryDays: 1, marketDailyHistoryDays: 2 });
    restarted = true;
    await app.spot.ready();
    expect(app.market.getPair('NEWC/USDT')?.id).toBe(pair.id);
    expect(app.spot.loadedBook(pair.id)!.snapshot()).toEqual(before);
    await app.market.start();
    // The stored minute is continued, not replaced by a backfilled history.
    expect(app.market.lastPrepare?.backfilledPairs).toBe(0);
    const index = await until(async () => app.market.indexPrice(pair.id), 5_000, 'index after restart');
    expect(Math.abs(Number(index) / 1.25 - 1)).toBeLessThan(0.05);
  });
});
