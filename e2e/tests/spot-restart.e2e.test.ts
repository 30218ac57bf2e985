import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adjustBalance,
  adminSignIn,
  apiOk,
  ledgerVerify,
  registerUser,
  type ServerProcess,
  startServer,
  stopServer,
} from '../src/server-process.js';

/**
 * The restart test, at the process level: orders placed on the built server, the process killed
 * with SIGKILL (no shutdown of any kind), a new process started on the same DATA_DIR: the same book,
 * the same orders and balances, trading goes on from that state, and `npm run ledger:verify` passes on
 * the data directory. (`apps/server/src/modules/spot/restart.test.ts` checks the same in-process, engine
 * snapshot included.) The market maker is off so that nothing but these users changes the book.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'spot-restart-e2e-'));
const ENV = { MARKET_MAKER: '0' };
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  server = await startServer(dataDir, ENV);
  return server;
}

const ok = (method: string, path: string, body?: Record<string, unknown>, token?: string) =>
  apiOk(server!.baseUrl, method, path, body, { token });

const adminToken = () => adminSignIn(server!.baseUrl);

/** A user registered through the API and funded through the console's adjustment. */
async function trader(admin: string, name: string, funds: Record<string, string>) {
  const user = await registerUser(server!.baseUrl, admin, name, 'restart-pass-1');
  for (const [currency_id, amount] of Object.entries(funds)) {
    await adjustBalance(server!.baseUrl, admin, user.id, { currency_id, account: 'coin', amount, reason: 'restart test' });
  }
  return user;
}

const BTC = { legal_id: 3, currency_id: 1 };
const ETH = { legal_id: 3, currency_id: 2 };
const order = (token: string, body: Record<string, unknown>) =>
  ok('POST', 'coin/trade', { ...BTC, order_type: 'limit', ...body }, token);

/** What must survive: both books, every user's orders and balances. */
async function state(admin: string, users: { id: number; token: string }[]) {
  const books: Record<string, unknown> = {};
  for (const symbol of ['BTC/USDT', 'ETH/USDT']) {
    const depth = await ok('GET', `market/depth?symbol=${encodeURIComponent(symbol)}`);
    books[symbol] = { bids: depth.bids, asks: depth.asks };
  }
  const people = [];
  for (const u of users) {
    const orders = await ok('GET', 'coin/list?limit=100', undefined, u.token);
    const detail = await ok('GET', `admin/users/${u.id}`, undefined, admin);
    people.push({ orders: orders.list, balances: detail.balances });
  }
  return { books, people };
}

describe('spot trading survives a killed server', () => {
  it('rebuilds the same book and balances after SIGKILL, and the ledger verifies', async () => {
    await start();
    const admin = await adminToken();
    const a = await trader(admin, 'restart.a', { 3: '100000', 1: '2', 2: '10' });
    const b = await trader(admin, 'restart.b', { 3: '100000', 1: '2', 2: '10' });
    const c = await trader(admin, 'restart.c', { 3: '100000', 1: '2' });

    // Resting orders on both sides of two pairs, two asks at one price (time priority), a partly filled
    // order, a filled one, a cancelled one, and a few placed at once.
    await order(a.token, { type: 2, target_price: '61000', amount: '0.3' });
    await order(b.token, { type: 2, target_price: '61000', amount: '0.2' });
    await order(a.token, { type: 2, target_price: '61500.5', amount: '0.1' });
    expect(await order(c.token, { type: 1, target_price: '61000', amount: '0.1' })).toMatchObject({ status: 'completed' });
    await order(c.token, { type: 1, target_price: '59000', amount: '0.25' });
    const gone = await order(c.token, { type: 1, target_price: '58000', amount: '0.25' });
    await ok('PUT', 'coin/trade', { id: gone.id }, c.token);
    await order(b.token, { type: 1, target_price: '60000', amount: '0.4' });
    await order(a.token, { ...ETH, type: 2, target_price: '3100', amount: '1.5' });
    await order(b.token, { ...ETH, type: 1, target_price: '3000', amount: '2' });
    await Promise.all([
      order(a.token, { type: 1, target_price: '59500', amount: '0.01' }),
      order(b.token, { type: 2, target_price: '62000', amount: '0.01' }),
      order(c.token, { type: 1, target_price: '59999.99', amount: '0.02' }),
    ]);
    const before = await state(admin, [a, b, c]);
    expect((before.books['BTC/USDT'] as { asks: string[][] }).asks[0]).toEqual(['61000.00', '0.40000']);

    // Every reply above came after its commit: kill the process outright, no shutdown.
    await stopServer(server!, 'SIGKILL');

    // The operator's session is in the database too (a new sign-in would need a fresh TOTP step).
    await start();
    const after = await state(admin, [a, b, c]);
    expect(after).toEqual(before);
    expect(await ok('GET', 'admin/ledger/verify', undefined, admin)).toMatchObject({ sound: true });

    // Trading goes on from the same state: a buy takes a's older ask at 61000 before b's.
    const buy = await order(c.token, { type: 1, target_price: '61000', amount: '0.25' });
    expect(buy).toMatchObject({ status: 'completed', filled: '0.25', avg_price: '61000.00' });
    const book = await ok('GET', 'market/depth?symbol=BTC%2FUSDT');
    // a had 0.2 left at 61000 (c's first buy took 0.1): all taken; 0.05 of b's 0.2 taken.
    expect(book.asks[0]).toEqual(['61000.00', '0.15000']);

    // Stop it and check the data directory with the operators' tool, as the issue says.
    await stopServer(server!, 'SIGTERM');
    const verify = await ledgerVerify(dataDir, ENV);
    expect(verify.output).toContain('ledger: sound');
    expect(verify.status).toBe(0);
  });
});
