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
 *   node bench/orders.mjs --db pg --nodes 2     # scale-out: not supported yet (a later issue)
 */

import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { BENCH_ADMIN, benchArgs, startBenchServer } from './lib/bench-server.mjs';

const { option, flag } = benchArgs();
const DURATION = Math.max(1, Number.parseInt(option('duration', '10'), 10) || 10);
const CONNECTIONS = Math.max(1, Number.parseInt(option('connections', '50'), 10) || 50);
const DB = option('db', 'pglite');
const NODES = Number.parseInt(option('nodes', '1'), 10) || 1;
const KEEP = flag('keep');
/** Writes a V8 CPU profile of the server into this directory (open it in Chrome DevTools). */
const PROFILE = option('profile', undefined);
/** The bench's operator signs in with two-factor codes of this secret (base32, given as ADMIN_TOTP_SECRET). */
const ADMIN_TOTP_SECRET = 'KRSXG5CTMVRXEZLUGIYDEOJQGEZDGNBV';

/** The current RFC 6238 code of a base32 secret (HMAC-SHA1, 30 s, 6 digits). */
function totp(secretBase32) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const key = [];
  for (const ch of secretBase32) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', Buffer.from(key)).update(message).digest();
  const o = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(binary % 1_000_000).padStart(6, '0');
}
const log = (...parts) => console.error(...parts);

if (DB !== 'pglite' || NODES !== 1) {
  log(`orders: --db ${DB} --nodes ${NODES}: not supported yet (several nodes on PostgreSQL is the scale-out issue).`);
  log('orders: run without options for the embedded database on one node.');
  process.exit(1);
}
const server = await startBenchServer({ name: 'orders', env: { ADMIN_TOTP_SECRET }, profile: PROFILE });
const { port, dataDir, until } = server;
const base = `${server.origin}/api`;

async function call(method, path, body, token) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = token;
  const response = await fetch(`${base}/${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return response.json();
}

/** Registers an e-mail user with the code from the development outbox, funds it through the console. */
async function fundedUser(adminToken, name) {
  const email = `${name}-${Date.now()}@bench.test`;
  const sent = await call('POST', 'sms_mail', { user_string: email, scene: 'register' });
  if (sent.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent)}`);
  const outbox = await call('GET', `admin/outbox?target=${encodeURIComponent(email)}`, undefined, adminToken);
  const code = outbox.message?.[0]?.code;
  const reg = await call('POST', 'user/register', {
    type: 'email',
    user_string: email,
    password: 'bench-secret-1',
    re_password: 'bench-secret-1',
    code,
    agree: '1',
  });
  if (reg.type !== 'ok') throw new Error(`register: ${JSON.stringify(reg)}`);
  for (const [currency_id, amount] of [
    ['3', '1000000000'],
    ['1', '100000'],
  ]) {
    const r = await call(
      'POST',
      `admin/users/${reg.message.user.id}/adjust`,
      { currency_id, account: 'coin', amount, reason: 'order benchmark' },
      adminToken,
    );
    if (r.type !== 'ok') throw new Error(`adjust: ${JSON.stringify(r)}`);
  }
  return reg.message.token;
}

let failed = false;
try {
  log(`orders: starting the server on port ${port}, DATA_DIR ${dataDir} …`);
  await until(async () => (await call('POST', 'get/lang', {})).type === 'ok', 180_000, 'the API');
  const admin = await call('POST', 'admin/login', { ...BENCH_ADMIN, totp: totp(ADMIN_TOTP_SECRET) });
  if (admin.type !== 'ok') throw new Error(`admin/login: ${JSON.stringify(admin)}`);
  const buyer = await fundedUser(admin.message.token, 'buyer');
  const seller = await fundedUser(admin.message.token, 'seller');
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
  log(`orders: BTC/USDT around ${mid.toFixed(2)}; ${CONNECTIONS} connections for ${DURATION} s …`);

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
  const run = autocannon({
    url: `${base}/coin/trade`,
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
    url: `${base}/user/center`,
    connections: CONNECTIONS,
    duration: Math.min(5, DURATION),
    headers: { authorization: buyer },
  });
  const accepted = result['2xx'];
  const refused = result.non2xx + result.errors + result.timeouts;
  if (refusedSample) log(`orders: a refused order: ${refusedSample.slice(0, 300)}`);
  const verify = await call('GET', 'admin/ledger/verify', undefined, admin.message.token);
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
} catch (error) {
  failed = true;
  log(`orders: ${error instanceof Error ? error.message : error}`);
} finally {
  await server.stop({ keep: KEEP });
}
process.exit(failed ? 1 : 0);
