import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { USDT } from '../../../test/money.js';
import { signal } from '../../../test/signal.js';
import { coinBalance, trader } from '../../../test/spot.js';
import type { Database, Db } from '../../db/client.js';

/**
 * Pipelined batches (book.ts, write-lock.ts): a batch starts while the one before it commits. When that
 * one fails, the later one must not build on the engine it left behind: it rolls back untouched, waits
 * for the failed batch to be repaired and retried, and runs again.
 */
const t = appForFile({ checkLedger: true });
beforeAll(async () => {
  await t.app.spot.ready();
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

/**
 * Intercepts the spot batches' transactions from now on: counts them, records their errors, and holds the
 * first one's write (the statement sent after `commitWithNext()`) until `release` — then sends it, or
 * fails it with `fail`. `restore()` puts the database back.
 */
function interceptBatches(database: Database, first: { release: Promise<void>; fail?: boolean }) {
  const original = database.quickTransaction;
  const errors: string[] = [];
  const writeHeld = signal();
  const nextStarted = signal();
  let transactions = 0;
  database.quickTransaction = (callback) => {
    transactions++;
    let run: typeof callback = callback;
    if (transactions === 1) {
      run = (tx, commitWithNext) => {
        let writing = false;
        const heldWrite = new Proxy(tx, {
          get: (target, key, receiver) =>
            key === 'execute' && writing
              ? async (...args: unknown[]) => {
                  await within(first.release, 5000);
                  if (first.fail) throw new Error('injected write failure');
                  return (target.execute as (...a: unknown[]) => unknown)(...args);
                }
              : Reflect.get(target, key, receiver),
        }) as Db;
        return callback(heldWrite, () => {
          commitWithNext();
          writing = true;
          writeHeld.fire();
        });
      };
    } else {
      nextStarted.fire();
    }
    return original(run).catch((error: unknown) => {
      errors.push(error instanceof Error ? error.message : String(error));
      throw error;
    });
  };
  return {
    errors,
    writeHeld: writeHeld.fired,
    nextStarted: nextStarted.fired,
    get transactions() {
      return transactions;
    },
    restore: () => {
      database.quickTransaction = original;
    },
  };
}

const buy = (price: string, amount: string) => ({ side: 'buy' as const, orderType: 'limit' as const, price, amount });

describe('pipelined spot batches', () => {
  // Straight to the book (app.spot.place): over HTTP a request would wait for the embedded database, which
  // runs one transaction at a time, before it ever reached the book.
  const pairId = () => t.app.market.getPair('BTC/USDT')!.id;

  it('runs the batch behind a failed one again, after the failed one was repaired and retried', async () => {
    const first = await trader(t, { [USDT]: '10000' });
    const second = await trader(t, { [USDT]: '10000' });
    // The first batch fails at its write, but only once the batch behind it has started: that one is in
    // flight when the first fails.
    const release = signal();
    const batches = interceptBatches(t.database as Database, { release: release.fired, fail: true });
    try {
      const a = t.app.spot.place(first.id, pairId(), buy('1000', '0.1'));
      // The second order arrives while the first's write is on its way: it gets a batch of its own.
      await within(batches.writeHeld, 5000);
      const b = t.app.spot.place(second.id, pairId(), buy('1001', '0.2'));
      await within(batches.nextStarted, 5000);
      release.fire();
      const [orderA, orderB] = await Promise.all([a, b]);
      expect(orderA.status).toBe('waiting');
      expect(orderB.status).toBe('waiting');
    } finally {
      batches.restore();
    }
    // The first batch failed at its write; the one behind it rolled back without touching the engine.
    expect(batches.errors).toContain('injected write failure');
    expect(batches.errors).toContain('the batch before this one did not commit');

    // Both orders rest once, with their funds frozen once.
    const waiting = async (token: string) =>
      ((await t.get('coin/list?status=waiting', { token })).message as { list: { price: string; amount: string }[] }).list.map(
        (o) => [Number(o.price), Number(o.amount)],
      );
    expect(await waiting(first.token)).toEqual([[1000, 0.1]]);
    expect(await waiting(second.token)).toEqual([[1001, 0.2]]);
    const a = await coinBalance(t, first.id, USDT);
    const b = await coinBalance(t, second.id, USDT);
    expect(Number(a.frozen)).toBeGreaterThanOrEqual(100);
    expect(Number(b.frozen)).toBeGreaterThanOrEqual(200.2);
    expect(Number(a.available) + Number(a.frozen)).toBe(10000);
    expect(Number(b.available) + Number(b.frozen)).toBe(10000);
    const depth = (await t.get('market/depth?symbol=BTC%2FUSDT')).message as { bids: [string, string][] };
    const bids = depth.bids.map(([price, amount]) => [Number(price), Number(amount)]);
    expect(bids).toContainEqual([1000, 0.1]);
    expect(bids).toContainEqual([1001, 0.2]);
  });

  it('lets commands queued behind a waiting batch join it, and checks their funds with the rest', async () => {
    const first = await trader(t, { [USDT]: '10000' });
    const second = await trader(t, { [USDT]: '1000' });
    const third = await trader(t, { [USDT]: '10000' });
    const release = signal();
    const batches = interceptBatches(t.database as Database, { release: release.fired });
    let orders: PromiseSettledResult<unknown>[];
    try {
      const a = t.app.spot.place(first.id, pairId(), buy('900', '0.1'));
      await within(batches.writeHeld, 5000);
      // b starts the next batch, which waits for the first to commit; c, d and e queue meanwhile. d asks
      // for more than its trader has left after b: it is refused, in the same batch as b.
      const b = t.app.spot.place(second.id, pairId(), buy('900', '0.5'));
      await within(batches.nextStarted, 5000);
      const c = t.app.spot.place(first.id, pairId(), buy('901', '0.1'));
      const d = t.app.spot.place(second.id, pairId(), buy('901', '0.7'));
      const e = t.app.spot.place(third.id, pairId(), buy('902', '0.1'));
      release.fire();
      orders = await Promise.allSettled([a, b, c, d, e]);
    } finally {
      batches.restore();
    }
    // Two transactions for five orders: the first, and the one that b started and c, d, e joined.
    expect(batches.transactions).toBe(2);
    expect(orders.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((orders[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'insufficient_balance' });
    const frozen = async (id: number) => Number((await coinBalance(t, id, USDT)).frozen);
    expect(await frozen(first.id)).toBeGreaterThanOrEqual(180.1);
    expect(await frozen(second.id)).toBeGreaterThanOrEqual(450);
    const s = await coinBalance(t, second.id, USDT);
    expect(Number(s.available) + Number(s.frozen)).toBe(1000);
  });
});
