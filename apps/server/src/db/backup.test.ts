import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BTC, fund, USDT } from '../../test/money.js';
import { placeOrder, trader } from '../../test/spot.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDbKind } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { verifyLedger } from '../ledger/verify.js';
import { backupDataDir, backupSocketPath, restoreBackup, serveBackups, sha256 } from './backup.js';
import { type Database, openDatabase, queryRows } from './client.js';

// The server runs the embedded database on its worker thread: the built worker (`npm test` builds first).
const WORKER = new URL('../../dist/db/pglite-worker.js', import.meta.url);
const runnable = existsSync(WORKER) && testDbKind() === 'pglite';

const root = mkdtempSync(join(tmpdir(), 'h5-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const silent = { info: () => {}, warn: () => {} };

/** Order and trade rows that must agree in any consistent copy (one engine batch writes both). */
async function bookFacts(database: Database) {
  const orders = await queryRows<{ n: string }>(database.db, sqlText('SELECT count(*)::text AS n FROM spot_orders'));
  // Every order's filled amount is the sum of its trades, as maker or taker: a copy taken half-way
  // through a batch would show a trade without its orders' fills, or the other way round.
  const torn = await queryRows(
    database.db,
    sqlText(`SELECT o.id, o.filled, coalesce(sum(t.amount), 0) AS traded
               FROM spot_orders o
               LEFT JOIN spot_trades t ON t.maker_order_id = o.id OR t.taker_order_id = o.id
              GROUP BY o.id, o.filled
             HAVING o.filled <> coalesce(sum(t.amount), 0)`),
  );
  const waiting = await queryRows<{ id: number; remaining: string }>(
    database.db,
    sqlText(
      `SELECT id::int AS id, (amount - filled)::text AS remaining FROM spot_orders WHERE status = 'waiting' AND pair_id = 1 ORDER BY id`,
    ),
  );
  const trades = await queryRows<{ n: string }>(database.db, sqlText('SELECT count(*)::text AS n FROM spot_trades'));
  return { orders: Number(orders[0]!.n), trades: Number(trades[0]!.n), torn, waiting };
}

const sqlText = (text: string) => sql.raw(text);

describe.skipIf(!runnable)('online backup of the embedded database', () => {
  let t: TestApp | undefined;
  let served: { close: () => Promise<void> } | undefined;
  afterAll(async () => {
    await served?.close();
    await t?.close();
  });

  it('copies the database under load through the server, and the copy restores to a sound ledger and books', async () => {
    // The server's data directory: the seeded template, restored the way an operator restores a backup.
    const dataDir = join(root, 'live');
    const templateTar = join(root, 'template.tar');
    writeFileSync(templateTar, readFileSync(inject('dbTemplate')));
    await restoreBackup(templateTar, dataDir);
    const database = await openDatabase({ kind: 'pglite', dataDir, thread: true, workerUrl: WORKER });
    t = await createTestApp({}, undefined, undefined, database);
    served = await serveBackups(dataDir, database, silent);
    expect(statSync(backupSocketPath(dataDir)).mode & 0o777).toBe(0o600);

    const traders = [];
    for (let i = 0; i < 4; i++) traders.push(await trader(t, { [USDT]: '1000000', [BTC]: '20' }));
    const app = t;

    // Load: each trader places crossing buys and sells around 60000 (trades move money between them) and
    // funds itself now and then (a deposit posting), until told to stop.
    let stop = false;
    let placed = 0;
    const failures: unknown[] = [];
    const load = traders.map(async (who, k) => {
      for (let i = 0; !stop; i++) {
        const buy = (i + k) % 2 === 0;
        const price = String(60000 + (((i * 7 + k * 13) % 21) - 10) * 10);
        const reply = await placeOrder(app, who.token, { type: buy ? '1' : '2', target_price: price, amount: '0.01' });
        if (reply.type !== 'ok') failures.push(reply);
        placed++;
        if (i % 10 === 0) await fund(app, who.id, USDT, '1.5');
      }
    });
    const waitFor = async (count: number) => {
      while (placed < count && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
    };

    const file = join(root, 'out', 'backup.tgz');
    let atStart: number;
    let atBackupEnd: number;
    let summary: Awaited<ReturnType<typeof backupDataDir>>;
    try {
      await waitFor(40);
      atStart = (await bookFacts(database)).orders;
      summary = await backupDataDir(dataDir, file);
      atBackupEnd = (await bookFacts(database)).orders;
      await waitFor(placed + 40);
    } finally {
      stop = true;
      await Promise.all(load);
    }
    expect(failures).toEqual([]);

    expect(summary.via).toBe('server');
    expect(summary.bytes).toBe(statSync(file).size);
    expect(summary.sha256).toBe(sha256(readFileSync(file)));
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Restored into a new directory, opened as a new server process would.
    const restoredDir = join(root, 'restored');
    await restoreBackup(file, restoredDir);
    const restored = await openDatabase({ kind: 'pglite', dataDir: restoredDir });
    try {
      const facts = await bookFacts(restored);
      // Taken while orders kept coming: more than before the backup began, not more than when it ended.
      expect(facts.orders).toBeGreaterThan(atStart);
      expect(facts.orders).toBeLessThanOrEqual(atBackupEnd);
      // Money moved (trades) and orders rest on the book in the copy: there is something to compare.
      expect(facts.trades).toBeGreaterThan(0);
      expect(facts.waiting.length).toBeGreaterThan(0);
      expect(facts.torn).toEqual([]);
      expect(await verifyLedger(restored.db)).toEqual([]);

      // A server on the copy rebuilds its book from exactly the copy's waiting orders, and it is not crossed.
      const config = { ...loadConfig({}), serveStatic: false, logLevel: 'silent', dataDir: restoredDir };
      const rebuilt = await buildApp({ config, database: restored, logger: false });
      try {
        await rebuilt.ready();
        await rebuilt.spot.ready();
        const book = rebuilt.spot.loadedBook(1)!;
        const depth = book.depth(1000);
        const resting = depth.bids.concat(depth.asks).reduce((sum, [, qty]) => sum.plus(qty), new Decimal(0));
        const remaining = facts.waiting.reduce((sum, o) => sum.plus(o.remaining), new Decimal(0));
        expect(resting.toFixed()).toBe(remaining.toFixed());
        if (depth.bids.length > 0 && depth.asks.length > 0) {
          expect(new Decimal(depth.bids[0]![0]).lessThan(depth.asks[0]![0])).toBe(true);
        }
        for (const order of facts.waiting) expect(book.liveOrder(order.id)).toBeTruthy();
      } finally {
        await rebuilt.close();
      }
    } finally {
      await restored.close();
    }
    // The live server's own ledger is sound too after the load.
    expect(await verifyLedger(database.db)).toEqual([]);
  }, 90_000);

  it('copies a directory no server runs on, and refuses to restore into a non-empty directory', async () => {
    await served?.close();
    served = undefined;
    await t?.close();
    t = undefined;
    const dataDir = join(root, 'live');
    const file = join(root, 'stopped.tgz');
    const summary = await backupDataDir(dataDir, file);
    expect(summary.via).toBe('directory');
    expect(summary.bytes).toBeGreaterThan(0);

    const busy = join(root, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'keep.txt'), 'mine');
    await expect(restoreBackup(file, busy)).rejects.toThrow(/not empty/);
    expect(readFileSync(join(busy, 'keep.txt'), 'utf8')).toBe('mine');
  }, 60_000);
});
