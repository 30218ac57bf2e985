import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, USDT } from '../../../test/money.js';
import { cancelOrder, coinBalance, depth, feesBalance, placeOrder, trader } from '../../../test/spot.js';
import { verifyLedger } from '../../ledger/verify.js';
import { D } from '../../lib/money.js';

const t = appForFile({ checkLedger: true });

describe('coin/trade under concurrency', () => {
  it('accepts exactly one of 60 simultaneous buys when only one is affordable', async () => {
    // 1000 × 0.1 = 100, + 0.1 % = 100.1: one order, not two.
    const u = await trader(t, { [USDT]: '150' });
    const replies = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        placeOrder(t, u.token, { type: '1', target_price: String(1000 + (i % 7) / 100), amount: '0.1' }),
      ),
    );
    const accepted = replies.filter((r) => r.type === 'ok');
    expect(accepted).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.type !== 'ok').map((r) => r.error))).toEqual(new Set(['insufficient_balance']));
    const lock = new D(accepted[0]!.message.price).times('0.1').times('1.001').toDecimalPlaces(6, D.ROUND_UP);
    const balance = await coinBalance(t, u.id, USDT);
    expect(balance.frozen).toBe(lock.toFixed());
    expect(new D(balance.available).plus(balance.frozen).toFixed()).toBe('150');
    expect((await t.get('coin/list', { token: u.token })).message.total).toBe(1);
    await cancelOrder(t, u.token, accepted[0]!.message.id);
  });

  it('accepts exactly one of 60 simultaneous sells when only one is sellable', async () => {
    const u = await trader(t, { [BTC]: '0.015' });
    const replies = await Promise.all(
      Array.from({ length: 60 }, () => placeOrder(t, u.token, { type: '2', target_price: '99999', amount: '0.01' })),
    );
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(new Set(replies.filter((r) => r.type !== 'ok').map((r) => r.error))).toEqual(new Set(['insufficient_sellable']));
    expect(await coinBalance(t, u.id, BTC)).toEqual({ available: '0.005', frozen: '0.01' });
    await cancelOrder(t, u.token, replies.find((r) => r.type === 'ok')!.message.id);
  });

  it('keeps every coin accounted for when many users trade at once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => trader(t, { [USDT]: '50000', [BTC]: '1' })));
    const feesBefore = await feesBalance(t, USDT);
    // Crossing prices around 30000 from everyone at once: many trades, partial fills, resting remainders.
    const orders = users.flatMap((u, i) =>
      Array.from({ length: 25 }, (_, k) => {
        const buy = (i + k) % 2 === 0;
        const price = (30000 + (buy ? 1 : -1) * ((k * 7 + i * 3) % 40)).toString();
        return placeOrder(t, u.token, { type: buy ? '1' : '2', target_price: price, amount: `0.0${1 + (k % 5)}` });
      }),
    );
    const replies = await Promise.all(orders);
    expect(replies.filter((r) => r.type !== 'ok').map((r) => r.error)).toEqual([]);
    const { bids, asks } = await depth(t);
    if (bids.length && asks.length) expect(Number(bids[0]![0])).toBeLessThan(Number(asks[0]![0]));

    // Cancel everything left: then every user's coins are only available, and the sums hold.
    for (const u of users) {
      const waiting = (await t.get('coin/list?status=waiting&limit=100', { token: u.token })).message.list;
      for (const o of waiting) expect((await cancelOrder(t, u.token, o.id)).type).toBe('ok');
    }
    let usdt = new D(0);
    let btc = new D(0);
    for (const u of users) {
      const q = await coinBalance(t, u.id, USDT);
      const b = await coinBalance(t, u.id, BTC);
      expect(q.frozen).toBe('0');
      expect(b.frozen).toBe('0');
      usdt = usdt.plus(q.available);
      btc = btc.plus(b.available);
    }
    const fees = new D(await feesBalance(t, USDT)).minus(feesBefore);
    expect(btc.toFixed()).toBe('8');
    expect(usdt.plus(fees).toFixed()).toBe('400000');
    expect(fees.gt(0)).toBe(true);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  }, 60_000);
});
