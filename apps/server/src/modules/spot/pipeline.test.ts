import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USDT } from '../../../test/money.js';
import { coinBalance, trader } from '../../../test/spot.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import type { Database, Db } from '../../db/client.js';
import { verifyLedger } from '../../ledger/verify.js';

/**
 * Pipelined batches (book.ts, write-lock.ts): a batch starts while the one before it commits. When that
 * one fails, the later one must not build on the engine it left behind: it rolls back untouched, waits
 * for the failed batch to be repaired and retried, and runs again.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.spot.ready();
});
afterAll(async () => {
  expect(await verifyLedger(t.database.db)).toEqual([]);
  await t.close();
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe('pipelined spot batches', () => {
  it('runs the batch behind a failed one again, after the failed one was repaired and retried', async () => {
    const first = await trader(t, { [USDT]: '10000' });
    const second = await trader(t, { [USDT]: '10000' });
    const database = t.database as Database;
    const original = database.quickTransaction;
    const failures: string[] = [];
    let armed = true;
    let nextStarted!: () => void;
    const started = new Promise<void>((resolve) => {
      nextStarted = resolve;
    });
    let writeHeld!: () => void;
    const holding = new Promise<void>((resolve) => {
      writeHeld = resolve;
    });

    // The first batch from now on fails at its write — but only once the batch behind it has started, so
    // that one is in flight when this one fails. Every batch's error is recorded.
    database.quickTransaction = (callback) => {
      let run: typeof callback = callback;
      if (armed) {
        armed = false;
        run = (tx, commitWithNext) => {
          let writing = false;
          const failingWrite = new Proxy(tx, {
            get: (target, key, receiver) =>
              key === 'execute' && writing
                ? async () => {
                    await within(started, 5000);
                    throw new Error('injected write failure');
                  }
                : Reflect.get(target, key, receiver),
          }) as Db;
          return callback(failingWrite, () => {
            commitWithNext();
            writing = true;
            writeHeld();
          });
        };
      } else {
        nextStarted();
      }
      return original(run).catch((error: unknown) => {
        failures.push(error instanceof Error ? error.message : String(error));
        throw error;
      });
    };
    try {
      // Straight to the book: over HTTP the second request would wait for the embedded database, which
      // runs one transaction at a time, before it ever reached the book.
      const pairId = t.app.market.getPair('BTC/USDT')!.id;
      const a = t.app.spot.place(first.id, pairId, { side: 'buy', orderType: 'limit', price: '1000', amount: '0.1' });
      // The second order arrives while the first's write is on its way: it gets a batch of its own.
      await within(holding, 5000);
      const b = t.app.spot.place(second.id, pairId, { side: 'buy', orderType: 'limit', price: '1001', amount: '0.2' });
      const [orderA, orderB] = await Promise.all([a, b]);
      expect(orderA.status).toBe('waiting');
      expect(orderB.status).toBe('waiting');
    } finally {
      database.quickTransaction = original;
    }
    // The first batch failed at its write; the one behind it rolled back without touching the engine.
    expect(failures).toContain('injected write failure');
    expect(failures).toContain('the batch before this one did not commit');

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
});
