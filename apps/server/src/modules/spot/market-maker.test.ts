import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { silentLog as silent, until } from '../../../test/market.js';
import { BTC, USDT } from '../../../test/money.js';
import { coinBalance, depth, placeOrder, trader } from '../../../test/spot.js';
import { createTestApp, listenLocally } from '../../../test/test-app.js';
import { ledgerAccounts, spotTrades, users } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { D } from '../../lib/money.js';
import type { Pair } from '../../market/pairs.js';
import { MARKET_MAKER_EMAIL, MARKET_MAKER_FUNDS } from '../../seed/seed.js';
import { DEFAULT_MARKET_MAKER, MarketMaker, pairLadder } from './market-maker.js';

const t = appForFile({
  open: () =>
    createTestApp({
      marketHistoryDays: 1,
      marketDailyHistoryDays: 2,
      marketMaker: {
        levels: 4,
        spreadBps: 10,
        stepBps: 10,
        levelQuote: '2000',
        refreshBps: 5,
        refreshMs: 60_000,
        staleMs: 30_000,
      },
    }),
  checkLedger: true,
});
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  url = await listenLocally(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field
type Payload = any;
function client(token?: string) {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], auth: token ? { token } : {}, forceNew: true });
  sockets.push(socket);
  const received: { event: string; payload: Payload }[] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  return { socket, of: (event: string) => received.filter((r) => r.event === event).map((r) => r.payload) };
}

describe('the market-making account', () => {
  it('is an ordinary user marked as the operator’s, funded from the house account through the ledger', async () => {
    const [mm] = await t.database.db.select().from(users).where(eq(users.email, MARKET_MAKER_EMAIL));
    expect(mm).toMatchObject({ isOperator: true });
    const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, mm!.id));
    for (const { currencyId, amount } of MARKET_MAKER_FUNDS) {
      expect(new D(rows.find((r) => r.currencyId === currencyId)!.available).eq(amount)).toBe(true);
    }
    // Cannot sign in: nobody knows its password.
    const login = await t.post('user/login', { user_string: MARKET_MAKER_EMAIL, password: 'password' });
    expect(login.type).toBe('error');
  });

  it('does not quote until it is started', async () => {
    expect((await depth(t)).bids).toEqual([]);
  });

  it('quotes every pair around the index price once the feed runs, with real, funded orders', async () => {
    await t.app.market.start();
    await t.app.marketMaker.start();
    const mmId = t.app.marketMaker.accountId!;
    const pairs = t.app.market.listPairs();
    expect(pairs.length).toBeGreaterThanOrEqual(10);
    for (const pair of pairs) {
      // Each seeded pair has its own ladder (console settings per pair): ≥ 20 levels a side.
      const ladder = pairLadder(pair, t.app.marketMaker.config);
      expect(ladder.levels).toBeGreaterThanOrEqual(20);
      const book = await until(
        async () => {
          const d = await depth(t, pair.symbol, 100);
          return d.bids.length === ladder.levels && d.asks.length === ladder.levels ? d : undefined;
        },
        30_000,
        `${pair.symbol} quotes`,
      );
      const index = new D(t.app.market.indexPrice(pair.id)!);
      expect(new D(book.bids[0]![0]).lt(index)).toBe(true);
      expect(new D(book.asks[0]![0]).gt(index)).toBe(true);
      // Best quotes the pair's spread from the index, a level every 0.1 %.
      expect(new D(book.asks[0]![0]).dividedBy(index).minus(1).toNumber()).toBeCloseTo(ladder.spreadBps / 10_000, 3);
      // The notional of a side is the pair's depth (sizes are cut to the lot, quotes move with the index).
      const notional = (side: [string, string][]) => side.reduce((s, [p, q]) => s.plus(new D(p).times(q)), new D(0));
      const want = new D(pair.mmDepth!);
      expect(notional(book.bids).dividedBy(want).toNumber()).toBeGreaterThan(0.95);
      expect(notional(book.asks).dividedBy(want).toNumber()).toBeLessThan(1.05);
    }
    // BTC/USDT carries at least 250,000 USDT a side.
    const btc = await depth(t, 'BTC/USDT', 100);
    const side = (levels: [string, string][]) => levels.reduce((s, [p, q]) => s.plus(new D(p).times(q)), new D(0));
    expect(side(btc.bids).gte(250_000)).toBe(true);
    expect(side(btc.asks).gte(250_000)).toBe(true);
    // Every quote is an order on the ledger: the account's frozen coins are what its orders hold. The
    // feed keeps moving, so a requote may fall between two reads: compare a pair of reads that no
    // requote split (same orders before and after the balance), with every ladder up (on a loaded
    // machine a late tick can make the index stale for a moment, and the quotes of that pair withdrawn).
    const ids = (list: { id: number | string }[]) => list.map((o) => o.id).join(',');
    const quotes = pairs.reduce((n, p) => n + 2 * pairLadder(p, t.app.marketMaker.config).levels, 0);
    const settled = await until(
      async () => {
        const before = await t.app.spot.list(mmId, { status: 'waiting' }, 1000, 0);
        const frozen = (await coinBalance(t, mmId, BTC)).frozen;
        const after = await t.app.spot.list(mmId, { status: 'waiting' }, 1000, 0);
        return after.total === quotes && ids(before.list) === ids(after.list) ? { orders: after, frozen } : undefined;
      },
      30_000,
      'a quiet moment between requotes',
    );
    expect(settled.orders.total).toBe(quotes);
    const frozenBtc = settled.orders.list
      .filter((o) => o.symbol === 'BTC/USDT' && o.side === 'sell')
      .reduce((s, o) => s.plus(o.amount!), new D(0));
    expect(settled.frozen).toBe(frozenBtc.toFixed());
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('fills a market buy and a market sell, pushing trades, depth and the order to the user', async () => {
    const mmId = t.app.marketMaker.accountId!;
    const u = await trader(t, { [USDT]: '5000' });
    const watcher = client();
    const own = client(u.token);
    await until(() => watcher.socket.connected && own.socket.connected, 5000, 'sockets');
    await new Promise((resolve) => watcher.socket.emit('subscribe', { symbol: 'BTC/USDT' }, resolve));
    const mmBefore = await coinBalance(t, mmId, BTC);

    const buy = await placeOrder(t, u.token, { type: '1', order_type: 'market', total: '3000' });
    expect(buy.type).toBe('ok');
    expect(buy.message).toMatchObject({ order_type: 'market', status: 'completed' });
    const bought = new D(buy.message.filled);
    expect(bought.gt(0)).toBe(true);
    // It spent no more than 3000 with the fee; the rest is back.
    const usdt = await coinBalance(t, u.id, USDT);
    expect(usdt.frozen).toBe('0');
    expect(new D(5000).minus(usdt.available).lte(3000)).toBe(true);
    expect(new D(5000).minus(usdt.available).eq(new D(buy.message.filled_total).plus(buy.message.fee))).toBe(true);
    expect((await coinBalance(t, u.id, BTC)).available).toBe(bought.toFixed());
    const mmAfter = await coinBalance(t, mmId, BTC);
    expect(new D(mmBefore.available).plus(mmBefore.frozen).minus(mmAfter.available).minus(mmAfter.frozen).eq(bought)).toBe(true);

    const sell = await placeOrder(t, u.token, { type: '2', order_type: 'market', amount: bought.toFixed() });
    expect(sell.message).toMatchObject({ status: 'completed', filled: bought.toFixed() });
    // Bought at the asks, sold at the bids, fees both ways: less USDT than before, never more.
    expect(new D((await coinBalance(t, u.id, USDT)).available).lt(5000)).toBe(true);

    await until(() => watcher.of('match_trade').length >= 2, 5000, 'match_trade');
    expect(watcher.of('match_trade')[0]).toMatchObject({ symbol: 'BTC/USDT', side: 'buy' });
    await until(() => watcher.of('market_depth').length >= 2, 5000, 'market_depth');
    await until(() => own.of('spot_order').length >= 2, 5000, 'spot_order');
    expect(own.of('spot_order').map((o: Payload) => o.id)).toEqual(expect.arrayContaining([buy.message.id, sell.message.id]));
    expect(watcher.of('spot_order')).toEqual([]);

    // The market maker never takes: every trade it is in, it is the maker.
    const trades = await t.database.db.select().from(spotTrades);
    expect(trades.length).toBeGreaterThan(0);
    expect(trades.filter((tr) => tr.takerUserId === mmId)).toEqual([]);
  });

  it('a market sell past the whole ladder stops at the price band: a stray bid at 1,000 is never hit', async () => {
    const u = await trader(t, { [BTC]: '10', [USDT]: '100' });
    const stray = await placeOrder(t, u.token, { type: '1', target_price: '1000', amount: '0.01' });
    const seller = await trader(t, { [BTC]: '10' });
    const index = new D(t.app.market.indexPrice(1)!);
    const sell = await placeOrder(t, seller.token, { type: '2', order_type: 'market', amount: '10' });
    expect(sell.message).toMatchObject({ status: 'partially_filled', cancel_reason: 'price_band', price_band: '0.05' });
    expect(new D(sell.message.filled).gt(0)).toBe(true);
    expect(new D(sell.message.cancelled_amount).eq(new D(10).minus(sell.message.filled))).toBe(true);
    // Every trade of the order is within 5 % of the index (a little slack: the index moves meanwhile).
    const trades = await t.database.db.select().from(spotTrades).where(eq(spotTrades.takerOrderId, sell.message.id));
    expect(trades.length).toBeGreaterThan(0);
    for (const trade of trades) expect(new D(trade.price).gte(index.times(0.94))).toBe(true);
    expect(new D(sell.message.avg_price).gte(index.times(0.94))).toBe(true);
    const open = await t.app.spot.list(u.id, { status: 'waiting' }, 10, 0);
    expect(open.list.find((o) => o.id === stray.message.id)).toMatchObject({ filled: '0' });
    await t.app.spot.cancel(u.id, stray.message.id);
  });

  it('withdraws every quote when the index goes stale', async () => {
    const mmId = t.app.marketMaker.accountId!;
    await t.app.marketMaker.stop();
    // The feed stops: no more ticks. A market maker started now quotes on the last index, then withdraws.
    await t.app.market.stop();
    const mm = new MarketMaker({
      db: t.database.db,
      spot: t.app.spot,
      market: t.app.market,
      config: { ...DEFAULT_MARKET_MAKER, levels: 4, levelQuote: '2000', staleMs: 400 },
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    await mm.start();
    await until(async () => (await t.app.spot.list(mmId, { status: 'waiting' }, 100, 0)).total === 0, 20_000, 'withdrawn');
    await mm.stop();
    for (const pair of t.app.market.listPairs()) expect(await depth(t, pair.symbol)).toMatchObject({ bids: [], asks: [] });
    const usdt = await coinBalance(t, mmId, USDT);
    expect(usdt.frozen).toBe('0');
  });

  it('withdraws a pair’s quotes the moment its index is unavailable, and quotes again on a tick after it is back', async () => {
    const mmId = t.app.marketMaker.accountId!;
    // The market applies feed events relayed to it: the test plays the index's ticks and availability.
    await t.app.market.follow();
    const [btc, eth] = [t.app.market.getPair('BTC/USDT')!, t.app.market.getPair('ETH/USDT')!];
    const status = (available: boolean) =>
      t.app.market.applyRelayed({
        kind: 'status',
        pairId: btc.id,
        status: {
          available,
          reason: available ? '' : '2 live venues, 3 needed',
          constituents: available ? 3 : 2,
          required: 3,
          since: Date.now(),
        },
      });
    const trade = () =>
      t.app.market.applyRelayed({
        kind: 'trade',
        pairId: btc.id,
        price: t.app.market.indexPrice(btc.id)!,
        quantity: '0',
        time: Date.now(),
      });
    // Staleness alone would take 30 s: only the unavailable index can withdraw the quotes within the test.
    const config = { ...DEFAULT_MARKET_MAKER, refreshMs: 60_000, staleMs: 30_000 };
    const mm = new MarketMaker({ db: t.database.db, spot: t.app.spot, market: t.app.market, config, log: silent });
    const quotes = (pair: Pair) => t.app.spot.loadedBook(pair.id)?.liveOrdersOf(mmId).length ?? 0;
    const full = (pair: Pair) => quotes(pair) === 2 * pairLadder(pair, config).levels;
    await mm.start();
    try {
      await until(() => full(btc) && full(eth), 20_000, 'both ladders');
      status(false);
      await until(() => quotes(btc) === 0, 5_000, 'BTC/USDT quotes withdrawn');
      expect(full(eth)).toBe(true);
      // No tick while unavailable (the market's push of this trade goes out within 250 ms, and holds no
      // tick), and none yet when it is back: the last price is not quoted again.
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      trade();
      await pause(400);
      status(true);
      await pause(600);
      expect(quotes(btc)).toBe(0);
      trade();
      await until(() => full(btc), 20_000, 'BTC/USDT quotes back');
    } finally {
      await mm.stop();
    }
  });
});
