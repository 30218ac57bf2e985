#!/usr/bin/env node
/**
 * options_settle_ms: how long the server's option settlement takes when 10,000 options deliver in the
 * same second — from the moment the index sampler stores that second's sample (`IndexSampler.flush`,
 * which tells the settler) until every order is settled: samples looked up, orders locked, 10,000 ledger
 * entries posted and the orders marked settled, all committed (`OptionSettler`, the same code the server
 * runs), plus the reads of the settled rows for the socket pushes (collected by a stub).
 *
 * Method: a fresh embedded database (migrated and seeded), --users users (default 10,000: one order each,
 * so the batch locks 10,000 accounts), funded and holding --orders open orders on BTC/USDT (half up, half
 * down, stake 100 USDT, 85 % / 100 %) all delivering in one second, written the way purchases write them
 * (order rows with the open price pending, the stake moved to the house through the ledger). The open
 * second's ticks are fed first and its flush fills the open prices (not timed: it happens a minute before
 * delivery). Ticks for the delivery second and the next are fed to the sampler; the timer runs around the
 * flush that makes the delivery second final and the settler's completion.
 * Then it checks that every order is settled and the ledger verifies. Measured, never asserted.
 *
 *   node bench/settle-options.mjs [--orders 10000] [--users 10000]
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countOption } from './lib/count-option.mjs';

const root = resolve(import.meta.dirname, '..');
const log = (...parts) => console.error(...parts);
const option = countOption('settle-options bench');
const ORDERS = option('orders', 10_000);
const USERS = Math.min(option('users', 10_000), ORDERS);

const dist = join(root, 'apps/server/dist');
if (!existsSync(join(dist, 'modules/options/settler.js'))) {
  log('settle-options bench: apps/server/dist lacks the options module; building the server with `npx tsc -b apps/server` …');
  spawnSync('npx', ['tsc', '-b', 'apps/server'], { cwd: root, stdio: 'inherit' });
}
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { openDatabase, queryRows } = await load('db/client.js');
const { seed } = await load('seed/seed.js');
const { LedgerBatch } = await load('ledger/batch.js');
const { verifyLedger } = await load('ledger/verify.js');
const { IndexSampler } = await load('modules/index-samples/sampler.js');
const { OptionSettler } = await load('modules/options/settler.js');
const { sql } = await import(pathToFileURL(join(root, 'node_modules/drizzle-orm/index.js')).href);

const PAIR = 1; // BTC/USDT
const USDT = 3;
const STAKE = '100';

log(`settle-options bench: preparing ${ORDERS} orders of ${USERS} users …`);
const database = await openDatabase({ kind: 'pglite' });
await database.migrate();
await seed(database.db, { adminEmail: 'bench@example.test', adminPassword: 'bench-password-1', log: () => {} });
const { db } = database;

// Users (no one signs in as them: the hash is not a hash), funded on their option accounts.
const users = await queryRows(
  db,
  sql`INSERT INTO users (account_type, email, password_hash, extension_code, review_status)
      SELECT 'email', 'settle-bench-' || g || '@example.test', 'bench: no sign-in', 'SB' || g, 2
      FROM generate_series(1, ${USERS}) g RETURNING id`,
);
const userIds = users.map((u) => Number(u.id));
const perUser = Math.ceil(ORDERS / USERS);
await db.transaction(async (tx) => {
  const batch = new LedgerBatch(tx);
  await batch.load([
    ...userIds.map((userId) => ({ userId, kind: 'option', currencyId: USDT })),
    { system: 'external', currencyId: USDT },
  ]);
  const amount = String(100 * perUser);
  for (const userId of userIds) {
    batch.post({ reason: 'deposit', refType: 'bench' }, [
      { account: { userId, kind: 'option', currencyId: USDT }, bucket: 'available', amount },
      { account: { system: 'external', currencyId: USDT }, bucket: 'available', amount: `-${amount}` },
    ]);
  }
  await batch.flush();
});

// The orders, all delivering in second S, each stake paid to the house as a purchase pays it.
const now = Date.now();
const openSecond = Math.floor(now / 1000);
const deliverySecond = openSecond + 60;
const owners = Array.from({ length: ORDERS }, (_, i) => userIds[i % USERS]);
const orders = await queryRows(
  db,
  sql`INSERT INTO option_orders (user_id, pair_id, currency_id, direction, seconds, profit_ratio, loss_ratio, stake,
                                 opened_at, open_second, delivery_second, source)
      SELECT u, ${PAIR}, ${USDT}, CASE WHEN o % 2 = 0 THEN 1 ELSE 2 END, 60, 85, 100, ${STAKE},
             ${now}, ${openSecond}, ${deliverySecond}, 'simulated'
      FROM unnest(${sql.param(owners)}::int[]) WITH ORDINALITY AS v(u, o)
      RETURNING id, user_id`,
);
await db.transaction(async (tx) => {
  const batch = new LedgerBatch(tx);
  await batch.load([
    ...userIds.map((userId) => ({ userId, kind: 'option', currencyId: USDT })),
    { system: 'house', currencyId: USDT },
  ]);
  for (const o of orders) {
    const account = { userId: Number(o.user_id), kind: 'option', currencyId: USDT };
    batch.post({ reason: 'option_stake', refType: 'option_order', refId: Number(o.id) }, [
      { account, bucket: 'available', amount: `-${STAKE}` },
      { account: { system: 'house', currencyId: USDT }, bucket: 'available', amount: STAKE },
    ]);
  }
  await batch.flush();
});

// The server's sampler and settler on a clock the bench sets: first the open second is running.
let clock = openSecond * 1000 + 5;
const sampler = new IndexSampler({ db, source: () => 'simulated', now: () => clock });
let pushes = 0;
const settler = new OptionSettler({
  db,
  sampler,
  decimalsOf: () => 6,
  now: () => clock,
  onSettled: (rows) => {
    pushes += rows.length;
  },
});
await settler.start(); // loads the 10,000 open orders (none due yet: their open second is not over)
sampler.ingest({ pairId: PAIR, price: '60000.00', time: openSecond * 1000 + 5 });
clock = (openSecond + 1) * 1000 + 5;
sampler.ingest({ pairId: PAIR, price: '60000.00', time: (openSecond + 1) * 1000 });
const opening = process.hrtime.bigint();
await sampler.flush();
await settler.idle();
log(`settle-options bench: open prices filled in ${Math.round(Number(process.hrtime.bigint() - opening) / 1e6)} ms`);

// A minute later: the delivery second has just ended.
clock = (deliverySecond + 1) * 1000 + 5;
sampler.ingest({ pairId: PAIR, price: '60012.34', time: deliverySecond * 1000 + 400 });
sampler.ingest({ pairId: PAIR, price: '60013.00', time: (deliverySecond + 1) * 1000 });
clock = (deliverySecond + 1) * 1000 + 10;

log('settle-options bench: settling …');
const started = process.hrtime.bigint();
await sampler.flush();
await settler.idle();
const ms = Number(process.hrtime.bigint() - started) / 1e6;

const [counts] = await queryRows(
  db,
  sql`SELECT count(*) FILTER (WHERE status = 'settled')::int AS settled, count(*)::int AS total,
             count(*) FILTER (WHERE result = 1)::int AS wins, count(*) FILTER (WHERE result = -1)::int AS losses
      FROM option_orders`,
);
const faults = await verifyLedger(db);
await database.close();
log(
  `settle-options bench: ${counts.settled}/${counts.total} settled (${counts.wins} won, ${counts.losses} lost), ${pushes} pushes, ledger faults: ${faults.length}`,
);
if (counts.settled !== ORDERS || faults.length) {
  log('settle-options bench: not every order settled cleanly', faults.slice(0, 3));
  process.exit(1);
}
console.log(`options_settle_ms: ${Math.round(ms)}`);
