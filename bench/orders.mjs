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
 *   node bench/orders.mjs --pairs BTC/USDT,ETH/USDT   # orders spread over these pairs (round-robin)
 *   node bench/orders.mjs --db pg --nodes 2 --route owner   # also a run where each order goes to its pair's node
 *
 * With several nodes the orders go to two pairs by default (BTC/USDT and ETH/USDT), so each node can run
 * an engine of its own, and the bench first runs one node on a fresh database of the same kind with the
 * same load: `orders_per_s_one_node` is that figure of the same run, next to the nodes' `orders_per_s`.
 * `orders_forwarded_share` is the share of accepted orders that reached a node not running their pair's
 * engine (and so went on to its owner over Redis): each node gets its own autocannon instance, every
 * accepted reply names its pair, and `GET /api/health` says which node runs which engine.
 *
 * `--route owner` (several nodes) adds a third measurement on fresh nodes, its figures suffixed `_routed`:
 * each node is sent only the orders of the pairs it runs (as a load balancer routing by pair would), so
 * nothing is forwarded; next to the round-robin figures it shows what forwarding costs. `loadavg_1m` is the
 * machine's load average at the end of the run (the figures mean little on a machine busy with more).
 * `cpu_ms_per_order_<part>` (servers, postgres, redis; Linux) is the CPU time each part spent during the
 * run per accepted order: unlike orders per second it holds when other work shares the machine.
 */

import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { ADMIN_TOTP_SECRET, adjustApproved, adminToken, api, checkerToken, registerUser } from './lib/bench-api.mjs';
import { nodeOptions, startBenchNodes } from './lib/bench-nodes.mjs';
import { benchArgs } from './lib/bench-server.mjs';
import { cpuMeter, pidsMatching } from './lib/proc-cpu.mjs';

const { option, flag } = benchArgs();
const DURATION = Math.max(1, Number.parseInt(option('duration', '10'), 10) || 10);
const CONNECTIONS = Math.max(1, Number.parseInt(option('connections', '50'), 10) || 50);
const NODE_OPTIONS = nodeOptions(option);
const KEEP = flag('keep');
/** Writes a V8 CPU profile of the server into this directory (open it in Chrome DevTools). */
const PROFILE = option('profile', undefined);
const PAIRS = option('pairs', NODE_OPTIONS.nodes > 1 ? 'BTC/USDT,ETH/USDT' : 'BTC/USDT')
  .split(',')
  .map((symbol) => symbol.trim())
  .filter(Boolean);
/** Base coin ids of the seeded pairs (all quoted in USDT, id 3). */
const BASE_IDS = { 'BTC/USDT': 1, 'ETH/USDT': 2, 'TRX/USDT': 34 };
const ROUTE = option('route', 'round-robin');
const log = (...parts) => console.error(...parts);

if (NODE_OPTIONS.error) {
  log(`orders: ${NODE_OPTIONS.error}`);
  process.exit(1);
}
if (ROUTE !== 'round-robin' && ROUTE !== 'owner') {
  log(`orders: --route must be round-robin or owner (got "${ROUTE}")`);
  process.exit(1);
}
if (PAIRS.length === 0 || PAIRS.some((symbol) => !BASE_IDS[symbol])) {
  log(`orders: --pairs must list seeded pairs (${Object.keys(BASE_IDS).join(', ')})`);
  process.exit(1);
}

/** Registers an e-mail user through the API, funds it through the console (four eyes); returns its token. */
async function fundedUser(origin, admin, checker, name) {
  const user = await registerUser(origin, admin, name);
  for (const [currency_id, amount] of [
    ['3', '1000000000'],
    ['1', '100000'],
    ['2', '1000000'],
    ['34', '1000000000'],
  ]) {
    await adjustApproved(origin, admin, checker, user.user.id, {
      currency_id,
      account: 'coin',
      amount,
      reason: 'order benchmark',
    });
  }
  return user.token;
}

/** Which node runs each pair's engine, by symbol (from every node's `GET /api/health`). */
async function engineOwners(cluster) {
  const owners = {};
  for (const s of cluster.servers) {
    const body = await fetch(`${s.origin}/api/health`)
      .then((r) => r.json())
      .catch(() => undefined);
    for (const symbol of body?.message?.engines ?? []) owners[symbol] = s.origin;
  }
  return owners;
}

/**
 * One measurement on fresh nodes (`options`: database kind and node count): returns its figures. The
 * nodes are stopped and their database dropped afterwards (unless --keep).
 */
async function measure(options, route = 'round-robin') {
  const cluster = await startBenchNodes({ name: 'orders', options, env: { ADMIN_TOTP_SECRET }, profile: PROFILE, log });
  try {
    const { origins, servers } = cluster;
    const { until } = servers[0];
    const { call } = api(origins[0]);
    log(`orders: ${cluster.describe()}`);
    const admin = await adminToken(origins[0]);
    const checker = await checkerToken(origins[0], admin);
    const buyer = await fundedUser(origins[0], admin, checker, 'buyer');
    const seller = await fundedUser(origins[0], admin, checker, 'seller');
    // The feed backfills its history, then goes live; the market maker then quotes every pair.
    const mids = {};
    for (const symbol of PAIRS) {
      const book = await until(
        async () => {
          const d = await call('GET', `market/depth?symbol=${encodeURIComponent(symbol)}`);
          return d.message?.bids?.length && d.message?.asks?.length ? d.message : undefined;
        },
        180_000,
        `market-maker quotes on ${symbol}`,
      );
      mids[symbol] = (Number(book.bids[0][0]) + Number(book.asks[0][0])) / 2;
    }
    // The feed's first minutes after going live load its state and roll candles up; let that settle.
    await sleep(5_000);
    const ownersBefore = origins.length > 1 ? await engineOwners(cluster) : {};
    log(
      `orders: ${PAIRS.map((p) => `${p} around ${mids[p].toFixed(2)}`).join(', ')}; ${CONNECTIONS} connections for ${DURATION} s over ${origins.length} node(s) …`,
    );

    // Buys at mid −0.30 %…+0.05 %, sells at mid −0.05 %…+0.30 %: about one in seven crosses and trades
    // (with the other user or the market maker); the rest rest on the book. Pairs take turns.
    // Routed by owner: each node's instance sends only its own pairs (all of them if it runs none).
    const pairsOf = origins.map((origin) => {
      const own = route === 'owner' ? PAIRS.filter((symbol) => ownersBefore[symbol] === origin) : [];
      return own.length ? own : PAIRS;
    });
    let n = 0;
    const body = (node) => {
      n++;
      const pairs = pairsOf[node];
      const symbol = pairs[Math.floor(n / 2) % pairs.length];
      const mid = mids[symbol];
      const buy = n % 2 === 0;
      const offset = (((n * 7919) % 71) - 6) / 20_000; // −0.03 % … +0.325 %
      const price = (buy ? mid * (1 - offset) : mid * (1 + offset)).toFixed(symbol === 'TRX/USDT' ? 5 : 2);
      const lot = symbol === 'TRX/USDT' ? 10 : symbol === 'ETH/USDT' ? 0.01 : 0.001;
      const amount = (lot * (1 + (n % 5))).toFixed(3);
      return {
        token: buy ? buyer : seller,
        json: JSON.stringify({
          legal_id: 3,
          currency_id: BASE_IDS[symbol],
          type: buy ? 1 : 2,
          order_type: 'limit',
          target_price: price,
          amount,
        }),
      };
    };
    let refusedSample;
    // CPU each part of the system spends during the run (per accepted order below): a figure that holds on
    // a machine busy with other work, where orders per second do not.
    const meters = {
      servers: cpuMeter(() => servers.map((s) => s.pid)),
      ...(cluster.databaseName ? { postgres: cpuMeter(() => pidsMatching(cluster.databaseName)) } : {}),
      ...(origins.length > 1 ? { redis: cpuMeter(() => pidsMatching('redis-server')) } : {}),
    };
    // One autocannon instance per node, the connections shared out as round-robin would: every accepted
    // reply is counted by the node that took it and the pair it names.
    const acceptedBy = origins.map(() => new Map());
    const seen = new Set();
    const steady = [];
    const first = [];
    const runs = origins.map((origin, i) => {
      const run = autocannon({
        url: `${origin}/api/coin/trade`,
        connections: Math.floor(CONNECTIONS / origins.length) + (i < CONNECTIONS % origins.length ? 1 : 0),
        duration: DURATION,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const next = body(i);
              return { ...request, headers: { 'content-type': 'application/json', authorization: next.token }, body: next.json };
            },
            onResponse: (status, responseBody) => {
              if (status !== 200) {
                if (!refusedSample) refusedSample = `${status} ${responseBody}`;
                return;
              }
              const symbol = JSON.parse(responseBody).message?.symbol ?? '?';
              acceptedBy[i].set(symbol, (acceptedBy[i].get(symbol) ?? 0) + 1);
            },
          },
        ],
      });
      // autocannon opens every connection at once and times each one's first request from then; a busy
      // server accepts one new connection per turn of its event loop, so the last first requests include
      // seconds of waiting to be accepted. Latency is taken from the other requests (steady state); the
      // first requests are reported apart.
      run.on('response', (client, _status, _bytes, ms) => {
        if (seen.has(client)) steady.push(ms);
        else {
          seen.add(client);
          first.push(ms);
        }
      });
      return run;
    });
    const results = await Promise.all(runs);
    const cpu = Object.fromEntries(Object.entries(meters).map(([part, meter]) => [part, meter.stop()]));
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
    let forwarded = 0;
    if (origins.length > 1) {
      await cluster.logHealth();
      const owners = await engineOwners(cluster);
      if (JSON.stringify(owners) !== JSON.stringify(ownersBefore))
        log(`orders: the engines moved during the run: ${JSON.stringify(ownersBefore)} → ${JSON.stringify(owners)}`);
      origins.forEach((origin, i) => {
        for (const [symbol, count] of acceptedBy[i]) if (owners[symbol] !== origin) forwarded += count;
      });
      log(`orders: accepted by node and pair: ${JSON.stringify(acceptedBy.map((m) => Object.fromEntries(m)))}`);
    }
    const accepted = results.reduce((sum, r) => sum + r['2xx'], 0);
    const refused = results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
    if (refusedSample) log(`orders: a refused order: ${refusedSample.slice(0, 300)}`);
    const verify = await call('GET', 'admin/ledger/verify', undefined, admin);
    const waiting = await call('GET', 'coin/list?status=waiting&limit=1', undefined, buyer);
    log(`orders: ${accepted} accepted, ${refused} refused or failed; buyer has ${waiting.message?.total} orders waiting`);
    return {
      accepted,
      refused,
      forwarded,
      p50: pct(0.5),
      p99: pct(0.99),
      firstMax: Math.round(Math.max(0, ...first)),
      sound: verify.message?.sound === true,
      lookups: Math.round(lookups['2xx'] / Math.min(5, DURATION)),
      cpuPerOrder: Object.fromEntries(
        Object.entries(cpu).map(([part, ms]) => [part, ms === undefined || !accepted ? undefined : (ms / accepted).toFixed(3)]),
      ),
    };
  } finally {
    await cluster.stop({ keep: KEEP });
  }
}

let failed = false;
try {
  // Several nodes: first one node on the same kind of database with the same load, for comparison.
  const single = NODE_OPTIONS.nodes > 1 ? await measure({ ...NODE_OPTIONS, nodes: 1 }) : undefined;
  const figures = await measure(NODE_OPTIONS);
  const routed = single && ROUTE === 'owner' ? await measure(NODE_OPTIONS, 'owner') : undefined;
  console.log(`orders_per_s: ${Math.round(figures.accepted / DURATION)}`);
  console.log(`orders_p50_ms: ${figures.p50}`);
  console.log(`orders_p99_ms: ${figures.p99}`);
  console.log(`orders_first_request_max_ms: ${figures.firstMax}`);
  console.log(`orders_accepted: ${figures.accepted}`);
  console.log(`orders_refused: ${figures.refused}`);
  console.log(`orders_connections: ${CONNECTIONS}`);
  console.log(`orders_duration_s: ${DURATION}`);
  console.log(`ledger_sound: ${figures.sound}`);
  console.log(`session_lookup_per_s: ${figures.lookups}`);
  const printCpu = (figs, suffix = '') => {
    for (const [part, ms] of Object.entries(figs.cpuPerOrder))
      if (ms !== undefined) console.log(`cpu_ms_per_order_${part}${suffix}: ${ms}`);
  };
  printCpu(figures);
  // Only outside the default (embedded, one node, one pair), so the default output stays as it was.
  if (NODE_OPTIONS.db !== 'pglite' || NODE_OPTIONS.nodes !== 1 || PAIRS.length !== 1) {
    console.log(`orders_db: ${NODE_OPTIONS.db}`);
    console.log(`orders_nodes: ${NODE_OPTIONS.nodes}`);
    console.log(`orders_pairs: ${PAIRS.length}`);
  }
  if (single) {
    console.log(`orders_forwarded_share: ${(figures.accepted ? figures.forwarded / figures.accepted : 0).toFixed(3)}`);
    console.log(`orders_per_s_one_node: ${Math.round(single.accepted / DURATION)}`);
    console.log(`orders_p50_ms_one_node: ${single.p50}`);
    console.log(`ledger_sound_one_node: ${single.sound}`);
    printCpu(single, '_one_node');
  }
  if (routed) {
    console.log(`orders_per_s_routed: ${Math.round(routed.accepted / DURATION)}`);
    console.log(`orders_p50_ms_routed: ${routed.p50}`);
    console.log(`orders_p99_ms_routed: ${routed.p99}`);
    console.log(`orders_forwarded_share_routed: ${(routed.accepted ? routed.forwarded / routed.accepted : 0).toFixed(3)}`);
    console.log(`ledger_sound_routed: ${routed.sound}`);
    printCpu(routed, '_routed');
  }
  console.log(`loadavg_1m: ${loadavg()[0].toFixed(2)}`);
} catch (error) {
  failed = true;
  log(`orders: ${error instanceof Error ? error.message : error}`);
}
process.exit(failed ? 1 : 0);
