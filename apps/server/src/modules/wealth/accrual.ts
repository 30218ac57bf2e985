import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { currencies } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { D, str } from '../../lib/money.js';
import { dailyInterest, dayNumber } from './interest.js';
import { dueOrderIds, insertAccrual, lockOrder, type OrderRow, updateOrder } from './repo.js';

/**
 * The daily accrual. Interest for an order's day d (start_day ≤ d < start_day + days) is credited to
 * the user's coin account once d has been held to its end, i.e. from 00:00 UTC of day d + 1, from the
 * platform's `house` account; once the last day has ended (the full term held) the principal leaves the
 * trust account for the coin account and the order is completed. Crediting a day as it begins paid for
 * time not yet held: a 7-day order bought at 23:59:58 matured 6.00003 days later with 7 days' interest.
 *
 * Safe to run any number of times, on any number of nodes: each order is locked while its due days
 * are credited, `days_paid` says which days are done, and the key (order, day) of `wealth_accruals`
 * refuses a second credit of the same day even if that bookkeeping were wrong. After downtime every
 * missed day is credited, oldest first, each under its own day.
 */

export type AccrualOutcome = { credited: number; matured: boolean; order: OrderRow };

const decimalsCache = new Map<number, number>();
async function decimalsOf(tx: Db, currencyId: number): Promise<number> {
  const known = decimalsCache.get(currencyId);
  if (known !== undefined) return known;
  const [row] = await tx.select({ decimals: currencies.decimals }).from(currencies).where(eq(currencies.id, currencyId)).limit(1);
  const decimals = row?.decimals ?? 8;
  decimalsCache.set(currencyId, decimals);
  return decimals;
}

/**
 * Credits the due days of one order that the caller has locked (lockOrder), inside the caller's
 * transaction. Returns the order as it now stands.
 */
export async function accrueLockedOrder(tx: Db, order: OrderRow, now: Date): Promise<AccrualOutcome> {
  if (order.status !== 'hosting') return { credited: 0, matured: false, order };
  // The last day that has ended: only days held in full earn interest.
  const lastEnded = dayNumber(now.getTime()) - 1;
  const lastDay = order.startDay + order.days - 1;
  const decimals = await decimalsOf(tx, order.currencyId);
  const perDay = dailyInterest(order.amount, order.dailyRate, decimals);
  let daysPaid = order.daysPaid;
  let interestPaid = new D(order.interestPaid);
  let credited = 0;
  for (let day = order.startDay + daysPaid; day <= Math.min(lastEnded, lastDay); day++) {
    const fresh = await insertAccrual(tx, { orderId: order.id, day, userId: order.userId, amount: str(perDay), creditedAt: now });
    daysPaid++;
    // A day already recorded was credited in the transaction that recorded it: never twice.
    if (!fresh) continue;
    credited++;
    interestPaid = interestPaid.plus(perDay);
    // An amount so small that a day's interest rounds to nothing records the day without a posting.
    if (perDay.isZero()) continue;
    await postEntry(tx, { reason: 'wealth_interest', refType: 'wealth_order', refId: order.id, memo: `day ${day}` }, [
      { account: { system: 'house', currencyId: order.currencyId }, bucket: 'available', amount: perDay.negated() },
      { account: { userId: order.userId, kind: 'coin', currencyId: order.currencyId }, bucket: 'available', amount: perDay },
    ]);
  }
  const matured = daysPaid >= order.days;
  if (matured) {
    // The principal was held frozen in the trust account since the purchase.
    await postEntry(tx, { reason: 'wealth_maturity', refType: 'wealth_order', refId: order.id }, [
      {
        account: { userId: order.userId, kind: 'trust', currencyId: order.currencyId },
        bucket: 'frozen',
        amount: new D(order.amount).negated(),
      },
      {
        account: { userId: order.userId, kind: 'coin', currencyId: order.currencyId },
        bucket: 'available',
        amount: order.amount,
      },
    ]);
  }
  if (daysPaid === order.daysPaid && !matured) return { credited, matured, order };
  const set = {
    daysPaid,
    interestPaid: str(interestPaid),
    ...(matured ? { status: 'completed' as const, completedAt: now } : {}),
  };
  await updateOrder(tx, order.id, set);
  return { credited, matured, order: { ...order, ...set } };
}

export type AccrualRun = { orders: number; daysCredited: number; matured: number };

/**
 * One run of the job at `now`: every order with a due day, each in its own transaction (one order's
 * failure does not hold back the others; it is retried at the next run).
 */
export async function runAccrual(db: Db, now: Date, log?: (error: unknown, orderId: number) => void): Promise<AccrualRun> {
  const result: AccrualRun = { orders: 0, daysCredited: 0, matured: 0 };
  for (const id of await dueOrderIds(db, dayNumber(now.getTime()) - 1)) {
    try {
      const outcome = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        return order ? accrueLockedOrder(tx, order, now) : undefined;
      });
      if (!outcome) continue;
      result.orders++;
      result.daysCredited += outcome.credited;
      if (outcome.matured) result.matured++;
    } catch (error) {
      log?.(error, id);
    }
  }
  return result;
}
