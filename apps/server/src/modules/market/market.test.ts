import type { KlineCandle } from '@app/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { SEEDED_PAIRS } from '../../../test/market.js';
import { fund } from '../../../test/money.js';
import { type CandleReply, createTestApp, registerEmailUser } from '../../../test/test-app.js';
import { currencySettings } from '../../db/schema.js';

// Two whole days of minutes: with one, the history (yesterday's start to now) held fewer than the
// 1,500 candles the range cap needs until 01:00 UTC.
const t = appForFile({ open: () => createTestApp({ marketHistoryDays: 2, marketDailyHistoryDays: 3 }) });
beforeAll(async () => {
  await t.app.market.start();
});

const PRICE = /^\d+(\.\d+)?$/;
const nowSec = () => Math.floor(Date.now() / 1000);

describe('currency/price_source', () => {
  it('tells anyone, signed in or not, that the simulated feed is a demo price source', async () => {
    const reply = await t.get('currency/price_source');
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('ok');
    expect(reply.message).toEqual({ feed: 'simulated', demo: true });
  });
});

describe('currency/quotation_new', () => {
  it('lists the pairs under their quote coin with price, 24h figures and the demo label', async () => {
    const reply = await t.get('currency/quotation_new');
    expect(reply.status).toBe(200);
    expect(reply.type).toBe('ok');
    expect(reply.message).toHaveLength(1);
    const [usdt] = reply.message;
    expect(usdt).toMatchObject({ id: 3, legal_id: 3, name: 'USDT' });
    expect(usdt.quotation.map((p: { symbol: string }) => p.symbol)).toEqual(SEEDED_PAIRS);
    const btc = usdt.quotation[0];
    expect(btc).toMatchObject({
      id: 1,
      legal_id: 3,
      currency_id: 1,
      legal_name: 'USDT',
      currency_name: 'BTC',
      logo: '/static/coins/btc.svg',
      open_coin_trade: 1,
      open_lever: 1,
      open_microtrade: 1,
      price_decimals: 2,
      tick_size: '0.01',
      price_band: '0.05',
      demo: true,
    });
    // The spot-only pairs: no contracts or options on them.
    expect(usdt.quotation[3]).toMatchObject({ symbol: 'SOL/USDT', open_coin_trade: 1, open_lever: 0, open_microtrade: 0 });
    expect(btc.now_price).toMatch(/^\d+\.\d{2}$/);
    expect(usdt.quotation[2].now_price).toMatch(/^\d+\.\d{5}$/);
    expect(btc.change).toMatch(/^-?\d+\.\d{2}$/);
    for (const field of ['volume', 'high', 'low']) expect(btc[field], field).toMatch(PRICE);
    expect(Number(btc.high)).toBeGreaterThanOrEqual(Number(btc.low));
    // Nothing internal leaks: no simulation settings, no fallback prices.
    expect(Object.keys(btc)).not.toContain('fallbackBase');
  });

  it('moves: prices tick every second', async () => {
    const prices = async () =>
      (await t.get('currency/quotation_new')).message[0].quotation.map((p: { now_price: string }) => p.now_price).join();
    const first = await prices();
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await prices()).not.toBe(first);
  });

  it('answers with null prices, not invented ones, when no feed runs', async () => {
    const quiet = await createTestApp();
    try {
      const reply = await quiet.get('currency/quotation_new');
      expect(reply.type).toBe('ok');
      expect(reply.message[0].quotation[0]).toMatchObject({ now_price: null, high: null, low: null, change: '0.00' });
    } finally {
      await quiet.close();
    }
  });
});

describe('currency/new_timeshar', () => {
  it('returns candles oldest first in the {code: 1, data} form, the forming one last', async () => {
    const reply = (await t.get(
      `currency/new_timeshar?symbol=BTC/USDT&period=1min&from=${nowSec() - 600}&to=${nowSec()}`,
    )) as CandleReply;
    expect(reply.status).toBe(200);
    expect(reply.code).toBe(1);
    expect(reply.symbol).toBe('BTC/USDT');
    const data = reply.data as KlineCandle[];
    expect(data.length).toBeGreaterThanOrEqual(10);
    expect(data.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < data.length; i++) expect(data[i]!.id - data[i - 1]!.id).toBe(60);
    for (const c of data) {
      expect(c.time).toBe(c.id * 1000);
      for (const v of [c.open, c.close, c.high, c.low]) expect(v).toMatch(/^\d+\.\d{2}$/);
      expect(Number(c.high)).toBeGreaterThanOrEqual(Math.max(Number(c.open), Number(c.close)));
      expect(Number(c.low)).toBeLessThanOrEqual(Math.min(Number(c.open), Number(c.close)));
      expect(c.vol).toMatch(PRICE);
      expect(c.amount).toMatch(PRICE);
    }
    // The forming minute is last; in the first second of a minute its first tick may not have arrived yet.
    const minute = Math.floor(nowSec() / 60) * 60;
    expect([minute, minute - 60]).toContain(data.at(-1)!.id);
    expect(reply.more).toBe(false);
  });

  it('serves every period, each candle open aligned to its period', async () => {
    for (const [period, size] of [
      ['5min', 300],
      ['30min', 1800],
      ['60min', 3600],
      ['1day', 86_400],
    ] as const) {
      const reply = (await t.get(`currency/new_timeshar?symbol=ETH/USDT&period=${period}`)) as CandleReply;
      expect(reply.code, period).toBe(1);
      expect(reply.data.length, period).toBeGreaterThan(1);
      for (const c of reply.data) expect(c.id % size, period).toBe(0);
    }
    const weeks = (await t.get('currency/new_timeshar?symbol=TRX/USDT&period=1week')) as CandleReply;
    for (const c of weeks.data) expect(new Date(c.time).getUTCDay()).toBe(1);
    const months = (await t.get('currency/new_timeshar?symbol=btcusdt&period=1mon')) as CandleReply;
    expect(months.symbol).toBe('BTC/USDT');
    for (const c of months.data) expect(new Date(c.time).getUTCDate()).toBe(1);
  });

  it('caps a huge range at 1500 candles and pages to older ones with next_to', async () => {
    const first = (await t.get(`currency/new_timeshar?symbol=BTC/USDT&period=1min&from=0&to=${nowSec()}`)) as CandleReply;
    expect(first.data).toHaveLength(1500);
    expect(first.limit).toBe(1500);
    expect(first.more).toBe(true);
    expect(first.next_to).toBe(first.data[0].id - 1);
    const second = (await t.get(
      `currency/new_timeshar?symbol=BTC/USDT&period=1min&from=0&to=${first.next_to}&limit=5000`,
    )) as CandleReply;
    expect(second.data.length).toBeGreaterThan(0);
    expect(second.data.length).toBeLessThanOrEqual(1500);
    expect(second.data.at(-1).id).toBe(first.data[0].id - 60);
    const few = (await t.get('currency/new_timeshar?symbol=BTC/USDT&period=1min&limit=3')) as CandleReply;
    expect(few.data).toHaveLength(3);
  });

  it('accepts milliseconds from charting libraries', async () => {
    const to = Date.now();
    const reply = (await t.get(
      `currency/new_timeshar?symbol=BTC/USDT&period=5min&from=${to - 3_600_000}&to=${to}`,
    )) as CandleReply;
    expect(reply.code).toBe(1);
    expect(reply.data.length).toBeGreaterThanOrEqual(12);
    expect(reply.data.length).toBeLessThanOrEqual(13);
  });

  it('refuses an unknown pair or period, a reversed range and malformed times, in the request language', async () => {
    const unknown = await t.get('currency/new_timeshar?symbol=PEPE/USDT&period=1min', { lang: 'zh' });
    expect(unknown).toMatchObject({ status: 400, type: 'error', error: 'pair_unknown', message: '未知的交易对' });
    expect(unknown.fields).toHaveProperty('symbol');
    expect((await t.get('currency/new_timeshar?period=1min')).error).toBe('pair_unknown');
    const period = await t.get('currency/new_timeshar?symbol=BTC/USDT&period=2min');
    expect(period).toMatchObject({ status: 400, error: 'period_unknown' });
    expect((await t.get('currency/new_timeshar?symbol=BTC/USDT')).error).toBe('period_unknown');
    const reversed = await t.get('currency/new_timeshar?symbol=BTC/USDT&period=1min&from=2000&to=1000');
    expect(reversed).toMatchObject({ status: 400, error: 'time_range_invalid' });
    expect(reversed.fields).toHaveProperty('from');
    for (const bad of ['from=abc', 'from=-5', 'to=1.5', 'limit=0']) {
      const reply = await t.get(`currency/new_timeshar?symbol=BTC/USDT&period=1min&${bad}`);
      expect(reply.status, bad).toBe(400);
      expect(reply.type, bad).toBe('error');
    }
  });
});

describe('currency/deal', () => {
  it('returns one pair by quote and base coin', async () => {
    const reply = await t.get('currency/deal?legal_id=3&currency_id=2');
    expect(reply.type).toBe('ok');
    expect(reply.message).toMatchObject({ id: 2, symbol: 'ETH/USDT', legal_id: 3, currency_id: 2, demo: true });
    for (const field of ['now_price', 'high', 'low', 'volume']) expect(reply.message[field], field).toMatch(PRICE);
    expect(reply.message.change).toMatch(/^-?\d+\.\d{2}$/);
  });

  it('refuses a pair that does not exist', async () => {
    expect((await t.get('currency/deal?legal_id=1&currency_id=3')).error).toBe('pair_unknown');
    expect((await t.get('currency/deal?legal_id=3&currency_id=999')).error).toBe('pair_unknown');
    expect((await t.get('currency/deal?legal_id=x&currency_id=1')).error).toBe('pair_unknown');
    expect((await t.get('currency/deal')).status).toBe(400);
  });
});

describe('currency/user_currency_list', () => {
  it("keeps a user's favourite pairs, in the order added, for that user only", async () => {
    const alice = await registerEmailUser(t);
    const bob = await registerEmailUser(t);
    expect((await t.get('currency/user_currency_list', { token: alice.token })).message).toEqual([]);
    await t.post('currency/user_currency_list/add', { pair_id: '3' }, { token: alice.token });
    const added = await t.post('currency/user_currency_list/add', { pair_id: '1' }, { token: alice.token });
    expect(added.message.map((p: { symbol: string }) => p.symbol)).toEqual(['TRX/USDT', 'BTC/USDT']);
    // Adding twice changes nothing.
    await t.post('currency/user_currency_list/add', { pair_id: '3' }, { token: alice.token });
    const listed = await t.get('currency/user_currency_list', { token: alice.token });
    expect(listed.message.map((p: { id: number }) => p.id)).toEqual([3, 1]);
    expect(listed.message[1].now_price).toMatch(PRICE);
    expect((await t.post('currency/user_currency_list', {}, { token: alice.token })).message).toHaveLength(2);
    expect((await t.get('currency/user_currency_list', { token: bob.token })).message).toEqual([]);
    const removed = await t.post('currency/user_currency_list/remove', { pair_id: '3' }, { token: alice.token });
    expect(removed.message.map((p: { id: number }) => p.id)).toEqual([1]);
    // Removing one that is not there is fine too.
    expect((await t.post('currency/user_currency_list/remove', { pair_id: '2' }, { token: alice.token })).type).toBe('ok');
  });

  it('needs a token and a known pair', async () => {
    expect((await t.get('currency/user_currency_list')).type).toBe('999');
    expect((await t.post('currency/user_currency_list/add', { pair_id: '1' })).type).toBe('999');
    const { token } = await registerEmailUser(t);
    for (const pair_id of ['999', '0', 'abc', '']) {
      const reply = await t.post('currency/user_currency_list/add', { pair_id }, { token });
      expect(reply.error, pair_id).toBe('pair_unknown');
    }
    expect((await t.post('currency/user_currency_list/add', {}, { token })).error).toBe('pair_unknown');
  });
});

describe('market/depth and market/trades', () => {
  it('answer an empty book until the order book registers, never made-up levels', async () => {
    const depth = await t.get('market/depth?symbol=BTC/USDT');
    expect(depth.message).toMatchObject({ symbol: 'BTC/USDT', bids: [], asks: [] });
    const trades = await t.get('market/trades?symbol=ETH/USDT');
    expect(trades.message).toEqual({ symbol: 'ETH/USDT', list: [] });
    expect((await t.get('market/depth?symbol=NOPE')).error).toBe('pair_unknown');
    expect((await t.get('market/trades?symbol=BTC/USDT&limit=500')).status).toBe(400);
  });

  it("serve the registered book's levels and trades", async () => {
    t.app.market.setBookProvider({
      depth: (_pairId, levels) => ({
        bids: Array.from({ length: 12 }, (_, i) => [`${100 - i}.00`, '1.5'] as [string, string]).slice(0, levels + 2),
        asks: [['101.00', '0.25']],
      }),
      trades: async (pairId, limit) =>
        [{ id: 7, price: '100.50', amount: '0.1', side: 'buy' as const, time: pairId }].slice(0, limit),
    });
    try {
      const depth = await t.get('market/depth?symbol=BTC/USDT');
      expect(depth.message.bids).toHaveLength(10);
      expect(depth.message.asks).toEqual([['101.00', '0.25']]);
      expect((await t.get('market/depth?symbol=BTC/USDT&limit=12')).message.bids).toHaveLength(12);
      expect((await t.get('market/depth?symbol=BTC/USDT&limit=101')).status).toBe(400);
      expect((await t.get('market/depth?symbol=BTC/USDT&limit=0')).status).toBe(400);
      const trades = await t.get('market/trades?symbol=BTC/USDT&limit=5');
      expect(trades.message.list).toEqual([{ symbol: 'BTC/USDT', id: 7, price: '100.50', amount: '0.1', side: 'buy', time: 1 }]);
    } finally {
      t.app.market.setBookProvider({ depth: () => ({ bids: [], asks: [] }), trades: () => [] });
    }
  });
});

describe('valuation at index prices', () => {
  it('values wallets at the live index price, labelled demo while the feed is simulated', async () => {
    const { token, user } = await registerEmailUser(t);
    await fund(t, user.id, 1, '2');
    // A fallback far from the market shows which price is used.
    await t.database.db.update(currencySettings).set({ fallbackPrice: '1' }).where(eq(currencySettings.currencyId, 1));
    const before = Number(t.app.market.indexPrice(1));
    const reply = await t.post('wallet/list', {}, { token });
    const after = Number(t.app.market.indexPrice(1));
    expect(reply.message.demo_prices).toBe(true);
    const btc = reply.message.accounts[0].balances.find((b: { currency_id: number }) => b.currency_id === 1);
    const value = Number(btc.usdt_value);
    expect(value).toBeGreaterThanOrEqual(Math.floor(2 * Math.min(before, after) * 0.999));
    expect(value).toBeLessThanOrEqual(Math.ceil(2 * Math.max(before, after) * 1.001));
  });
});
