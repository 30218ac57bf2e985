import type { Db } from '../../db/client.js';
import type { AccountRef } from '../../ledger/accounts.js';
import { LedgerBatch } from '../../ledger/batch.js';
import { markVoid, type OptionOrderRow, type VoidReason } from './repo.js';

/**
 * Voids open orders inside the caller's transaction: each still-open order is marked void with its
 * reason and its whole stake goes back from the house to the user's option account (one posting per
 * order, `option_void_refund`). Orders no longer open are left alone (idempotent). Returns the voided
 * orders as now stored.
 */
export async function voidOrders(
  tx: Db,
  orders: readonly { order: OptionOrderRow; reason: VoidReason; open?: { price: string; time: number } }[],
  settledAt: number,
): Promise<OptionOrderRow[]> {
  if (!orders.length) return [];
  const changed = await markVoid(
    tx,
    orders.map(({ order, reason, open }) => ({ id: order.id, reason, open })),
    settledAt,
  );
  const done = orders.filter(({ order }) => changed.has(order.id));
  if (done.length) {
    const batch = new LedgerBatch(tx);
    const refs: AccountRef[] = [];
    for (const { order: o } of done) {
      refs.push({ userId: o.userId, kind: 'option', currencyId: o.currencyId });
      refs.push({ system: 'house', currencyId: o.currencyId });
    }
    await batch.load(refs);
    for (const { order: o } of done)
      batch.post({ reason: 'option_void_refund', refType: 'option_order', refId: o.id }, [
        { account: { userId: o.userId, kind: 'option', currencyId: o.currencyId }, bucket: 'available', amount: o.stake },
        { account: { system: 'house', currencyId: o.currencyId }, bucket: 'available', amount: `-${o.stake}` },
      ]);
    await batch.flush();
  }
  return done.map(({ order, reason, open }) => ({
    ...order,
    openPrice: order.openPrice ?? open?.price ?? null,
    openPriceTime: order.openPriceTime ?? open?.time ?? null,
    status: 'void',
    voidReason: reason,
    payout: order.stake,
    settledAt,
  }));
}
