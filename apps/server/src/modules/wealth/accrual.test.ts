import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { testClock, wealthTestApp } from '../../../test/wealth.js';
import { ledgerEntries, wealthAccruals, wealthOrders } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { runAccrual } from './accrual.js';
import { dayNumber } from './interest.js';

const clock = testClock('2026-03-01T10:00:00Z');
const t = appForFile({ open: () => wealthTestApp(clock), checkLedger: true });

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

    // Daily interest: 3, 4 and 5 USDT. What the coin account should hold once day n has been credited
    // (day n is credited once it has ended: by the run just after midnight that starts day n + 1).
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
      // Day n has only begun: it is credited tomorrow. Days 1 … n − 1 have ended.
      const run = await t.app.wealth.accrue();
      // Idempotent: running again, and twice at once, credits nothing more.
      const again = await Promise.all([
        runAccrual(t.database.db, new Date(clock.at)),
        runAccrual(t.database.db, new Date(clock.at)),
      ]);
      expect(again.map((r) => r.daysCredited)).toEqual([0, 0]);
      expect((await t.app.wealth.accrue()).daysCredited).toBe(0);
      if (n === 9) {
        // Back from the outage: days 5–8 of the 15- and 30-day orders, days 5–7 of the 7-day one.
        expect(run).toEqual({ orders: 3, daysCredited: 4 + 4 + 3, matured: 1 });
      }
      lastCredited = n - 1;
      expect(Number((await balance(t, user.id, USDT)).available)).toBe(expected(n - 1));
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
    // Each day is credited the day after it; days 5, 6 and 7 ended during the outage and were credited on day 9.
    expect(seven7.map((d) => d.credited)).toEqual([2, 3, 4, 5, 9, 9, 9]);
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
    // The 7-day order matured (end of day 7) during the outage; it completed when the job came back (day 9).
    expect(dayNumber(orders[0]!.completedAt!.getTime()) - day0).toBe(9);

    const report = await t.get('lh/deposit/report', { token: user.token });
    expect(report.message).toMatchObject({ amount: '0', total_income: '231' });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  }, 120_000);
});

describe('a day earns interest only once it has been held, and the principal returns after the full term', () => {
  it('credits a 7-day order bought at 23:59:58 day by day at each midnight, and matures it 7 days after the purchase', async () => {
    clock.set('2026-05-10T23:59:58Z');
    const user = await readyUser(t);
    await fund(t, user.id, USDT, '1000');
    const bought = await t.post(
      'lh/deposit',
      { config_id: String(await usdtProduct(7)), amount: '1000', agree: '1' },
      { token: user.token },
    );
    expect(bought.type).toBe('ok');
    const orderId = bought.message.id as number;
    const purchase = clock.at;
    // The first interest day is 11 May; the order matures at the end of 17 May (18 May 00:00 UTC).
    expect(bought.message).toMatchObject({ start_at: '2026-05-11T00:00:00.000Z', end_at: '2026-05-18T00:00:00.000Z' });
    const order = async () => (await t.database.db.select().from(wealthOrders).where(eq(wealthOrders.id, orderId)))[0]!;
    const at = async (iso: string) => {
      clock.set(iso);
      await t.app.wealth.accrue();
      const o = await order();
      return { status: o.status, daysPaid: o.daysPaid, coin: (await balance(t, user.id, USDT)).available };
    };
    // Two seconds later day 11 May has begun, not been held: nothing is due yet.
    expect(await at('2026-05-11T00:00:00Z')).toEqual({ status: 'hosting', daysPaid: 0, coin: '0' });
    expect(await at('2026-05-11T23:59:59.999Z')).toEqual({ status: 'hosting', daysPaid: 0, coin: '0' });
    // 11 May has ended: its 3 USDT are credited.
    expect(await at('2026-05-12T00:00:00Z')).toEqual({ status: 'hosting', daysPaid: 1, coin: '3' });
    // The last millisecond of the last interest day: six days held, no maturity yet.
    expect(await at('2026-05-17T23:59:59.999Z')).toEqual({ status: 'hosting', daysPaid: 6, coin: '18' });
    const list = await t.get('lh/deposit/order?status=hosting', { token: user.token });
    expect(list.message.order_list.find((o: { id: number }) => o.id === orderId)).toMatchObject({ remaining_days: 1 });
    // The full term held: the seventh day's interest and the principal.
    expect(await at('2026-05-18T00:00:00Z')).toEqual({ status: 'completed', daysPaid: 7, coin: '1021' });
    const completed = await order();
    // Held at least the advertised 7 days before the principal came back.
    expect(completed.completedAt!.getTime() - purchase).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(Number(completed.interestPaid)).toBe(21);
  });
});
