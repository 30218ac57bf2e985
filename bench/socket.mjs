#!/usr/bin/env node
/**
 * Realtime fan-out: the built server (`apps/server/dist/server.js`) on 127.0.0.1 with a fresh DATA_DIR
 * (embedded database, simulated feed, market maker), then `--clients` socket.io clients (websocket
 * transport) connected from this process and subscribed to one pair's public room. For `--duration`
 * seconds every `daymarket` push of that pair (one a second per tick of the index) is timed on every
 * client: delay = arrival here − `sent_at`, the server's clock when it emitted the tick (same machine,
 * same clock). The delay therefore includes the server writing the frame to every client and this
 * process reading it — what the last phone in the room waits.
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7); progress goes to stderr. Never asserts a time.
 *
 *   node bench/socket.mjs [--clients 2000] [--duration 15] [--symbol BTC/USDT] [--keep] [--profile <dir>]
 *   node bench/socket.mjs --db pg                  # a fresh PostgreSQL database instead of the embedded one
 *   node bench/socket.mjs --clients 5000 --nodes 2 # two nodes (cluster mode: --db pg is implied, Redis);
 *                                                  # clients round-robin over the nodes, all timed
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { io as connect } from 'socket.io-client';
import { nodeOptions, startBenchNodes } from './lib/bench-nodes.mjs';
import { benchArgs } from './lib/bench-server.mjs';

const { option, flag } = benchArgs();
const CLIENTS = Math.max(1, Number.parseInt(option('clients', '2000'), 10) || 2000);
const DURATION = Math.min(300, Math.max(2, Number.parseInt(option('duration', '15'), 10) || 15));
const SYMBOL = option('symbol', 'BTC/USDT');
// Several nodes need one shared PostgreSQL database: `--nodes 2` alone implies `--db pg`.
const NODE_OPTIONS = nodeOptions((name, fallback) =>
  name === 'db' && Number.parseInt(option('nodes', '1'), 10) > 1 ? option('db', 'pg') : option(name, fallback),
);
const KEEP = flag('keep');
const PROFILE = option('profile', undefined);
/** Clients connect this many at a time (a burst of thousands of handshakes only measures the accept queue). */
const BATCH = 100;
const log = (...parts) => console.error(...parts);

if (NODE_OPTIONS.error) {
  log(`socket: ${NODE_OPTIONS.error}`);
  process.exit(1);
}
let cluster;
try {
  cluster = await startBenchNodes({ name: 'socket', options: NODE_OPTIONS, profile: PROFILE, log });
} catch (error) {
  log(`socket: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const { origins, servers } = cluster;

/** One client of node `origin`: websocket only, subscribes to the pair, resolves once the server acknowledged. */
function client(origin, onTick, onMessage = () => {}) {
  return new Promise((resolveClient) => {
    const socket = connect(origin, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      resolveClient({ socket, ok });
    };
    socket.on('connect', () => {
      socket.emit('subscribe', { symbol: SYMBOL }, (ack) => done(Boolean(ack?.ok)));
    });
    socket.on('connect_error', () => done(false));
    socket.on('daymarket', (payload) => onTick(payload));
    socket.onAny(() => onMessage());
    setTimeout(() => done(false), 30_000).unref();
  });
}

const sockets = [];
let failed = false;
try {
  log(`socket: ${cluster.describe()}`);
  // The feed backfills its history, then goes live: wait for a live tick of the pair on every node.
  // socket.io attaches once the server has answered its first request: retry until it takes clients.
  for (const [i, { origin, until }] of servers.entries()) {
    const probe = await until(
      async () => {
        const c = await client(origin, () => {});
        if (c.ok) return c;
        c.socket.disconnect();
        return undefined;
      },
      60_000,
      `the socket server of node ${i + 1}`,
    );
    sockets.push(probe.socket);
    await until(
      () =>
        new Promise((r) => {
          probe.socket.once('daymarket', (p) => r(p?.symbol === SYMBOL && typeof p.sent_at === 'number'));
          setTimeout(() => r(false), 2_000).unref();
        }),
      180_000,
      `live ticks on node ${i + 1}`,
    );
  }
  // Let the market maker's first quotes and the feed's first minute settle.
  await sleep(3_000);

  let measuring = false;
  const delays = [];
  // Every node stamps the ticks it emits itself (in a cluster each node derives them from the leader's
  // relayed feed), so ticks are told apart per node, and so is who was connected to which.
  const ticks = origins.map(() => new Set());
  const connected = origins.map(() => 0);
  let received = 0;
  const onMessage = () => {
    if (measuring) received++;
  };
  const onTick = (node, payload) => {
    if (!measuring || payload?.symbol !== SYMBOL || typeof payload.sent_at !== 'number') return;
    delays.push(Date.now() - payload.sent_at);
    ticks[node].add(payload.sent_at);
  };

  const connectStarted = Date.now();
  // Client k connects to node k mod N (round-robin), so every node carries its share of the room.
  for (let i = 0; i < CLIENTS; i += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, CLIENTS - i) }, async (_, j) => {
        const node = (i + j) % origins.length;
        return { node, ...(await client(origins[node], (payload) => onTick(node, payload), onMessage)) };
      }),
    );
    for (const c of batch) {
      sockets.push(c.socket);
      if (c.ok) connected[c.node]++;
    }
  }
  const connectedAll = connected.reduce((a, b) => a + b, 0);
  const connectMs = Date.now() - connectStarted;
  log(
    `socket: ${connectedAll}/${CLIENTS} clients (${connected.join(' + ')}) subscribed to ${SYMBOL} in ${connectMs} ms; measuring ${DURATION} s …`,
  );
  await sleep(1_000);
  measuring = true;
  await sleep(DURATION * 1000);
  measuring = false;
  // Pushes already on their way are counted, none are timed after the window.
  await sleep(500);

  if (origins.length > 1) await cluster.logHealth();
  delays.sort((a, b) => a - b);
  const pct = (p) => (delays.length ? delays[Math.min(delays.length - 1, Math.floor(delays.length * p))] : 0);
  const expected = ticks.reduce((sum, seen, node) => sum + seen.size * connected[node], 0);
  const tickCount = ticks.reduce((sum, seen) => sum + seen.size, 0);
  console.log(`socket_p99_ms: ${pct(0.99)}`);
  console.log(`socket_p50_ms: ${pct(0.5)}`);
  console.log(`socket_max_ms: ${delays.length ? delays.at(-1) : 0}`);
  console.log(`socket_clients_requested: ${CLIENTS}`);
  console.log(`socket_clients_connected: ${connectedAll}`);
  console.log(`socket_connect_ms: ${connectMs}`);
  console.log(`socket_ticks: ${tickCount}`);
  console.log(`socket_tick_deliveries: ${delays.length}`);
  console.log(`socket_delivery_ratio: ${expected ? (delays.length / expected).toFixed(4) : 0}`);
  console.log(`socket_messages_received: ${received}`);
  console.log(`socket_duration_s: ${DURATION}`);
  // Only outside the default (embedded, one node), so the default output stays as it was.
  if (NODE_OPTIONS.db !== 'pglite' || NODE_OPTIONS.nodes !== 1) {
    console.log(`socket_db: ${NODE_OPTIONS.db}`);
    console.log(`socket_nodes: ${NODE_OPTIONS.nodes}`);
  }
} catch (error) {
  failed = true;
  log(`socket: ${error instanceof Error ? error.message : error}`);
} finally {
  for (const s of sockets) s.disconnect();
  await cluster.stop({ keep: KEEP });
}
process.exit(failed ? 1 : 0);
