import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { BTC_USDT_ID, type Clock, ETH_USDT_ID } from '../../../test/options.js';
import { adminToken, createTestApp, nextIp, type TestApp } from '../../../test/test-app.js';
import { reopenTestDatabase } from '../../../test/test-database.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { currencies, optionOrders } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { firstSamplesFrom } from '../index-samples/repo.js';
import { settleOption } from './settle.js';

let reopened: { app: FastifyInstance; database: Database } | undefined;
afterAll(async () => {
  if (reopened) {
    expect(await verifyLedger(reopened.database.db)).toEqual([]);
    await reopened.app.close();
    await reopened.database.close();
  }
});

describe('a restart', () => {
  it('settles overdue orders from the recorded samples; a second nobody recorded uses the first sample after it', async () => {
    const clock: Clock = { now: 1_950_000_000_000 };
    const t: TestApp = await createTestApp();
    t.app.indexSamples.useClock(() => clock.now);
    t.app.microtrade.useClock(() => clock.now);
    await t.app.microtrade.start();
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
    await t.app.microtrade.stop();
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: '59990.00', time: second * 1000 + 300 });
    clock.now = (second + 1) * 1000 + 10;
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: '59980.00', time: (second + 1) * 1000 });
    await t.app.indexSamples.flush();
    const [stillOpen] = await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, btcUp.message.id));
    expect(stillOpen!.status).toBe('open');

    await t.app.close();
    // The same data reopened, as a new process would (test/test-database.ts).
    const copy = await reopenTestDatabase(t.database);
    rmSync(t.app.config.dataDir, { recursive: true, force: true });

    // A new server on the same data, 30 s later.
    const app = await buildApp({
      config: { ...loadConfig({}), serveStatic: false, logLevel: 'silent' },
      database: copy,
      logger: false,
    });
    await app.ready();
    reopened = { app, database: copy };
    clock.now = (second + 30) * 1000;
    app.indexSamples.useClock(() => clock.now);
    app.microtrade.useClock(() => clock.now);
    await app.microtrade.start();

    // BTC: settled at start from the recorded sample of its delivery second. Up from 60000 to 59990: a loss at 80 %.
    const [btc] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, btcUp.message.id));
    expect(btc).toMatchObject({ status: 'settled', result: -1, endSecond: second, endPriceTime: second * 1000 + 300 });
    expect(Number(btc!.endPrice)).toBe(59990);
    expect(Number(btc!.payout)).toBe(20);

    // ETH: nothing recorded for its second; it waits, then takes the first sample the new server records.
    const [ethWaiting] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, ethDown.message.id));
    expect(ethWaiting!.status).toBe('open');
    app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '2990.00', time: clock.now + 200 });
    clock.now += 1000;
    app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '2991.00', time: clock.now });
    await app.indexSamples.flush();
    await app.microtrade.settler.idle();
    const [eth] = await copy.db.select().from(optionOrders).where(eq(optionOrders.id, ethDown.message.id));
    expect(eth).toMatchObject({ status: 'settled', result: 1, endSecond: second + 30 });
    expect(Number(eth!.payout)).toBe(190);

    const lists = await app.inject({
      method: 'GET',
      url: '/api/microtrade/lists?status=delivered',
      headers: { authorization: u.token },
      remoteAddress: nextIp(),
    });
    const byId = Object.fromEntries(lists.json().message.list.map((o: { id: number }) => [o.id, o]));
    expect(byId[btcUp.message.id]).toMatchObject({ end_rule: 'exact', end_price: '59990.00' });
    expect(byId[ethDown.message.id]).toMatchObject({ end_rule: 'first_after', end_price: '2990.00', end_second: second + 30 });
    const tc = { database: copy } as unknown as TestApp;
    expect(await balance(tc, u.id, USDT, 'option')).toEqual({ available: '1010', frozen: '0' });

    // Every settlement re-checks from the stored samples alone.
    const settled = await copy.db.select().from(optionOrders).where(eq(optionOrders.status, 'settled'));
    const samples = await firstSamplesFrom(
      copy.db,
      settled.map((o) => ({ pairId: o.pairId, second: o.deliverySecond })),
    );
    const [usdt] = await copy.db.select().from(currencies).where(eq(currencies.id, USDT));
    for (const o of settled) {
      const sample = samples.get(`${o.pairId}:${o.deliverySecond}`)!;
      const again = settleOption(
        {
          direction: o.direction as 1 | 2,
          stake: o.stake,
          profitRatio: o.profitRatio,
          lossRatio: o.lossRatio,
          decimals: usdt!.decimals,
        },
        { open: { price: o.openPrice, time: o.openPriceTime }, delivery: { price: sample.price, time: sample.priceTime } },
      );
      expect(again.result).toBe(o.result);
      expect(Number(again.payout)).toBe(Number(o.payout));
      expect(sample.second).toBe(o.endSecond);
    }
  });
});
