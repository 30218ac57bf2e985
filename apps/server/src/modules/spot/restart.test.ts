import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { BTC, ETH, USDT } from '../../../test/money.js';
import { serverRestarts } from '../../../test/restart.js';
import { cancelOrder, coinBalance, ETH_USDT, placeOrder, trader } from '../../../test/spot.js';
import { createTestApp, nextIp, type TestApp } from '../../../test/test-app.js';
import type { Database } from '../../db/client.js';
import { ledgerAccounts } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';

let t: TestApp;
const restart = serverRestarts();

async function books(app: FastifyInstance) {
  const out: Record<string, unknown> = {};
  for (const pair of app.market.listPairs()) {
    const book = app.spot.loadedBook(pair.id)!;
    out[pair.symbol] = { snapshot: book.snapshot(), depth: book.depth(10), trades: book.recentTrades(100) };
  }
  return out;
}

const balances = (database: Database) => database.db.select().from(ledgerAccounts).orderBy(asc(ledgerAccounts.id));

describe('a restart', () => {
  it('rebuilds every book from the database to the same state, with the same balances', async () => {
    t = await createTestApp();
    const a = await trader(t, { [USDT]: '100000', [BTC]: '2', [ETH]: '10' });
    const b = await trader(t, { [USDT]: '100000', [BTC]: '2', [ETH]: '10' });
    const c = await trader(t, { [USDT]: '100000', [BTC]: '2' });
    // Resting orders on both sides and several pairs, partly filled ones, cancelled ones, and two asks at
    // one price whose time priority must survive.
    await placeOrder(t, a.token, { type: '2', target_price: '61000', amount: '0.3' });
    await placeOrder(t, b.token, { type: '2', target_price: '61000', amount: '0.2' });
    await placeOrder(t, a.token, { type: '2', target_price: '61500.5', amount: '0.1' });
    await placeOrder(t, c.token, { type: '1', target_price: '61000', amount: '0.1' });
    await placeOrder(t, c.token, { type: '1', target_price: '59000', amount: '0.25' });
    const gone = await placeOrder(t, c.token, { type: '1', target_price: '58000', amount: '0.25' });
    await cancelOrder(t, c.token, gone.message.id);
    await placeOrder(t, b.token, { type: '1', target_price: '60000', amount: '0.4' });
    await placeOrder(t, a.token, { ...ETH_USDT, type: '2', target_price: '3100', amount: '1.5' });
    await placeOrder(t, b.token, { ...ETH_USDT, type: '1', target_price: '3000', amount: '2' });
    await Promise.all([
      placeOrder(t, a.token, { type: '1', target_price: '59500', amount: '0.01' }),
      placeOrder(t, b.token, { type: '2', target_price: '62000', amount: '0.01' }),
      placeOrder(t, c.token, { type: '1', target_price: '59999.99', amount: '0.02' }),
    ]);

    const before = await books(t.app);
    const ledgerBefore = await balances(t.database);
    // The server stops (its database stays as it was written) and a new one starts on a copy of it.
    const { app, database: copy } = await restart(t);
    await app.spot.ready();

    expect(await books(app)).toEqual(before);
    expect(await balances(copy)).toEqual(ledgerBefore);
    expect(await verifyLedger(copy.db)).toEqual([]);

    // Trading goes on from the same state: a buy takes a's older ask at 61000 before b's.
    const reply = await app.inject({
      method: 'POST',
      url: '/api/coin/trade',
      headers: { authorization: c.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        legal_id: '3',
        currency_id: '1',
        type: '1',
        target_price: '61000',
        amount: '0.25',
      }).toString(),
      remoteAddress: nextIp(),
    });
    expect(reply.json().message).toMatchObject({ status: 'completed', filled: '0.25', avg_price: '61000.00' });
    const orders = reply.json().message;
    expect(orders.filled_total).toBe('15250');
    const after = app.spot.loadedBook(1)!.depth(10);
    // a had 0.3 − 0.1 (c's first buy) = 0.2 left, now taken entirely; b's 0.2 is next, 0.05 of it taken.
    expect(after.asks[0]).toEqual(['61000.00', '0.15000']);
    const tc = { database: copy } as unknown as TestApp;
    expect(await coinBalance(tc, a.id, BTC)).toMatchObject({ frozen: '0.1' });
    expect(await coinBalance(tc, b.id, BTC)).toMatchObject({ frozen: '0.16' });
  });
});
