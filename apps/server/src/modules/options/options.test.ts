import { and, count, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { addOneSecondDelivery, BTC_USDT_ID, type Clock, ETH_USDT_ID, settle, startOptions, tick } from '../../../test/options.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { auditLog, ledgerEntries, optionOrders } from '../../db/schema.js';
import { samplesAt } from '../index-samples/repo.js';
import { settleOption } from './settle.js';

const t = appForFile({ checkLedger: true });
let operator: string;
const clock: Clock = { now: 1_900_000_000_000 };
/** Moves the clock to the start of a fresh 10-second window, so scenarios never share seconds. */
const nextWindow = () => {
  clock.now = (Math.floor(clock.now / 10_000) + 1) * 10_000;
  return clock.now;
};

beforeAll(async () => {
  operator = await adminToken(t);
  await startOptions(t, clock);
  // A one-second delivery time, so scenarios settle without waiting.
  const added = await addOneSecondDelivery(t);
  expect(added.type).toBe('ok');
});

/** A verified user with `amount` USDT in the option account. */
async function buyer(amount = '1000') {
  const u = await readyUser(t);
  if (amount !== '0') await fund(t, u.id, USDT, amount, 'option');
  return u;
}

const buy = (token: string, fields: Record<string, string> = {}, lang?: string) =>
  t.post(
    'microtrade/submit',
    { match_id: String(BTC_USDT_ID), currency_id: String(USDT), type: '1', seconds: '1', number: '100', ...fields },
    { token, lang },
  );

const orderCount = async (userId: number) =>
  (await t.database.db.select({ n: count() }).from(optionOrders).where(eq(optionOrders.userId, userId)))[0]!.n;

describe('microtrade/seconds and payable_currencies', () => {
  it('lists the seeded delivery times with ratios in percent and stake limits', async () => {
    const reply = await t.get('microtrade/seconds');
    expect(reply.type).toBe('ok');
    const byTime = Object.fromEntries(reply.message.map((s: { seconds: number }) => [s.seconds, s]));
    expect(byTime[60]).toMatchObject({ seconds: 60, profit_ratio: '85', loss_ratio: '100', min_num: '10', max_num: '10000' });
    expect(Object.keys(byTime).map(Number)).toEqual([1, 30, 60, 120, 300]);
  });

  it('names the stake coins with the user option balance, and needs a login', async () => {
    const u = await buyer('250.5');
    const reply = await t.get('microtrade/payable_currencies', { token: u.token });
    expect(reply.message).toEqual([{ id: USDT, currency_id: USDT, name: 'USDT', decimals: 6, balance: '250.5', frozen: '0' }]);
    expect((await t.get('microtrade/payable_currencies')).type).toBe('999');
  });
});

describe('microtrade/submit refuses bad input and changes nothing', () => {
  it('answers each refusal with its localized error', async () => {
    const u = await buyer('150');
    const now = nextWindow();
    tick(t, BTC_USDT_ID, '60000.00', now);
    const cases: [Record<string, string>, string][] = [
      [{ seconds: '45' }, 'option_seconds_unknown'],
      [{ seconds: '' }, 'option_seconds_unknown'],
      [{ seconds: 'x' }, 'option_seconds_unknown'],
      [{ number: '0.5' }, 'option_stake_below_min'],
      [{ number: '1000.000001' }, 'option_stake_above_max'],
      [{ number: '' }, 'amount_required'],
      [{ number: '-5' }, 'amount_invalid'],
      [{ number: '1e3' }, 'amount_invalid'],
      [{ number: '10.1234567' }, 'amount_too_precise'],
      [{ match_id: '99' }, 'option_pair_closed'],
      [{ match_id: 'abc' }, 'option_pair_closed'],
      [{ currency_id: '1' }, 'currency_unknown'],
      [{ type: '3' }, 'field_invalid'],
      [{ number: '150.000001' }, 'insufficient_balance'],
    ];
    for (const [fields, code] of cases) {
      const reply = await buy(u.token, fields);
      expect(reply, JSON.stringify(fields)).toMatchObject({ type: 'error', error: code });
    }
    const low = await buy(u.token, { number: '0.5' });
    expect(low.message).toBe('Minimum purchase limit 1 – 1000 USDT');
    expect((await buy(u.token, { number: '0.5' }, 'zh')).message).toBe('最低购买限额 1 – 1000 USDT');
    expect((await buy(u.token, { seconds: '60', number: '5' })).message).toBe('Minimum purchase limit 10 – 10000 USDT');
    expect((await buy(u.token, { number: '2000' })).message).toBe('Maximum purchase limit 1 – 1000 USDT');
    expect(await orderCount(u.id)).toBe(0);
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '150', frozen: '0' });
  });

  it('sends an unverified account to verification (type 998) and a signed-out one to login (999)', async () => {
    const u = await registerEmailUser(t);
    await fund(t, u.user.id, USDT, '500', 'option');
    tick(t, BTC_USDT_ID, '60000.00', nextWindow());
    const reply = await buy(u.token);
    expect(reply).toMatchObject({ status: 403, type: '998', error: 'real_name_required' });
    expect((await buy('not-a-token-of-anyone-at-all')).type).toBe('999');
    expect(await orderCount(u.user.id)).toBe(0);
    expect(await balance(t, u.user.id, USDT, 'option')).toEqual({ available: '500', frozen: '0' });
  });

  it('refuses a purchase on an index more than 2 s old, with a localized error', async () => {
    const u = await buyer();
    const now = nextWindow();
    tick(t, ETH_USDT_ID, '3000.00', now - 2001);
    const stale = await buy(u.token, { match_id: String(ETH_USDT_ID) });
    expect(stale).toMatchObject({ type: 'error', error: 'option_price_unavailable' });
    expect(stale.message).toBe('No current index price for this pair; please try again shortly');
    expect((await buy(u.token, { match_id: String(ETH_USDT_ID) }, 'zh')).message).toBe('该交易对暂无最新指数价格，请稍后再试');
    expect(await orderCount(u.id)).toBe(0);
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
    // 2 s old is still fresh.
    clock.now = now - 1;
    expect((await buy(u.token, { match_id: String(ETH_USDT_ID) })).type).toBe('ok');
  });

  it('with options switched off refuses buying only: orders are still listed and still settle', async () => {
    const u = await buyer();
    const start = nextWindow();
    tick(t, BTC_USDT_ID, '60000.00', start);
    clock.now = start + 100;
    const bought = await buy(u.token);
    expect(bought.type).toBe('ok');
    expect((await t.post('admin/products', { options: '0' }, { token: operator })).type).toBe('ok');
    try {
      expect((await buy(u.token)).error).toBe('product_disabled');
      expect((await t.get('microtrade/seconds')).type).toBe('ok');
      expect((await t.get('microtrade/payable_currencies', { token: u.token })).type).toBe('ok');
      const open = await t.get('microtrade/lists?status=open', { token: u.token });
      expect(open.message.list.map((o: { id: number }) => o.id)).toEqual([bought.message.id]);
      // The delivery second passes while options are off: the order settles all the same.
      const second = start / 1000 + 1;
      tick(t, BTC_USDT_ID, '60000.50', second * 1000 + 200);
      clock.now = (second + 1) * 1000 + 10;
      tick(t, BTC_USDT_ID, '60000.50', (second + 1) * 1000);
      await settle(t);
      const delivered = await t.get('microtrade/lists?status=delivered', { token: u.token });
      expect(delivered.message.list[0]).toMatchObject({
        id: bought.message.id,
        status: 'settled',
        open_price: '60000.00',
        end_price: '60000.50',
        profit_result: 1,
        payout: '185',
      });
      expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1085', frozen: '0' });
    } finally {
      await t.post('admin/products', { options: '1' }, { token: operator });
    }
    expect(await orderCount(u.id)).toBe(1);
  });

  it('never overspends under parallel purchases', async () => {
    const u = await buyer('500');
    tick(t, BTC_USDT_ID, '60000.00', nextWindow());
    const replies = await Promise.all(Array.from({ length: 12 }, () => buy(u.token)));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(5);
    expect(replies.filter((r) => r.error === 'insufficient_balance')).toHaveLength(7);
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '0', frozen: '0' });
  });
});

describe('settlement from the recorded index samples', () => {
  it('settles win, loss and flat within the second after delivery, with exact payouts, and pushes each', async () => {
    const pushed: { userId: number; event: string; payload: Record<string, unknown> }[] = [];
    const spy = vi.spyOn(t.app.realtime, 'toUser').mockImplementation((userId, event, payload) => {
      pushed.push({ userId, event, payload: payload as Record<string, unknown> });
    });
    const [a, b, c] = [await buyer('1000'), await buyer('1000'), await buyer('1000')];
    const start = nextWindow();
    tick(t, BTC_USDT_ID, '60000.10', start);
    tick(t, ETH_USDT_ID, '3000.00', start);
    clock.now = start + 400;
    const up = await buy(a.token, { number: '100' });
    const downBtc = await buy(b.token, { type: '2', number: '33.333333' });
    const flat = await buy(c.token, { match_id: String(ETH_USDT_ID), type: '2', number: '250.5' });
    for (const r of [up, downBtc, flat]) expect(r.type, JSON.stringify(r)).toBe('ok');
    const deliverySecond = start / 1000 + 1;
    // The open price is pending until the purchase second is final (then its recorded sample).
    expect(up.message).toMatchObject({
      status: 'open',
      open_price: null,
      open_price_time: null,
      open_second: start / 1000,
      delivery_second: deliverySecond,
      delivery_at: (deliverySecond + 1) * 1000,
      remain_milli_seconds: (deliverySecond + 1) * 1000 - (start + 400),
      profit_ratio: '85',
      loss_ratio: '100',
      end_price: null,
      profit_result: null,
    });
    expect(await balance(t, a.id, USDT, 'option')).toEqual({ available: '900', frozen: '0' });

    // The pending list counts down.
    const pending = await t.get('microtrade/lists?status=open', { token: a.token });
    expect(pending.message.list).toHaveLength(1);
    expect(pending.message.list[0].remain_milli_seconds).toBe(1600);

    // Ticks inside the delivery second: the last one is its sample.
    tick(t, BTC_USDT_ID, '60001.00', deliverySecond * 1000 + 100);
    tick(t, BTC_USDT_ID, '60000.55', deliverySecond * 1000 + 700);
    tick(t, ETH_USDT_ID, '3000.00', deliverySecond * 1000 + 50);
    // Not settled before the second is over.
    clock.now = deliverySecond * 1000 + 900;
    await settle(t);
    expect((await t.get('microtrade/lists?status=open', { token: a.token })).message.list).toHaveLength(1);

    // The next second's first tick closes it; settlement follows at once.
    clock.now = (deliverySecond + 1) * 1000 + 20;
    tick(t, BTC_USDT_ID, '59999.00', (deliverySecond + 1) * 1000);
    tick(t, ETH_USDT_ID, '3001.00', (deliverySecond + 1) * 1000);
    await settle(t);

    const delivered = (await t.get('microtrade/lists?status=delivered', { token: a.token })).message.list;
    expect(delivered[0]).toMatchObject({
      id: up.message.id,
      status: 'settled',
      open_price: '60000.10',
      open_price_time: start,
      end_price: '60000.55',
      end_price_time: deliverySecond * 1000 + 700,
      end_second: deliverySecond,
      void_reason: null,
      profit_result: 1,
      payout: '185',
      fact_profits: '85',
      settled_at: (deliverySecond + 1) * 1000 + 20,
      remain_milli_seconds: 0,
    });
    const bOrder = (await t.get('microtrade/lists?status=delivered', { token: b.token })).message.list[0];
    expect(bOrder).toMatchObject({ profit_result: -1, payout: '0', fact_profits: '-33.333333', end_price: '60000.55' });
    const cOrder = (await t.get('microtrade/lists?status=delivered', { token: c.token })).message.list[0];
    expect(cOrder).toMatchObject({ profit_result: 0, payout: '250.5', fact_profits: '0', end_price: '3000.00' });

    expect(await balance(t, a.id, USDT, 'option')).toEqual({ available: '1085', frozen: '0' });
    expect(await balance(t, b.id, USDT, 'option')).toEqual({ available: '966.666667', frozen: '0' });
    expect(await balance(t, c.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });

    // Each owner heard of their order, in their own room.
    spy.mockRestore();
    // Each owner heard first that the open price was recorded, then of the delivery.
    const ours = pushed.filter((p) => [a.id, b.id, c.id].includes(p.userId));
    expect(ours.map((p) => [p.userId, p.event, p.payload.id]).sort()).toEqual(
      [
        [a.id, 'priced_microorder', up.message.id],
        [b.id, 'priced_microorder', downBtc.message.id],
        [c.id, 'priced_microorder', flat.message.id],
        [a.id, 'closed_microorder', up.message.id],
        [b.id, 'closed_microorder', downBtc.message.id],
        [c.id, 'closed_microorder', flat.message.id],
      ].sort(),
    );
    expect(ours.find((p) => p.event === 'priced_microorder' && p.userId === a.id)?.payload).toMatchObject({
      status: 'open',
      open_price: '60000.10',
      open_price_time: start,
    });

    // The delivery sample is public and re-checkable.
    const samples = await t.get(`market/index_samples?symbol=BTC/USDT&from=${deliverySecond}`);
    expect(samples.message.list).toEqual([
      { second: deliverySecond, price: '60000.55', price_time: deliverySecond * 1000 + 700, source: 'simulated' },
    ]);

    // Idempotent: settling the same orders again changes nothing.
    const entriesBefore = (await t.database.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    await t.app.optionsProduct.settler.settleDue([
      { id: up.message.id, pairId: BTC_USDT_ID, deliverySecond },
      { id: flat.message.id, pairId: ETH_USDT_ID, deliverySecond },
    ]);
    expect((await t.database.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(entriesBefore);
    expect(await balance(t, a.id, USDT, 'option')).toEqual({ available: '1085', frozen: '0' });
  });

  it('records a quiet second with the price that stood through it', async () => {
    const u = await buyer();
    const start = nextWindow();
    tick(t, BTC_USDT_ID, '61000.00', start);
    clock.now = start + 10;
    const order = await buy(u.token, { type: '2' });
    expect(order.type).toBe('ok');
    const second = start / 1000 + 1;
    // No tick in the delivery second; the price of `start` stood through it (1.999 s old: fresh enough).
    clock.now = (second + 1) * 1000 + 600;
    await settle(t);
    const list = (await t.get('microtrade/lists?status=delivered', { token: u.token })).message.list;
    expect(list[0]).toMatchObject({
      end_price: '61000.00',
      end_price_time: start,
      end_second: second,
      profit_result: 0,
      payout: '100',
    });
  });

  it('property: any settlement re-run from the stored samples gives the same result', async () => {
    const u = await buyer('100000');
    const price = fc.integer({ min: 5_999_000, max: 6_001_000 }).map((c) => (c / 100).toFixed(2));
    await fc.assert(
      fc.asyncProperty(
        price,
        fc.array(fc.record({ offset: fc.integer({ min: 0, max: 999 }), price }), { maxLength: 4 }),
        fc.array(fc.constantFrom('1', '2'), { minLength: 1, maxLength: 3 }),
        async (open, inSecond, directions) => {
          const start = nextWindow();
          tick(t, BTC_USDT_ID, open, start);
          clock.now = start + 50;
          const ids: number[] = [];
          for (const type of directions) {
            const r = await buy(u.token, { type, number: '10.5' });
            expect(r.type).toBe('ok');
            ids.push(r.message.id);
          }
          const second = start / 1000 + 1;
          for (const x of [...inSecond].sort((a, b) => a.offset - b.offset))
            tick(t, BTC_USDT_ID, x.price, second * 1000 + x.offset);
          clock.now = (second + 1) * 1000 + 600;
          await settle(t);
          const orders = await t.database.db.select().from(optionOrders).where(inArray(optionOrders.id, ids));
          const samples = await samplesAt(t.database.db, [
            { pairId: BTC_USDT_ID, second: second - 1 },
            { pairId: BTC_USDT_ID, second },
          ]);
          const openSample = samples.get(`${BTC_USDT_ID}:${second - 1}`)!;
          const sample = samples.get(`${BTC_USDT_ID}:${second}`)!;
          for (const o of orders) {
            expect([o.openPrice, o.openPriceTime]).toEqual([openSample.price, openSample.priceTime]);
            expect(o.status).toBe('settled');
            const again = settleOption(
              {
                direction: o.direction as 1 | 2,
                stake: o.stake,
                profitRatio: o.profitRatio,
                lossRatio: o.lossRatio,
                decimals: 6,
              },
              {
                open: { price: openSample.price, time: openSample.priceTime },
                delivery: { price: sample.price, time: sample.priceTime },
              },
            );
            expect([again.result, Number(again.payout)]).toEqual([o.result, Number(o.payout)]);
            expect([Number(o.endPrice), o.endPriceTime]).toEqual([Number(sample.price), sample.priceTime]);
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('shows users only their own orders', async () => {
    const [u, other] = [await buyer(), await buyer()];
    tick(t, BTC_USDT_ID, '60000.00', nextWindow());
    expect((await buy(u.token)).type).toBe('ok');
    expect((await t.get('microtrade/lists?status=open', { token: other.token })).message.total).toBe(0);
    expect((await t.get('microtrade/lists?status=open', { token: u.token })).message.total).toBe(1);
    expect((await t.get('microtrade/lists?status=bogus', { token: u.token })).error).toBe('field_invalid');
  });
});

describe('console', () => {
  it('edits a delivery time with an audit record; open orders keep the terms they were bought with', async () => {
    const u = await buyer();
    const start = nextWindow();
    tick(t, BTC_USDT_ID, '60000.00', start);
    const bought = await buy(u.token);
    const list = (await t.get('admin/options/seconds', { token: operator })).message;
    const one = list.find((s: { seconds: number }) => s.seconds === 1);
    const edited = await t.post(`admin/options/seconds/${one.id}`, { profit_ratio: '10', loss_ratio: '50' }, { token: operator });
    expect(edited.message).toMatchObject({ seconds: 1, profit_ratio: '10', loss_ratio: '50', min_num: '1', max_num: '1000' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'options.seconds.update'), eq(auditLog.target, `option_seconds:${one.id}`)));
    expect(row).toMatchObject({
      before: { profit_ratio: '85', loss_ratio: '100' },
      after: { profit_ratio: '10', loss_ratio: '50' },
    });

    // The order bought at 85/100 wins at 85 %.
    const second = start / 1000 + 1;
    tick(t, BTC_USDT_ID, '60000.01', second * 1000 + 1);
    clock.now = (second + 1) * 1000 + 1;
    tick(t, BTC_USDT_ID, '60000.01', (second + 1) * 1000 + 1);
    await settle(t);
    const [order] = await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, bought.message.id));
    expect(order).toMatchObject({ status: 'settled', result: 1 });
    expect(String(Number(order!.payout))).toBe('185');
    await t.post(`admin/options/seconds/${one.id}`, { profit_ratio: '85', loss_ratio: '100' }, { token: operator });
  });

  it('refuses bad delivery-time settings and non-operators, changing nothing', async () => {
    const bad: [Record<string, string>, string, string][] = [
      [{ seconds: '0' }, 'field_invalid', 'seconds'],
      [{ seconds: '90000' }, 'field_invalid', 'seconds'],
      [{ loss_ratio: '100.5' }, 'field_invalid', 'loss_ratio'],
      [{ profit_ratio: '-1' }, 'field_invalid', 'profit_ratio'],
      [{ min_num: '0' }, 'field_invalid', 'min_num'],
      [{ min_num: '50', max_num: '20' }, 'field_invalid', 'max_num'],
      [{ seconds: '60' }, 'option_seconds_exists', 'seconds'],
    ];
    for (const [fields, code, field] of bad) {
      const reply = await t.post(
        'admin/options/seconds',
        { seconds: '15', profit_ratio: '80', loss_ratio: '100', min_num: '1', max_num: '10', ...fields },
        { token: operator },
      );
      expect(reply, JSON.stringify(fields)).toMatchObject({ error: code, fields: { [field]: expect.any(String) } });
    }
    const user = await buyer();
    expect((await t.get('admin/options/seconds', { token: user.token })).type).toBe('999');
    expect((await t.get('admin/options/orders', { token: user.token })).type).toBe('999');
    expect((await t.get('microtrade/seconds')).message.map((s: { seconds: number }) => s.seconds)).toEqual([1, 30, 60, 120, 300]);
  });

  it('lists every option order read-only; no console route can change an order or its result', async () => {
    const orders = await t.get('admin/options/orders?status=settled&limit=5', { token: operator });
    expect(orders.message.total).toBeGreaterThan(0);
    expect(orders.message.list[0]).toMatchObject({
      status: 'settled',
      account: expect.any(String),
      end_price: expect.any(String),
    });
    const routes = t.app.printRoutes({ commonPrefix: false });
    const optionRoutes = routes
      .split('\n')
      .map((line) => line.replace(/^[\s│├└─]+/, ''))
      .filter((line) => /option|microtrade/.test(line));
    // Writes exist only for delivery times (and the user's own purchase).
    for (const line of optionRoutes.filter((l) => /POST|PUT|PATCH|DELETE/.test(l)))
      expect(line, line).toMatch(/^\/api\/(admin\/options\/seconds(\/:id)?|microtrade\/submit) \((GET, HEAD, )?POST\)$/);
  });
});
