import { marketUnits } from '@app/engine';
import { eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { pairs } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { D, dec, str } from '../../lib/money.js';
import type { MarketService } from '../../market/market-service.js';
import type { PairBook } from './book.js';
import { type SpotOrder, spotMarket } from './orders.js';
import { operatorUserId, waitingOrders } from './repo.js';

/**
 * A pair's tick and lot size at runtime. The engine counts prices in ticks and
 * quantities in lots, so a book can only move to new units its waiting orders are whole multiples of.
 * The change, in order:
 *  1. new places on the pair wait (`pause`), and the orders already queued are applied (`settled`):
 *     none of them was checked against the old units and applied under the new ones;
 *  2. users' waiting orders that do not fit refuse the change (`sizes_misfit`, with how many): an
 *     operator cannot reprice a customer's order; nothing has changed at that point;
 *  3. the market maker's quotes that do not fit are cancelled through the ordinary cancel (it quotes
 *     again on the new grid at its next requote);
 *  4. under the spot write lock (no batch of any pair runs meanwhile) the orders are checked once more,
 *     the pair row is updated with the caller's audit row in one transaction, and the book is rebuilt
 *     from the database in the new units: the same orders at the same prices and quantities, in the same
 *     time priority;
 *  5. places resume and are checked against the new units.
 */

export type PairSizes = { tickSize: string; lotSize: string };

export type ResizeHost = {
  database: Database;
  market: MarketService;
  book: PairBook;
  /** `WriteLocks.exclusive`: no batch takes locks or is still committing while it runs. */
  writeLock: <T>(task: () => Promise<T>) => Promise<T>;
  /** Holds new places on the pair until the returned function is called. */
  pause: () => () => void;
};

export type ResizeResult = { before: PairSizes; after: PairSizes; cancelled_quotes: number };

const field = (sizes: Partial<PairSizes>) => (sizes.tickSize !== undefined ? 'tick_size' : 'lot_size');

/** Whether a waiting order's price and remaining quantity are whole numbers of the new units. */
function fits(units: ReturnType<typeof marketUnits>, order: SpotOrder): boolean {
  if (order.price === null || order.amount === null) return false;
  try {
    units.toTicks(order.price);
    units.toLots(str(dec(order.amount).minus(order.filled)));
    return true;
  } catch {
    return false;
  }
}

const misfitError = (count: number, sizes: Partial<PairSizes>) =>
  new AppError('sizes_misfit', { fields: { [field(sizes)]: 'sizes_misfit' }, values: { count } });

/** The new sizes, checked against the pair: positive, within its price places and the coin's decimals. */
function checkSizes(m: PairBook['market'], input: Partial<PairSizes>): PairSizes {
  const next = { tickSize: input.tickSize ?? m.pair.tickSize, lotSize: input.lotSize ?? m.pair.lotSize };
  const tick = new D(next.tickSize);
  const lot = new D(next.lotSize);
  // The price places are the pair's display and index precision; a finer tick would be lost in them.
  if (tick.lte(0) || tick.decimalPlaces() > m.pair.priceDecimals)
    throw new AppError('field_invalid', { fields: { tick_size: 'field_invalid' } });
  if (lot.lte(0) || lot.decimalPlaces() > m.baseDecimals)
    throw new AppError('field_invalid', { fields: { lot_size: 'field_invalid' } });
  // The pair's minimum order is whole lots, as every quantity is (change the minimum first).
  if (!new D(m.pair.minAmount).mod(lot).isZero()) throw new AppError('field_invalid', { fields: { lot_size: 'field_invalid' } });
  try {
    marketUnits(str(tick), str(lot));
  } catch {
    throw new AppError('field_invalid', { fields: { [field(input)]: 'field_invalid' } });
  }
  return { tickSize: str(tick), lotSize: str(lot) };
}

export async function resizePair(
  host: ResizeHost,
  input: Partial<PairSizes>,
  record: (tx: Db, before: PairSizes, after: PairSizes) => Promise<void>,
): Promise<ResizeResult> {
  const { database, market, book } = host;
  const db = database.db;
  const m = book.market;
  const before = { tickSize: str(new D(m.pair.tickSize)), lotSize: str(new D(m.pair.lotSize)) };
  const after = checkSizes(m, input);
  if (new D(after.tickSize).eq(before.tickSize) && new D(after.lotSize).eq(before.lotSize))
    return { before, after: before, cancelled_quotes: 0 };
  const units = marketUnits(after.tickSize, after.lotSize);
  const resume = host.pause();
  try {
    await book.settled();
    const operator = await operatorUserId(db);
    const misfits = (await waitingOrders(db, m.pair.id)).filter((o) => !fits(units, o));
    const customers = misfits.filter((o) => o.userId !== operator);
    if (customers.length) throw misfitError(customers.length, input);
    const cancels = await Promise.allSettled(misfits.map((o) => book.cancel(o.userId, o.id)));
    await book.settled();
    await host.writeLock(async () => {
      await db.transaction(async (tx) => {
        await tx.select({ id: pairs.id }).from(pairs).where(eq(pairs.id, m.pair.id)).for('update');
        const left = (await waitingOrders(tx, m.pair.id)).filter((o) => !fits(units, o)).length;
        if (left) throw misfitError(left, input);
        await tx.update(pairs).set({ tickSize: after.tickSize, lotSize: after.lotSize }).where(eq(pairs.id, m.pair.id));
        await record(tx, before, after);
      });
      // Committed: the book moves to the new units (fee rates and the rest are re-read with them).
      await market.loadPairs();
      const pair = market.getPair(m.pair.id);
      if (!pair) throw new Error(`pair ${m.pair.id} vanished`);
      Object.assign(book.market, spotMarket(pair, m.baseDecimals, m.quoteDecimals));
      await book.rebuild(undefined, { keep: true });
    });
    return { before, after, cancelled_quotes: cancels.filter((c) => c.status === 'fulfilled').length };
  } finally {
    resume();
  }
}
