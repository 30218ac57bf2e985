#!/usr/bin/env node
/**
 * Spot order placement over HTTP: the built server (`apps/server/dist/server.js`) on 127.0.0.1 with a
 * fresh DATA_DIR (embedded database, simulated feed and market maker running), two funded users
 * registered through the API, then autocannon firing `POST /api/coin/trade` limit orders for a bounded
 * time: buys from one user and sells from the other, at prices around the index that partly cross each
 * other and the market maker's quotes. Every reply comes only after its order (and trades, and ledger
 * postings) is committed, so accepted = stored.
 *
 * Then, for scale, `session_lookup_per_s`: the same connections on `GET user/center`, a route that does only
 * the session lookup every authenticated request makes — the most any signed-in route can answer here.
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7); progress goes to stderr. Never asserts a time.
 *
 *   node bench/orders.mjs [--duration 10] [--connections 50] [--keep] [--profile <dir>]
 *   node bench/orders.mjs --db pg                # a fresh PostgreSQL database instead of the embedded one
 *   node bench/orders.mjs --db pg --nodes 2      # two nodes (cluster mode, Redis), connections round-robin
 */

import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ADMIN_TOTP_SECRET, adminToken, api, registerUser } from './lib/bench-api.mjs';
import { nodeOptions, startBenchNodes } from './lib/bench-nodes.mjs';
import { benchArgs } from './lib/bench-server.mjs';

const { option, flag } = benchArgs();
const DURATION = Math.max(1, Number.parseInt(option('duration', '10'), 10) || 10);
const CONNECTIONS = Math.max(1, Number.parseInt(option('connections', '50'), 10) || 50);
const NODE_OPTIONS = nodeOptions(option);
const KEEP = flag('keep');
/** Writes a V8 CPU profile of the server into this directory (open it in Chrome DevTools). */
const PROFILE = option('profile', undefined);
const log = (...parts) => console.error(...parts);

if (NODE_OPTIONS.error) {
  log(`orders: ${NODE_OPTIONS.error}`);
  process.exit(1);
}
let cluster;
try {
  cluster = await startBenchNodes({ name: 'orders', options: NODE_OPTIONS, env: { ADMIN_TOTP_SECRET }, profile: PROFILE, log });
} catch (error) {
  log(`orders: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const { origins, servers } = cluster;
const { until } = servers[0];
const { call } = api(origins[0]);

/** Registers an e-mail user through the API, funds it through the console; returns its token. */
async function fundedUser(admin, name) {
  const user = await registerUser(origins[0], admin, name);
  for (const [currency_id, amount] of [
    ['3', '1000000000'],
    ['1', '100000'],
  ]) {
    const r = await call(
      'POST',
      `admin/users/${user.user.id}/adjust`,
      { currency_id, account: 'coin', amount, reason: 'order benchmark' },
      admin,
    );
    if (r.type !== 'ok') throw new Error(`adjust: ${JSON.stringify(r)}`);
  }
  return user.token;
}

let failed = false;
try {
  log(`orders: ${cluster.describe()}`);
  const admin = await adminToken(origins[0]);
  const buyer = await fundedUser(admin, 'buyer');
  const seller = await fundedUser(admin, 'seller');
  // The feed backfills its history, then goes live; the market maker then quotes every pair.
  const book = await until(
    async () => {
      const d = await call('GET', 'market/depth?symbol=BTC/USDT');
      return d.message?.bids?.length && d.message?.asks?.length ? d.message : undefined;
    },
    180_000,
    'market-maker quotes',
  );
  // The feed's first minutes after going live load its state and roll candles up; let that settle.
  await sleep(5_000);
  const mid = (Number(book.bids[0][0]) + Number(book.asks[0][0])) / 2;
  log(`orders: BTC/USDT around ${mid.toFixed(2)}; ${CONNECTIONS} connections for ${DURATION} s over ${origins.length} node(s) …`);

  // Buys at mid −0.30 %…+0.05 %, sells at mid −0.05 %…+0.30 %: about one in seven crosses and trades
  // (with the other user or the market maker); the rest rest on the book.
  let n = 0;
  const body = () => {
    n++;
    const buy = n % 2 === 0;
    const offset = (((n * 7919) % 71) - 6) / 20_000; // −0.03 % … +0.325 %
    const price = (buy ? mid * (1 - offset) : mid * (1 + offset)).toFixed(2);
    const amount = (0.001 * (1 + (n % 5))).toFixed(3);
    return {
      token: buy ? buyer : seller,
      json: JSON.stringify({ legal_id: 3, currency_id: 1, type: buy ? 1 : 2, order_type: 'limit', target_price: price, amount }),
    };
  };
  let refusedSample;
  // With several URLs autocannon gives connection i the URL i mod N: the connections are spread
  // round-robin over the nodes.
  const run = autocannon({
    url: origins.map((o) => `${o}/api/coin/trade`),
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const next = body();
          return { ...request, headers: { 'content-type': 'application/json', authorization: next.token }, body: next.json };
        },
        onResponse: (status, responseBody) => {
          if (status !== 200 && !refusedSample) refusedSample = `${status} ${responseBody}`;
        },
      },
    ],
  });
  // autocannon opens every connection at once and times each one's first request from then; a busy
  // server accepts one new connection per turn of its event loop, so the last first requests include
  // seconds of waiting to be accepted. Latency is taken from the other requests (steady state); the
  // first requests are reported apart.
  const seen = new Set();
  const steady = [];
  const first = [];
  run.on('response', (client, _status, _bytes, ms) => {
    if (seen.has(client)) steady.push(ms);
    else {
      seen.add(client);
      first.push(ms);
    }
  });
  const result = await run;
  steady.sort((a, b) => a - b);
  const pct = (p) => (steady.length ? Math.round(steady[Math.min(steady.length - 1, Math.floor(steady.length * p))]) : 0);

  // For scale: the same connections on a route that does nothing but the session lookup every request
  // makes (GET user/center), i.e. the most any authenticated route could do on this machine right now.
  const lookups = await autocannon({
    url: origins.map((o) => `${o}/api/user/center`),
    connections: CONNECTIONS,
    duration: Math.min(5, DURATION),
    headers: { authorization: buyer },
  });
  if (origins.length > 1) await cluster.logHealth();
  const accepted = result['2xx'];
  const refused = result.non2xx + result.errors + result.timeouts;
  if (refusedSample) log(`orders: a refused order: ${refusedSample.slice(0, 300)}`);
  const verify = await call('GET', 'admin/ledger/verify', undefined, admin);
  const waiting = await call('GET', 'coin/list?status=waiting&limit=1', undefined, buyer);
  log(`orders: ${accepted} accepted, ${refused} refused or failed; buyer has ${waiting.message?.total} orders waiting`);
  console.log(`orders_per_s: ${Math.round(accepted / DURATION)}`);
  console.log(`orders_p50_ms: ${pct(0.5)}`);
  console.log(`orders_p99_ms: ${pct(0.99)}`);
  console.log(`orders_first_request_max_ms: ${Math.round(Math.max(0, ...first))}`);
  console.log(`orders_accepted: ${accepted}`);
  console.log(`orders_refused: ${refused}`);
  console.log(`orders_connections: ${CONNECTIONS}`);
  console.log(`orders_duration_s: ${DURATION}`);
  console.log(`ledger_sound: ${verify.message?.sound === true}`);
  console.log(`session_lookup_per_s: ${Math.round(lookups['2xx'] / Math.min(5, DURATION))}`);
  // Only outside the default (embedded, one node), so the default output stays as it was.
  if (NODE_OPTIONS.db !== 'pglite' || NODE_OPTIONS.nodes !== 1) {
    console.log(`orders_db: ${NODE_OPTIONS.db}`);
    console.log(`orders_nodes: ${NODE_OPTIONS.nodes}`);
  }
} catch (error) {
  failed = true;
  log(`orders: ${error instanceof Error ? error.message : error}`);
} finally {
  await cluster.stop({ keep: KEEP });
}
process.exit(failed ? 1 : 0);
