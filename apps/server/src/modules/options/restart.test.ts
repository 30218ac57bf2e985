import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { BTC_USDT_ID, type Clock, ETH_USDT_ID } from '../../../test/options.js';
import { serverRestarts } from '../../../test/restart.js';
import { adminToken, createTestApp, nextIp, type TestApp } from '../../../test/test-app.js';
import { currencies, optionOrders } from '../../db/schema.js';
import { samplesAt } from '../index-samples/repo.js';
import { settleOption } from './settle.js';

const restart = serverRestarts();

describe('a restart', () => {
  it('settles overdue orders from the recorded samples of their seconds; a second nobody recorded voids the order', async () => {
    const clock: Clock = { now: 1_950_000_000_000 };
    const t: TestApp = await createTestApp();
    t.app.indexSamples.useClock(() => clock.now);
    t.app.optionsProduct.useClock(() => clock.now);
    await t.app.optionsProduct.start();
    const operator = await adminToken(t);
    await t.post(
      'admin/options/seconds',
      { seconds: '1', profit_ratio: '90', loss_ratio: '80', min_num: '1', max_num: '1000' },
      { token: operator },
    );
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '1000', 'option');
    const start = clock.now;
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: '60000.00', time: start });
    t.app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '3000.00', time: start });
    clock.now = start + 100;
    const buy = (fields: Record<string, string>) =>
      t.post('microtrade/submit', { currency_id: String(USDT), seconds: '1', number: '100', ...fields }, { token: u.token });
    const btcUp = await buy({ match_id: String(BTC_USDT_ID), type: '1' });
    const ethDown = await buy({ match_id: String(ETH_USDT_ID), type: '2' });
    expect([btcUp.type, ethDown.type]).toEqual(['ok', 'ok']);
    const second = start / 1000 + 1;

    // The BTC delivery sample is recorded, then the server dies before it settles (the settler is gone
    // first, so nothing here settles). ETH gets no sample for its delivery second.
    await t.app.optionsProduct.stop();
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: '59990.00', time: second * 1000 + 300 });
    clock.now = (second + 1) * 1000 + 10;
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: '59980.00', time: (second + 1) * 1000 });
    await t.app.indexSamples.flush();
    const [stillOpen] = await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, btcUp.message.id));
    expect(stillOpen!.status).toBe('open');
    // One more order, bought in a second the dying server never records: it can have no open price.
    const lateBtc = await buy({ match_id: String(BTC_USDT_ID), type: '1' });
    expect(lateBtc.message).toMatchObject({ open_second: second + 1, open_price: null });

    // A new server on the same data, 30 s later.
    const { app, database: copy } = await restart(t);
    clock.now = (second + 30) * 1000;
    app.indexSamples.useClock(() => clock.now);
    app.optionsProduct.useClock(() => clock.now);
    await app.optionsProduct.start();

    // BTC: settled at start from the recorded sample of its delivery second. Up from 60000 to 59990: a loss at 80 %.
    const [btc] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, btcUp.message.id));
    expect(btc).toMatchObject({ status: 'settled', result: -1, endSecond: second, endPriceTime: second * 1000 + 300 });
    expect(Number(btc!.endPrice)).toBe(59990);
    expect(Number(btc!.payout)).toBe(20);

    // ETH: its open second was recorded, its delivery second never was (the server died first): void, the
    // stake returned in full, and never the first sample recorded later.
    const [eth] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, ethDown.message.id));
    expect(eth).toMatchObject({
      status: 'void',
      voidReason: 'no_sample_delivery',
      result: null,
      endPrice: null,
      endSecond: null,
    });
    expect(Number(eth!.openPrice)).toBe(3000);
    expect(Number(eth!.payout)).toBe(100);
    // The order bought in the unrecorded second: void for want of an open sample.
    const [late] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, lateBtc.message.id));
    expect(late).toMatchObject({ status: 'void', voidReason: 'no_sample_open', openPrice: null });

    // Samples recorded after the restart change nothing.
    app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '2990.00', time: clock.now + 200 });
    clock.now += 1000;
    app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '2991.00', time: clock.now });
    await app.indexSamples.flush();
    await app.optionsProduct.settler.idle();
    expect(app.optionsProduct.settler.pending).toBe(0);
    const [ethAfter] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, ethDown.message.id));
    expect(ethAfter).toMatchObject({ status: 'void', endPrice: null });

    const lists = await app.inject({
      method: 'GET',
      url: '/api/microtrade/lists?status=delivered',
      headers: { authorization: u.token },
      remoteAddress: nextIp(),
    });
    const byId = Object.fromEntries(lists.json().message.list.map((o: { id: number }) => [o.id, o]));
    expect(byId[btcUp.message.id]).toMatchObject({
      status: 'settled',
      end_price: '59990.00',
      end_second: second,
      void_reason: null,
    });
    expect(byId[ethDown.message.id]).toMatchObject({
      status: 'void',
      void_reason: 'no_sample_delivery',
      end_price: null,
      payout: '100',
      fact_profits: '0',
    });
    expect(byId[lateBtc.message.id]).toMatchObject({ status: 'void', void_reason: 'no_sample_open', open_price: null });
    const tc = { database: copy } as unknown as TestApp;
    // 1000 − 3 × 100 staked + 20 (BTC loss at 80 %) + 100 + 100 returned.
    expect(await balance(tc, u.id, USDT, 'option')).toEqual({ available: '920', frozen: '0' });

    // Every settlement re-checks from the stored samples of its own seconds alone.
    const settled = await copy.db.select().from(optionOrders).where(eq(optionOrders.status, 'settled'));
    const samples = await samplesAt(
      copy.db,
      settled.flatMap((o) => [
        { pairId: o.pairId, second: o.openSecond! },
        { pairId: o.pairId, second: o.deliverySecond },
      ]),
    );
    const [usdt] = await copy.db.select().from(currencies).where(eq(currencies.id, USDT));
    for (const o of settled) {
      const open = samples.get(`${o.pairId}:${o.openSecond}`)!;
      const sample = samples.get(`${o.pairId}:${o.deliverySecond}`)!;
      const again = settleOption(
        {
          direction: o.direction as 1 | 2,
          stake: o.stake,
          profitRatio: o.profitRatio,
          lossRatio: o.lossRatio,
          decimals: usdt!.decimals,
        },
        { open: { price: open.price, time: open.priceTime }, delivery: { price: sample.price, time: sample.priceTime } },
      );
      expect(again.result).toBe(o.result);
      expect(Number(again.payout)).toBe(Number(o.payout));
      expect(sample.second).toBe(o.endSecond);
      expect(Number(open.price)).toBe(Number(o.openPrice));
    }
  }, 120_000);
});
