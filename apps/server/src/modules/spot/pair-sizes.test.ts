import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, USDT } from '../../../test/money.js';
import { cancelOrder, coinBalance, depth, placeOrder, trader } from '../../../test/spot.js';
import { adminToken, operatorSignIn } from '../../../test/test-app.js';
import { auditLog, pairs, spotOrders } from '../../db/schema.js';
import { translate } from '../../i18n/messages.js';
import { D } from '../../lib/money.js';
import { operatorUserId } from './repo.js';

const t = appForFile({ checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

const sizes = (body: Record<string, string>, lang = 'en', pair = 1) =>
  t.post(`admin/config/pairs/${pair}/sizes`, body, { token: operator, lang });
/** Depth with prices and quantities as plain numbers' text, so "60000.0" and "60000.00" compare equal. */
const plainDepth = async () => {
  const d = await depth(t);
  const norm = (side: [string, string][]) => side.map(([p, q]) => [new D(p).toFixed(), new D(q).toFixed()]);
  return { bids: norm(d.bids), asks: norm(d.asks) };
};
/** Everything a refused change must leave as it was. */
const state = async () => ({
  pair: (await t.database.db.select().from(pairs).where(eq(pairs.id, 1)))[0],
  orders: await t.database.db.select().from(spotOrders).where(eq(spotOrders.pairId, 1)),
  audit: (await t.database.db.select().from(auditLog)).length,
  book: (await t.app.spot.book(1)).snapshot(),
  depth: { ...(await depth(t)), time: undefined },
});

describe("a pair's tick and lot size at runtime", () => {
  let seller: Awaited<ReturnType<typeof trader>>;
  let buyer: Awaited<ReturnType<typeof trader>>;
  let misfitId: number;

  beforeAll(async () => {
    seller = await trader(t, { [BTC]: '2' });
    buyer = await trader(t, { [USDT]: '100000' });
    expect((await placeOrder(t, seller.token, { type: '2', target_price: '60000', amount: '0.1' })).type).toBe('ok');
    expect((await placeOrder(t, buyer.token, { type: '1', target_price: '59000.2', amount: '0.2' })).type).toBe('ok');
    const misfit = await placeOrder(t, buyer.token, { type: '1', target_price: '59000.25', amount: '0.1' });
    misfitId = misfit.message.id;
  });

  it("refuses a tick a user's waiting order is not on, naming how many, and changes nothing", async () => {
    const before = await state();
    for (const lang of ['en', 'jp', 'th'] as const) {
      const refused = await sizes({ tick_size: '0.1' }, lang);
      expect(refused).toMatchObject({ error: 'sizes_misfit', message: translate(lang, 'sizes_misfit', { count: 1 }) });
    }
    expect(await state()).toEqual(before);
  });

  it('refuses bad input with the localized error, changing nothing', async () => {
    const before = await state();
    for (const tick of ['0', '-1', '0.00', 'abc', '1e3', '0.001', '']) {
      const reply = await sizes({ tick_size: tick }, 'esp');
      expect(reply.error, tick).toBe('field_invalid');
      expect(reply.message).toBe(translate('esp', 'field_invalid'));
      expect(reply.fields).toHaveProperty('tick_size');
    }
    // A lot finer than BTC's 8 places, and one the minimum (0.0001) is not whole lots of.
    for (const lot of ['0.000000001', '0.001']) expect((await sizes({ lot_size: lot })).fields, lot).toHaveProperty('lot_size');
    expect((await sizes({})).error).toBe('field_required');
    expect((await sizes({ tick_size: '0.1' }, 'en', 999)).error).toBe('not_found');
    expect(await state()).toEqual(before);
  });

  it("cancels the market maker's misfit quotes, moves the book to the new tick, identical in prices and quantities", async () => {
    expect((await cancelOrder(t, buyer.token, misfitId)).type).toBe('ok');
    const mm = (await operatorUserId(t.database.db))!;
    const quote = await t.app.spot.place(
      mm,
      1,
      { side: 'sell', orderType: 'limit', price: '61000.05', amount: '0.01' },
      { postOnly: true },
    );
    const fitting = await t.app.spot.place(mm, 1, { side: 'sell', orderType: 'limit', price: '61000.1', amount: '0.01' });
    const before = await plainDepth();
    const changed = await sizes({ tick_size: '0.1' });
    expect(changed.message).toMatchObject({
      id: 1,
      symbol: 'BTC/USDT',
      tick_size: '0.1',
      lot_size: '0.00001',
      cancelled_quotes: 1,
    });
    const [row] = await t.database.db.select().from(spotOrders).where(eq(spotOrders.id, quote.id));
    expect(row!.status).toBe('cancelled');
    const after = await plainDepth();
    expect(after.bids).toEqual(before.bids);
    expect(after.asks).toEqual(before.asks.filter(([p]) => p !== '61000.05'));
    expect(after.asks.map(([p]) => p)).toContain(new D(fitting.price!).toFixed());
    expect((await t.get('admin/config', { token: operator })).message.pairs[0]).toMatchObject({ tick_size: '0.1' });

    const audit = (await t.get('admin/audit?action=config.pair.sizes', { token: operator })).message.list;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      target: 'pair:BTC/USDT',
      before: { tick_size: '0.01', lot_size: '0.00001' },
      after: { tick_size: '0.1', lot_size: '0.00001' },
    });
  });

  it('checks new orders against the new tick, and orders resting from before match correctly', async () => {
    const off = await placeOrder(t, buyer.token, { type: '1', target_price: '60000.05', amount: '0.01' });
    expect(off.error).toBe('price_off_tick');
    // Takes 0.04 of the 0.1 resting at 60000 from before the change.
    const taker = await trader(t, { [USDT]: '10000' });
    const bid = await placeOrder(t, taker.token, { type: '1', target_price: '60000.0', amount: '0.04' });
    expect(bid.message).toMatchObject({ status: 'completed', filled: '0.04' });
    expect((await coinBalance(t, taker.id, BTC)).available).toBe('0.04');
    const d = await plainDepth();
    expect(d.asks[0]).toEqual(['60000', '0.06']);
    // A sell crossing the bid from before the change (0.2 at 59000.2) fills at that price.
    const hitter = await trader(t, { [BTC]: '1' });
    const ask = await placeOrder(t, hitter.token, { type: '2', target_price: '59000.0', amount: '0.05' });
    expect(ask.message).toMatchObject({ status: 'completed', filled: '0.05', avg_price: expect.stringMatching(/^59000\.2/) });
    expect((await plainDepth()).bids[0]).toEqual(['59000.2', '0.15']);
  });

  it('changes the lot size the same way, and the book rebuilt from the database is the running one', async () => {
    const changed = await sizes({ lot_size: '0.0001' });
    expect(changed.message).toMatchObject({ tick_size: '0.1', lot_size: '0.0001' });
    expect((await placeOrder(t, buyer.token, { type: '1', target_price: '50000', amount: '0.00015' })).error).toBe(
      'amount_off_lot',
    );
    const book = await t.app.spot.book(1);
    const running = book.snapshot();
    await book.rebuild();
    expect(book.snapshot()).toEqual(running);
    // Back to the seed's units: every waiting order is a whole number of the finer ones.
    expect((await sizes({ tick_size: '0.01', lot_size: '0.00001' })).type).toBe('ok');
    expect((await plainDepth()).bids[0]).toEqual(['59000.2', '0.15']);
  });

  it('is super only', async () => {
    const email = 'sizes-support@example.test';
    await t.post('admin/operators', { email, password: 'operator-password-1', role: 'support' }, { token: operator });
    const support = (await operatorSignIn(t, email, 'operator-password-1')).token;
    expect((await t.post('admin/config/pairs/1/sizes', { tick_size: '1' }, { token: support })).error).toBe('forbidden');
    expect((await t.post('admin/config/pairs/1/sizes', { tick_size: '1' }, { token: buyer.token })).type).toBe('999');
  });
});
