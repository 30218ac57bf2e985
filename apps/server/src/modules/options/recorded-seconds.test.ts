import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { addOneSecondDelivery, BTC_USDT_ID, type Clock } from '../../../test/options.js';
import { adminToken } from '../../../test/test-app.js';
import { ledgerEntries, optionOrders } from '../../db/schema.js';
import { pruneSamplesBefore, sampleAt } from '../index-samples/repo.js';
import { IndexSampler } from '../index-samples/sampler.js';
import { OptionsService } from './service.js';

/**
 * The settlement rules with no fallback: the open price is the recorded sample of the purchase second,
 * the end price the recorded sample of exactly the delivery second, and a second with no sample (or a
 * sample from another price source) voids the order with its stake returned. The sampler here carries no
 * price into a quiet second (`carryMs: 0`), so a second without a tick of its own is a gap, as when the
 * index is unavailable.
 */

const t = appForFile({ checkLedger: true });
const clock: Clock = { now: 1_960_000_000_000 };
let source = 'simulated';
const pushed: { userId: number; event: string; payload: Record<string, unknown> }[] = [];
let sampler: IndexSampler;
let service: OptionsService;

/** Moves the clock to the start of a fresh 10-second window; returns its first second. */
const nextWindow = () => {
  clock.now = (Math.floor(clock.now / 10_000) + 1) * 10_000;
  return clock.now / 1000;
};
const tick = (price: string, time: number) => sampler.ingest({ pairId: BTC_USDT_ID, price, time });
const settle = async () => {
  await sampler.flush();
  await service.settler.idle();
};
const order = async (id: number) => (await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, id)))[0]!;

beforeAll(async () => {
  await addOneSecondDelivery(t);
  sampler = new IndexSampler({ db: t.database.db, source: () => source, now: () => clock.now, carryMs: 0 });
  service = new OptionsService({
    db: t.database.db,
    market: t.app.market,
    sampler,
    toUser: (userId, event, payload) => pushed.push({ userId, event, payload: payload as Record<string, unknown> }),
    now: () => clock.now,
  });
  await service.start();
});
afterAll(async () => {
  await service.stop();
  await sampler.stop();
});

async function buyer() {
  const u = await readyUser(t);
  await fund(t, u.id, USDT, '1000', 'option');
  return u;
}
const buy = (userId: number, type: 1 | 2 = 1) =>
  service.submit(userId, { match_id: BTC_USDT_ID, currency_id: USDT, type, seconds: 1, number: '100' });

/** A fresh buyer's order bought 150 ms into a new window whose first tick is 60000.00; `s` is that second. */
async function boughtAt60000() {
  const u = await buyer();
  const s = nextWindow();
  tick('60000.00', s * 1000 + 100);
  clock.now = s * 1000 + 150;
  const bought = await buy(u.id);
  return { u, s, bought };
}
/** The recorded index price of a second, as a number (NaN when the second has no sample). */
const sampledPrice = async (second: number) => Number((await sampleAt(t.database.db, BTC_USDT_ID, second))?.price);
/** The ledger entries that name an order. */
const entriesOf = (orderId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.refId, String(orderId)));

describe('the open price', () => {
  it('is the recorded sample of the purchase second, not the tick the buyer saw', async () => {
    const u = await buyer();
    const s = nextWindow();
    tick('60000.00', s * 1000 + 100);
    clock.now = s * 1000 + 200;
    const bought = await buy(u.id);
    // The buyer saw 60000.00; the order has no open price until its second is over.
    expect(bought).toMatchObject({ status: 'open', open_second: s, open_price: null, delivery_second: s + 1 });
    tick('60005.00', s * 1000 + 700);
    clock.now = (s + 1) * 1000 + 60;
    tick('60010.00', (s + 1) * 1000 + 50);
    await settle();

    // The open price is what the public per-second record shows for that second.
    const record = await t.get(`market/index_samples?symbol=BTC/USDT&from=${s}&to=${s}`);
    expect(record.message.list).toEqual([{ second: s, price: '60005.00', price_time: s * 1000 + 700, source: 'simulated' }]);
    expect(await order(bought.id)).toMatchObject({ status: 'open', openSecond: s, openPriceTime: s * 1000 + 700 });
    expect(Number((await order(bought.id)).openPrice)).toBe(60005);
    expect(pushed.find((p) => p.event === 'priced_microorder' && p.payload.id === bought.id)?.payload).toMatchObject({
      open_price: '60005.00',
    });

    // Delivery: 60010.00 (the last tick of s + 1) against 60005.00 — up wins.
    clock.now = (s + 2) * 1000 + 10;
    tick('59000.00', (s + 2) * 1000);
    await settle();
    expect(await order(bought.id)).toMatchObject({ status: 'settled', result: 1, endSecond: s + 1 });
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1085', frozen: '0' });
  });

  it('is filled at once when the purchase second was already final when the order reached the settler', async () => {
    const u = await buyer();
    const s = nextWindow();
    tick('60000.00', s * 1000 + 100);
    tick('60002.00', s * 1000 + 800);
    clock.now = (s + 1) * 1000 + 20;
    tick('60003.00', (s + 1) * 1000 + 10);
    await settle();
    expect(await sampledPrice(s)).toBe(60002);
    // A purchase of second s that commits late (another node's order, a slow balance lock): its second is
    // already final, so no flush will name it again.
    clock.now = s * 1000 + 900;
    const bought = await buy(u.id);
    expect(bought.open_second).toBe(s);
    await service.settler.idle();
    expect(await order(bought.id)).toMatchObject({ status: 'open', openPriceTime: s * 1000 + 800 });
    clock.now = (s + 2) * 1000 + 20;
    tick('60003.00', (s + 2) * 1000 + 10);
    await settle();
    expect(await order(bought.id)).toMatchObject({ status: 'settled', result: 1 });
  });

  it('voids the order when the purchase second has no sample, returning the stake', async () => {
    const u = await buyer();
    const s = nextWindow();
    tick('60000.00', (s - 1) * 1000 + 900);
    // 600 ms old: fresh enough to buy, but no tick comes in the purchase second itself.
    clock.now = s * 1000 + 500;
    const bought = await buy(u.id);
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '900', frozen: '0' });
    clock.now = (s + 1) * 1000 + 200;
    tick('60100.00', (s + 1) * 1000 + 100);
    await settle();
    expect(await sampleAt(t.database.db, BTC_USDT_ID, s)).toBeUndefined();
    expect(await order(bought.id)).toMatchObject({ status: 'void', voidReason: 'no_sample_open', openPrice: null, result: null });
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
    const refunds = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.reason, 'option_void_refund'), eq(ledgerEntries.refId, String(bought.id))));
    expect(refunds).toHaveLength(1);
    expect(pushed.find((p) => p.event === 'closed_microorder' && p.payload.id === bought.id)?.payload).toMatchObject({
      status: 'void',
      void_reason: 'no_sample_open',
      payout: '100',
      fact_profits: '0',
    });
  });
});

describe('the delivery price', () => {
  it('voids the order when the delivery second has no sample, and never uses a later one', async () => {
    const [up, down] = [await buyer(), await buyer()];
    const s = nextWindow();
    tick('60000.00', s * 1000 + 100);
    clock.now = s * 1000 + 150;
    const a = await buy(up.id, 1);
    const b = await buy(down.id, 2);
    tick('60000.00', s * 1000 + 800);
    // Nothing in the delivery second s + 1 (index unavailable); a big move is recorded in s + 2.
    clock.now = (s + 3) * 1000 + 10;
    tick('70000.00', (s + 2) * 1000 + 100);
    tick('70000.00', (s + 3) * 1000);
    await settle();
    expect(await sampleAt(t.database.db, BTC_USDT_ID, s + 1)).toBeUndefined();
    expect(await sampledPrice(s + 2)).toBe(70000);
    for (const [id, u] of [
      [a.id, up],
      [b.id, down],
    ] as const) {
      const row = await order(id);
      expect(row).toMatchObject({
        status: 'void',
        voidReason: 'no_sample_delivery',
        endPrice: null,
        endSecond: null,
        result: null,
      });
      expect(Number(row.openPrice)).toBe(60000);
      expect(Number(row.payout)).toBe(100);
      expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
    }
    const list = await t.get('microtrade/lists?status=delivered', { token: up.token });
    expect(list.message.list[0]).toMatchObject({
      id: a.id,
      status: 'void',
      void_reason: 'no_sample_delivery',
      open_price: '60000.00',
      end_price: null,
      payout: '100',
      fact_profits: '0',
      profit_result: null,
    });
    // The console sees the same.
    const operator = await adminToken(t);
    const console_ = await t.get(`admin/options/orders?user_id=${up.id}`, { token: operator });
    expect(console_.message.list[0]).toMatchObject({ id: a.id, status: 'void', void_reason: 'no_sample_delivery' });
  });

  it('voids the order when its delivery sample comes from another price source', async () => {
    const { u, s, bought } = await boughtAt60000();
    clock.now = (s + 1) * 1000 + 10;
    tick('60000.00', (s + 1) * 1000);
    await settle();
    expect(Number((await order(bought.id)).openPrice)).toBe(60000);
    // The price source changes under the open order.
    source = 'binance';
    try {
      tick('61000.00', (s + 1) * 1000 + 500);
      clock.now = (s + 2) * 1000 + 10;
      tick('61000.00', (s + 2) * 1000);
      await settle();
    } finally {
      source = 'simulated';
    }
    expect(await sampleAt(t.database.db, BTC_USDT_ID, s + 1)).toMatchObject({ source: 'binance' });
    expect(await order(bought.id)).toMatchObject({ status: 'void', voidReason: 'source_changed', source: 'simulated' });
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
  });

  it('settles each order once however often it is looked at again', async () => {
    const { u, s, bought } = await boughtAt60000();
    clock.now = (s + 2) * 1000 + 600;
    tick('60000.00', (s + 2) * 1000 + 100);
    await settle();
    expect((await order(bought.id)).status).toBe('void');
    const before = await entriesOf(bought.id);
    service.settler.add({ ...(await order(bought.id)), status: 'open' });
    await service.settler.settleDue([{ id: bought.id }]);
    const after = await entriesOf(bought.id);
    expect(after.length).toBe(before.length);
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
  });
});

describe('pruning', () => {
  it('keeps the open and delivery samples of every order', async () => {
    const { s, bought } = await boughtAt60000();
    tick('60001.00', (s + 1) * 1000 + 100);
    tick('60002.00', (s + 2) * 1000 + 100);
    clock.now = (s + 3) * 1000 + 600;
    tick('60003.00', (s + 3) * 1000 + 100);
    await settle();
    expect((await order(bought.id)).status).toBe('settled');
    // A sample in a later minute no order used.
    const unused = (Math.floor(s / 60) + 1) * 60 + 30;
    clock.now = (unused + 1) * 1000 + 600;
    tick('60004.00', unused * 1000 + 100);
    tick('60005.00', (unused + 1) * 1000 + 100);
    await settle();
    expect(await sampledPrice(unused)).toBe(60004);
    // Everything older than unused + 1 goes, except the whole minutes the order's samples lie in (the
    // record's minute checkpoints are rehashed from whole minutes).
    while ((await pruneSamplesBefore(t.database.db, unused + 1, 10_000)) > 0);
    expect(await sampledPrice(s)).toBe(60000);
    expect(await sampledPrice(s + 1)).toBe(60001);
    expect(await sampledPrice(s + 2)).toBe(60002);
    expect(await sampleAt(t.database.db, BTC_USDT_ID, unused)).toBeUndefined();
  });
});
