import { and, desc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, USDT } from '../../../test/money.js';
import { cancelOrder, coinBalance, depth, ETH_USDT, feesBalance, placeOrder, TRX_USDT, trader } from '../../../test/spot.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings, spotTrades } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { D } from '../../lib/money.js';

const t = appForFile({ checkLedger: true });

// BTC/USDT: tick 0.01, lot 0.00001, minimum 0.0001, maker 0.08 %, taker 0.1 %; USDT has 6 decimals.

describe('POST coin/trade (limit)', () => {
  it('rests a buy below the book, freezing price × amount plus the largest fee', async () => {
    const u = await trader(t, { [USDT]: '10000' });
    const reply = await placeOrder(t, u.token, { type: '1', target_price: '50000', amount: '0.1' });
    expect(reply.type).toBe('ok');
    expect(reply.message).toMatchObject({
      symbol: 'BTC/USDT',
      side: 'buy',
      type: 1,
      order_type: 'limit',
      price: '50000.00',
      amount: '0.1',
      filled: '0',
      avg_price: null,
      fee: '0',
      status: 'waiting',
    });
    expect(reply.message.id).toBeGreaterThan(0);
    // 50000 × 0.1 = 5000, + 0.1 % = 5005.
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '4995', frozen: '5005' });
    expect((await depth(t)).bids).toContainEqual(['50000.00', '0.10000']);
    await cancelOrder(t, u.token, reply.message.id);
  });

  it('rests a sell, freezing the amount in the base coin', async () => {
    const u = await trader(t, { [BTC]: '1' });
    const reply = await placeOrder(t, u.token, { type: '2', target_price: '90000.5', amount: '0.25' });
    expect(reply.message).toMatchObject({ side: 'sell', type: 2, price: '90000.50', status: 'waiting' });
    expect(await coinBalance(t, u.id, BTC)).toEqual({ available: '0.75', frozen: '0.25' });
    expect((await depth(t)).asks[0]).toEqual(['90000.50', '0.25000']);
    await cancelOrder(t, u.token, reply.message.id);
    expect((await depth(t)).asks).toEqual([]);
  });

  it('accepts "buy"/"sell", JSON bodies and numbers', async () => {
    const u = await trader(t, { [USDT]: '1000' });
    const reply = await t.post(
      'coin/trade',
      { legal_id: 3, currency_id: 1, type: 'buy', target_price: 1000, amount: 0.001 } as never,
      { token: u.token, json: true },
    );
    expect(reply.message).toMatchObject({ side: 'buy', price: '1000.00', amount: '0.001', status: 'waiting' });
    await cancelOrder(t, u.token, reply.message.id);
    expect(await depth(t)).toEqual({ symbol: 'BTC/USDT', bids: [], asks: [], time: expect.any(Number) });
  });
});

describe('matching two users', () => {
  /** A buyer taking a seller's 0.00011 BTC at 40000.01: the 4.4000011 USDT it costs has more places than USDT. */
  async function crossOffTheQuoteGrid() {
    const seller = await trader(t, { [BTC]: '0.001' });
    const buyer = await trader(t, { [USDT]: '10' });
    await placeOrder(t, seller.token, { type: '2', target_price: '40000.01', amount: '0.00011' });
    const bid = await placeOrder(t, buyer.token, { type: '1', target_price: '40000.01', amount: '0.00011' });
    return { seller, buyer, bid };
  }

  it('trades at the maker price with exact fees and balances', async () => {
    const seller = await trader(t, { [BTC]: '1' });
    const buyer = await trader(t, { [USDT]: '20000' });
    const feesBefore = await feesBalance(t, USDT);
    const ask = await placeOrder(t, seller.token, { type: '2', target_price: '60000', amount: '0.5' });
    expect(ask.message.status).toBe('waiting');

    const bid = await placeOrder(t, buyer.token, { type: '1', target_price: '60010', amount: '0.2' });
    // The taker buys 0.2 at the maker's 60000: 12000 USDT + 0.1 % = 12012; the freeze was
    // 60010 × 0.2 × 1.001 = 12014.002, so 2.002 comes back.
    expect(bid.message).toMatchObject({
      status: 'completed',
      filled: '0.2',
      filled_total: '12000',
      avg_price: '60000.00',
      fee: '12',
      fee_currency: 'USDT',
    });
    expect(await coinBalance(t, buyer.id, USDT)).toEqual({ available: '7988', frozen: '0' });
    expect(await coinBalance(t, buyer.id, BTC)).toEqual({ available: '0.2', frozen: '0' });
    // The maker sold 0.2 of 0.5 and receives 12000 − 0.08 % = 11990.4.
    expect(await coinBalance(t, seller.id, BTC)).toEqual({ available: '0.5', frozen: '0.3' });
    expect(await coinBalance(t, seller.id, USDT)).toEqual({ available: '11990.4', frozen: '0' });
    expect(await feesBalance(t, USDT)).toBe(new D(feesBefore).plus('21.6').toFixed());

    const sellerOrders = await t.get('coin/list?status=waiting', { token: seller.token });
    expect(sellerOrders.message.list[0]).toMatchObject({ id: ask.message.id, filled: '0.2', fee: '9.6', status: 'waiting' });
    const trades = await t.get('market/trades?symbol=BTC/USDT&limit=5');
    expect(trades.message.list[0]).toMatchObject({ price: '60000.00', amount: '0.2', side: 'buy' });

    // The seller's remainder is taken by a second buyer, through two price levels of nothing else.
    const second = await trader(t, { [USDT]: '20000' });
    const rest = await placeOrder(t, second.token, { type: '1', target_price: '60000', amount: '0.3' });
    expect(rest.message).toMatchObject({ status: 'completed', filled: '0.3', filled_total: '18000', fee: '18' });
    const done = await t.get('coin/list?status=completed', { token: seller.token });
    expect(done.message.list[0]).toMatchObject({ id: ask.message.id, status: 'completed', filled: '0.5', fee: '24' });
    expect(await coinBalance(t, seller.id, BTC)).toEqual({ available: '0.5', frozen: '0' });
    expect(await coinBalance(t, seller.id, USDT)).toEqual({ available: '29976', frozen: '0' });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('rounds on the coin grid when price × amount has more places than the quote coin', async () => {
    const { seller, buyer, bid } = await crossOffTheQuoteGrid();
    // 40000.01 × 0.00011 = 4.4000011 USDT. The buyer pays it + 0.1 %, rounded up: 4.404402 (fee 0.0044009);
    // the seller receives it − 0.08 %, rounded down: 4.396481 (fee 0.0035201).
    expect(bid.message).toMatchObject({ status: 'completed', filled_total: '4.4000011', fee: '0.0044009' });
    expect(await coinBalance(t, buyer.id, USDT)).toEqual({ available: '5.595598', frozen: '0' });
    expect(await coinBalance(t, seller.id, USDT)).toEqual({ available: '4.396481', frozen: '0' });
    const [sold] = (await t.get('coin/list', { token: seller.token })).message.list;
    expect(sold).toMatchObject({ status: 'completed', fee: '0.0035201' });
  });

  it('posts each side’s fee as an entry of its own (spot_fee, ref the trade), through a clearing account left at zero', async () => {
    const { seller, buyer } = await crossOffTheQuoteGrid();
    const [trade] = await t.database.db
      .select()
      .from(spotTrades)
      .orderBy(desc(spotTrades.createdAt), desc(spotTrades.id))
      .limit(1);
    const ref = `${trade!.pairId}:${trade!.id}`;
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'spot_trade'), eq(ledgerEntries.refId, ref)));
    expect(entries.map((e) => e.reason).sort()).toEqual(['spot_fee', 'spot_fee', 'spot_trade']);
    const fees = entries.filter((e) => e.reason === 'spot_fee');
    expect(fees.map((e) => e.memo).sort()).toEqual([`maker:sell:${seller.id}`, `taker:buy:${buyer.id}`]);
    // Each fee entry's posting to the fees account is that side's fee, as the trade row records it.
    const postings = await t.database.db
      .select({ entryId: ledgerPostings.entryId, amount: ledgerPostings.amount, system: ledgerAccounts.systemCode })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(
        inArray(
          ledgerPostings.entryId,
          fees.map((e) => e.id),
        ),
      );
    const feeOf = (memo: string) =>
      new D(postings.find((p) => p.system === 'fees' && p.entryId === fees.find((e) => e.memo === memo)!.id)!.amount);
    expect(feeOf(`taker:buy:${buyer.id}`).eq(trade!.takerFee)).toBe(true);
    expect(feeOf(`maker:sell:${seller.id}`).eq(trade!.makerFee)).toBe(true);
    expect(feeOf(`taker:buy:${buyer.id}`).eq('0.0044009')).toBe(true);
    const [clearing] = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.systemCode, 'spot_clearing'), eq(ledgerAccounts.currencyId, USDT)));
    expect(new D(clearing!.available).isZero()).toBe(true);
  });

  it('partly fills a taker and rests the remainder, then fills it as a maker at the maker rate', async () => {
    const seller = await trader(t, { [BTC]: '1' });
    const buyer = await trader(t, { [USDT]: '100000' });
    await placeOrder(t, seller.token, { type: '2', target_price: '30000', amount: '0.1' });
    const bid = await placeOrder(t, buyer.token, { type: '1', target_price: '30000', amount: '0.3' });
    expect(bid.message).toMatchObject({ status: 'waiting', filled: '0.1', filled_total: '3000', fee: '3' });
    // Frozen: 30000 × 0.3 × 1.001 = 9009; 3003 paid.
    expect(await coinBalance(t, buyer.id, USDT)).toEqual({ available: '90991', frozen: '6006' });
    const taker = await trader(t, { [BTC]: '1' });
    const sell = await placeOrder(t, taker.token, { type: '2', target_price: '29000', amount: '0.2' });
    // The resting bid (now the maker) fills at its own 30000: 6000 + 0.08 % = 6004.8, 1.2 released.
    expect(sell.message).toMatchObject({ status: 'completed', filled: '0.2', avg_price: '30000.00', fee: '6' });
    const [mine] = (await t.get('coin/list', { token: buyer.token })).message.list;
    expect(mine).toMatchObject({ status: 'completed', filled: '0.3', filled_total: '9000', fee: '7.8' });
    expect(await coinBalance(t, buyer.id, USDT)).toEqual({ available: '90992.2', frozen: '0' });
    expect(await coinBalance(t, taker.id, USDT)).toEqual({ available: '5994', frozen: '0' });
  });

  it('cancels a resting order of the same user instead of trading with it (self-trade prevention)', async () => {
    const u = await trader(t, { [USDT]: '1000', [BTC]: '1' });
    const ask = await placeOrder(t, u.token, { type: '2', target_price: '25000', amount: '0.01' });
    const bid = await placeOrder(t, u.token, { type: '1', target_price: '25000', amount: '0.01' });
    expect(bid.message).toMatchObject({ status: 'waiting', filled: '0' });
    const [old] = (await t.get('coin/list?status=cancelled', { token: u.token })).message.list;
    expect(old).toMatchObject({ id: ask.message.id, cancel_reason: 'self_trade', filled: '0' });
    expect(await coinBalance(t, u.id, BTC)).toEqual({ available: '1', frozen: '0' });
    await cancelOrder(t, u.token, bid.message.id);
  });
});

describe('market orders', () => {
  /** A market order on TRX/USDT: a buy spends up to `total` USDT, fee included; a sell sells `amount` TRX. */
  const marketBuy = (token: string, total: string) =>
    placeOrder(t, token, { ...TRX_USDT, type: '1', order_type: 'market', total });
  const marketSell = (token: string, amount: string) =>
    placeOrder(t, token, { ...TRX_USDT, type: '2', order_type: 'market', amount });

  it('a market buy on an empty book fills nothing and gives the money back', async () => {
    const u = await trader(t, { [USDT]: '100' });
    const reply = await marketBuy(u.token, '50');
    expect(reply.message).toMatchObject({
      order_type: 'market',
      total: '50',
      filled: '0',
      status: 'cancelled',
      cancel_reason: 'no_liquidity',
    });
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
  });

  it('a market buy spends at most its total, fee included, across levels', async () => {
    const maker = await trader(t, { 34: '10000' });
    await placeOrder(t, maker.token, { ...TRX_USDT, type: '2', target_price: '0.1', amount: '100' });
    await placeOrder(t, maker.token, { ...TRX_USDT, type: '2', target_price: '0.104', amount: '1000' });
    const u = await trader(t, { [USDT]: '100' });
    const reply = await marketBuy(u.token, '50');
    // Budget 50 / 1.001 = 49.95004995: 100 TRX at 0.1 (10) then 384.1 TRX at 0.104 (39.9464) = 49.9464 + 0.1 % fee
    // (both levels within the 5 % band above the best ask).
    expect(reply.message).toMatchObject({ status: 'completed', filled: '484.1', filled_total: '49.9464', fee: '0.049947' });
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '50.003653', frozen: '0' });
    expect(await coinBalance(t, u.id, 34)).toEqual({ available: '484.1', frozen: '0' });
    // A market sell takes the best bids; what the book lacks is cancelled.
    const bidder = await trader(t, { [USDT]: '100' });
    await placeOrder(t, bidder.token, { ...TRX_USDT, type: '1', target_price: '0.09', amount: '100' });
    const sell = await marketSell(u.token, '150');
    // Partly filled, never shown as merely cancelled: the reply says what traded and what did not.
    expect(sell.message).toMatchObject({
      status: 'partially_filled',
      cancel_reason: 'no_liquidity',
      filled: '100',
      filled_total: '9',
      cancelled_amount: '50',
      price_band: '0.05',
    });
    expect(await coinBalance(t, u.id, 34)).toEqual({ available: '384.1', frozen: '0' });
    const history = (await t.get('coin/list?status=partially_filled', { token: u.token })).message.list;
    expect(history.map((o: { id: number }) => o.id)).toEqual([sell.message.id]);
  });

  it('a market order trades only within the price band: a stray bid far under the book is never hit', async () => {
    const bidder = await trader(t, { [USDT]: '10000' });
    const stray = await placeOrder(t, bidder.token, { ...TRX_USDT, type: '1', target_price: '0.001', amount: '1000' });
    await placeOrder(t, bidder.token, { ...TRX_USDT, type: '1', target_price: '0.1', amount: '100' });
    await placeOrder(t, bidder.token, { ...TRX_USDT, type: '1', target_price: '0.096', amount: '100' });
    const u = await trader(t, { 34: '1000' });
    const sell = await marketSell(u.token, '500');
    // No index in this app: the band is 5 % around the best bid (0.1): down to 0.095.
    expect(sell.message).toMatchObject({
      status: 'partially_filled',
      cancel_reason: 'price_band',
      filled: '200',
      filled_total: '19.6',
      cancelled_amount: '300',
    });
    expect(await coinBalance(t, u.id, 34)).toEqual({ available: '800', frozen: '0' });
    // The stray bid is still there, untouched.
    const open = (await t.get('coin/list?status=waiting', { token: bidder.token })).message.list;
    expect(open.find((o: { id: number }) => o.id === stray.message.id)).toMatchObject({ filled: '0' });
    await cancelOrder(t, bidder.token, stray.message.id);
    // Nothing within the band at all: cancelled, nothing traded.
    const none = await marketSell(u.token, '10');
    expect(none.message).toMatchObject({ status: 'cancelled', filled: '0' });
  });
});

describe('PUT coin/trade (cancel)', () => {
  it('cancels a waiting order and releases what it froze', async () => {
    const u = await trader(t, { [USDT]: '1000' });
    const placed = await placeOrder(t, u.token, { type: '1', target_price: '1234.56', amount: '0.5' });
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '382.10272', frozen: '617.89728' });
    const reply = await cancelOrder(t, u.token, placed.message.id);
    expect(reply.type).toBe('ok');
    expect(reply.message).toMatchObject({ id: placed.message.id, status: 'cancelled', cancel_reason: 'user' });
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    expect((await depth(t)).bids).not.toContainEqual(['1234.56', '0.50000']);
  });

  it('refuses a cancelled, a filled, an unknown or another user’s order', async () => {
    const u = await trader(t, { [USDT]: '1000', [BTC]: '1' });
    const other = await trader(t, { [USDT]: '1000' });
    const placed = await placeOrder(t, u.token, { type: '1', target_price: '1000', amount: '0.1' });
    await cancelOrder(t, u.token, placed.message.id);
    const again = await cancelOrder(t, u.token, placed.message.id, { lang: 'zh' });
    expect(again).toMatchObject({ status: 400, type: 'error', error: 'order_not_cancellable', message: '该委托已成交或已撤销' });

    const ask = await placeOrder(t, u.token, { type: '2', target_price: '1000', amount: '0.01' });
    await placeOrder(t, other.token, { type: '1', target_price: '1000', amount: '0.01' });
    expect((await cancelOrder(t, u.token, ask.message.id)).error).toBe('order_not_cancellable');

    const resting = await placeOrder(t, u.token, { type: '1', target_price: '999', amount: '0.01' });
    const stolen = await cancelOrder(t, other.token, resting.message.id);
    expect(stolen).toMatchObject({ status: 404, error: 'not_found' });
    expect((await cancelOrder(t, other.token, ask.message.id)).error).toBe('not_found');
    expect((await cancelOrder(t, u.token, 999_999_999)).error).toBe('not_found');
    expect((await cancelOrder(t, u.token, 'abc')).error).toBe('not_found');
    expect((await cancelOrder(t, undefined, resting.message.id)).type).toBe('999');
    // Still on the book, still frozen.
    expect((await t.get('coin/list?status=waiting', { token: u.token })).message.list[0].id).toBe(resting.message.id);
    expect(await coinBalance(t, u.id, USDT)).toMatchObject({ frozen: '9.99999' });
    await cancelOrder(t, u.token, resting.message.id);
  });
});

describe('bad input changes nothing', () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ['zero price', { target_price: '0', amount: '0.1' }, 'target_price', 'price_invalid'],
    ['negative price', { target_price: '-5', amount: '0.1' }, 'target_price', 'price_invalid'],
    ['non-numeric price', { target_price: 'abc', amount: '0.1' }, 'target_price', 'price_invalid'],
    ['exponent price', { target_price: '1e5', amount: '0.1' }, 'target_price', 'price_invalid'],
    ['missing price', { amount: '0.1' }, 'target_price', 'price_required'],
    ['price off the tick', { target_price: '100.001', amount: '0.1' }, 'target_price', 'price_off_tick'],
    ['zero amount', { target_price: '100', amount: '0' }, 'amount', 'amount_invalid'],
    ['negative amount', { target_price: '100', amount: '-1' }, 'amount', 'amount_invalid'],
    ['non-numeric amount', { target_price: '100', amount: 'ten' }, 'amount', 'amount_invalid'],
    ['missing amount', { target_price: '100' }, 'amount', 'amount_required'],
    ['amount off the lot', { target_price: '100', amount: '0.000015' }, 'amount', 'amount_off_lot'],
    ['amount below the minimum', { target_price: '100', amount: '0.00005' }, 'amount', 'amount_below_min'],
    ['market buy without total', { order_type: 'market' }, 'total', 'amount_required'],
    ['market buy total too precise', { order_type: 'market', total: '1.0000001' }, 'total', 'amount_too_precise'],
    ['market buy zero total', { order_type: 'market', total: '0' }, 'total', 'amount_invalid'],
    ['unknown side', { type: '3', target_price: '100', amount: '0.1' }, 'type', 'field_invalid'],
    ['unknown order type', { order_type: 'stop', target_price: '100', amount: '0.1' }, 'order_type', 'field_invalid'],
    ['unknown pair', { currency_id: '999', target_price: '100', amount: '0.1' }, 'currency_id', 'pair_unknown'],
  ];
  for (const [name, body, field, code] of cases) {
    it(name, async () => {
      const u = await trader(t, { [USDT]: '1000' });
      const reply = await placeOrder(t, u.token, { type: '1', ...body });
      expect(reply).toMatchObject({ status: 400, type: 'error', error: code });
      expect(reply.fields?.[field], JSON.stringify(reply)).toBeTypeOf('string');
      expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '1000', frozen: '0' });
      expect((await t.get('coin/list', { token: u.token })).message.total).toBe(0);
    });
  }

  it('localizes the grid errors with the step', async () => {
    const u = await trader(t, { [USDT]: '1000' });
    const reply = await placeOrder(t, u.token, { type: '1', target_price: '100.001', amount: '0.1' }, { lang: 'jp' });
    expect(reply.message).toBe('価格は0.01の倍数で入力してください');
    const lot = await placeOrder(t, u.token, { type: '1', target_price: '100', amount: '0.000015' });
    expect(lot.message).toBe('The amount must be a multiple of 0.00001');
  });

  it('refuses a buy beyond the balance: insufficient balance', async () => {
    const u = await trader(t, { [USDT]: '100' });
    // 1000 × 0.1 = 100, + the fee: more than 100.
    const reply = await placeOrder(t, u.token, { type: '1', target_price: '1000', amount: '0.1' });
    expect(reply).toMatchObject({ status: 400, error: 'insufficient_balance', message: 'Insufficient balance' });
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
  });

  it('refuses a sell beyond the coins held: not enough sellable balance', async () => {
    const u = await trader(t, { [BTC]: '0.5' });
    await placeOrder(t, u.token, { type: '2', target_price: '99000', amount: '0.4' });
    const reply = await placeOrder(t, u.token, { type: '2', target_price: '99000', amount: '0.2' });
    expect(reply).toMatchObject({ status: 400, error: 'insufficient_sellable', message: 'Not enough sellable balance' });
    const market = await placeOrder(t, u.token, { type: '2', order_type: 'market', amount: '0.2' });
    expect(market.error).toBe('insufficient_sellable');
    expect(await coinBalance(t, u.id, BTC)).toEqual({ available: '0.1', frozen: '0.4' });
  });

  it('needs a signed-in user', async () => {
    const reply = await t.post('coin/trade', { legal_id: '3', currency_id: '1', type: '1', target_price: '1', amount: '1' });
    expect(reply.type).toBe('999');
    expect((await t.get('coin/list')).type).toBe('999');
  });
});

describe('GET coin/list', () => {
  it("lists only the user's orders, newest first, by pair and status, paged", async () => {
    const u = await trader(t, { [USDT]: '10000' });
    const other = await trader(t, { [USDT]: '10000' });
    await placeOrder(t, other.token, { type: '1', target_price: '100', amount: '0.01' });
    const ids: number[] = [];
    for (const price of ['101', '102', '103'])
      ids.push((await placeOrder(t, u.token, { type: '1', target_price: price, amount: '0.01' })).message.id);
    ids.push((await placeOrder(t, u.token, { ...ETH_USDT, type: '1', target_price: '10', amount: '0.01' })).message.id);
    await cancelOrder(t, u.token, ids[0]!);

    const all = await t.get('coin/list', { token: u.token });
    expect(all.message).toMatchObject({ total: 4, page: 1, limit: 20 });
    expect(all.message.list.map((o: { id: number }) => o.id)).toEqual([...ids].reverse());
    const first = all.message.list[0];
    for (const key of ['side', 'type', 'order_type', 'price', 'amount', 'filled', 'avg_price', 'fee', 'status', 'created_at']) {
      expect(first).toHaveProperty(key);
    }
    const btc = await t.get('coin/list?legal_id=3&currency_id=1&status=waiting', { token: u.token });
    expect(btc.message.list.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const paged = await t.post('coin/list', { page: '2', limit: '3' }, { token: u.token });
    expect(paged.message).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(paged.message.list.map((o: { id: number }) => o.id)).toEqual([ids[0]]);
    expect((await t.get('coin/list?status=done', { token: u.token })).error).toBe('field_invalid');
    expect((await t.get('coin/list?legal_id=3&currency_id=77', { token: u.token })).error).toBe('pair_unknown');
  });
});
