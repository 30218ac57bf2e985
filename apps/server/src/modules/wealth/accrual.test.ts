import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import type { TestApp } from '../../../test/test-app.js';
import { type TestClock, testClock, wealthTestApp } from '../../../test/wealth.js';
import { ledgerEntries, wealthAccruals, wealthOrders } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { runAccrual } from './accrual.js';
import { dayNumber } from './interest.js';

let t: TestApp;
let clock: TestClock;
beforeAll(async () => {
  clock = testClock('2026-03-01T10:00:00Z');
  t = await wealthTestApp(clock);
});
afterAll(async () => {
  expect(await verifyLedger(t.database.db)).toEqual([]);
  await t.close();
});

/** The seeded USDT products by cycle length. */
async function usdtProduct(days: number): Promise<number> {
  const products = (await t.get('lh/deposit/config', { token: (await readyUser(t)).token })).message as {
    id: number;
    currency_id: number;
    day: number;
  }[];
  const found = products.find((p) => p.currency_id === USDT && p.day === days);
  if (!found) throw new Error(`no ${days}-day USDT product`);
  return found.id;
}

describe('the daily accrual across a simulated 40-day clock with a 3-day outage', () => {
  it('credits every day exactly once, catches up the outage in order and returns each principal at maturity', async () => {
    const user = await readyUser(t);
    await fund(t, user.id, USDT, '10000');
    const buy = async (days: number, amount: string) => {
      const reply = await t.post(
        'lh/deposit',
        { config_id: String(await usdtProduct(days)), amount, agree: '1' },
        { token: user.token },
      );
      expect(reply.type).toBe('ok');
      return reply.message.id as number;
    };
    // Day 0 (the purchase day, 1 March): 0.3 % × 7 days, 0.4 % × 15 days, 0.5 % × 30 days.
    const seven = await buy(7, '1000');
    const fifteen = await buy(15, '1000');
    const thirty = await buy(30, '1000');
    const day0 = dayNumber(clock.at);
    expect(await balance(t, user.id, USDT)).toEqual({ available: '7000', frozen: '0' });
    expect(await balance(t, user.id, USDT, 'trust')).toEqual({ available: '0', frozen: '3000' });

    // Daily interest: 3, 4 and 5 USDT. What the coin account should hold once day n has been credited.
    const expected = (n: number) =>
      7000 +
      3 * Math.min(n, 7) +
      4 * Math.min(n, 15) +
      5 * Math.min(n, 30) +
      (n >= 7 ? 1000 : 0) +
      (n >= 15 ? 1000 : 0) +
      (n >= 30 ? 1000 : 0);
    const outage = new Set([6, 7, 8]);
    let lastCredited = 0;
    for (let n = 1; n <= 40; n++) {
      // The job runs a few minutes after midnight UTC, except during the outage.
      clock.set(new Date((day0 + n) * 86_400_000 + 5 * 60_000).toISOString());
      if (outage.has(n)) {
        expect(Number((await balance(t, user.id, USDT)).available)).toBe(expected(lastCredited));
        continue;
      }
      const run = await t.app.wealth.accrue();
      // Idempotent: running again, and twice at once, credits nothing more.
      const again = await Promise.all([
        runAccrual(t.database.db, new Date(clock.at)),
        runAccrual(t.database.db, new Date(clock.at)),
      ]);
      expect(again.map((r) => r.daysCredited)).toEqual([0, 0]);
      expect((await t.app.wealth.accrue()).daysCredited).toBe(0);
      if (n === 9) {
        // Back from the outage: days 6–9 of the 15- and 30-day orders, days 6–7 of the 7-day one.
        expect(run).toEqual({ orders: 3, daysCredited: 4 + 4 + 2, matured: 1 });
      }
      lastCredited = n;
      expect(Number((await balance(t, user.id, USDT)).available)).toBe(expected(n));
    }
    expect(await balance(t, user.id, USDT)).toEqual({ available: '10231', frozen: '0' });
    expect(await balance(t, user.id, USDT, 'trust')).toEqual({ available: '0', frozen: '0' });

    // Each order: one accrual per interest day, day 1 … day N after the purchase, none more.
    const days = async (orderId: number) =>
      (
        await t.database.db
          .select()
          .from(wealthAccruals)
          .where(eq(wealthAccruals.orderId, orderId))
          .orderBy(asc(wealthAccruals.day))
      ).map((a) => ({ day: a.day - day0, amount: Number(a.amount), credited: dayNumber(a.creditedAt.getTime()) - day0 }));
    const seven7 = await days(seven);
    expect(seven7.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // Days 6 and 7 fell in the outage and were credited on day 9.
    expect(seven7.map((d) => d.credited)).toEqual([1, 2, 3, 4, 5, 9, 9]);
    expect((await days(fifteen)).map((d) => d.day)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect((await days(thirty)).every((d) => d.amount === 5)).toBe(true);
    expect(await days(thirty)).toHaveLength(30);

    // The catch-up credited the missed days in order: ledger entries of the 15-day order by id follow the days.
    const memos = (
      await t.database.db
        .select({ memo: ledgerEntries.memo })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.refType, 'wealth_order'), eq(ledgerEntries.refId, String(fifteen))))
        .orderBy(asc(ledgerEntries.id))
    ).map((e) => e.memo);
    expect(memos.filter((m) => m?.startsWith('day ')).map((m) => Number(m!.slice(4)) - day0)).toEqual(
      Array.from({ length: 15 }, (_, i) => i + 1),
    );

    const orders = await t.database.db
      .select()
      .from(wealthOrders)
      .where(eq(wealthOrders.userId, user.id))
      .orderBy(asc(wealthOrders.id));
    expect(orders.map((o) => [o.status, o.daysPaid, Number(o.interestPaid)])).toEqual([
      ['completed', 7, 21],
      ['completed', 15, 60],
      ['completed', 30, 150],
    ]);
    // The 7-day order matured during the outage; it completed when the job came back (day 9).
    expect(dayNumber(orders[0]!.completedAt!.getTime()) - day0).toBe(9);

    const report = await t.get('lh/deposit/report', { token: user.token });
    expect(report.message).toMatchObject({ amount: '0', total_income: '231' });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  }, 120_000);
});
