#!/usr/bin/env node
/**
 * Realtime fan-out: the built server (`apps/server/dist/server.js`) on 127.0.0.1 with a fresh DATA_DIR
 * (embedded database, simulated feed, market maker), then `--clients` socket.io clients (websocket
 * transport) subscribed to one pair's public room, run by `--client-procs` client processes (default one
 * per 1,250 clients, at most 4; `bench/lib/socket-clients-worker.mjs`, each with its share). For `--duration`
 * seconds every `daymarket` push of that pair (one a second per tick of the index) is timed on every
 * client: delay = arrival here − `sent_at`, the server's clock when it emitted the tick (same machine,
 * same clock). The delay therefore includes the server writing the frame to every client and a client
 * process reading it — what the last phone in the room waits. One client process reads every push of
 * a tick one after another; more of them read in parallel, as separate phones do (on the same cores).
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7); progress goes to stderr. Never asserts a time.
 *
 *   node bench/socket.mjs [--clients 2000] [--duration 15] [--symbol BTC/USDT] [--keep] [--profile <dir>]
 *   node bench/socket.mjs --db pg                  # a fresh PostgreSQL database instead of the embedded one
 *   node bench/socket.mjs --clients 5000 --nodes 2 # two nodes (cluster mode: --db pg is implied, Redis);
 *                                                  # clients round-robin over the nodes, all timed
 *   node bench/socket.mjs --client-procs 1          # every client in one process (the first way of measuring)
 */

import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { nodeOptions, startBenchNodes } from './lib/bench-nodes.mjs';
import { benchArgs } from './lib/bench-server.mjs';
import { socketClient } from './lib/socket-client.mjs';

const { option, flag } = benchArgs();
const CLIENTS = Math.max(1, Number.parseInt(option('clients', '2000'), 10) || 2000);
const DURATION = Math.min(300, Math.max(2, Number.parseInt(option('duration', '15'), 10) || 15));
const SYMBOL = option('symbol', 'BTC/USDT');
/**
 * Client processes: by default one per 1,250 clients, at most 4 — one process reading every push of a
 * tick in turn adds its own queue to the delay it measures (5,000 clients on 2 nodes: p99 313 ms with one
 * process, 143 ms with four; docs/performance.md). `--client-procs 1` measures the old way.
 */
const CLIENT_PROCS = Math.min(
  16,
  Math.max(1, Number.parseInt(option('client-procs', String(Math.min(4, Math.ceil(CLIENTS / 1250)))), 10) || 1),
);
// Several nodes need one shared PostgreSQL database: `--nodes 2` alone implies `--db pg`.
const NODE_OPTIONS = nodeOptions((name, fallback) =>
  name === 'db' && Number.parseInt(option('nodes', '1'), 10) > 1 ? option('db', 'pg') : option(name, fallback),
);
const KEEP = flag('keep');
const PROFILE = option('profile', undefined);
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

const client = (origin, onTick) => socketClient(origin, SYMBOL, onTick);

/** A client process: its messages, as promises of the next message of a kind. */
function clientProcess() {
  const child = fork(new URL('./lib/socket-clients-worker.mjs', import.meta.url), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (kind) =>
    new Promise((resolve, reject) => {
      const onMessage = (m) => {
        if (m.kind !== kind) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(m);
      };
      const onExit = (code) => reject(new Error(`a client process exited (${code}) before '${kind}'`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  return { child, next };
}

const sockets = [];
let procs = [];
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

  const connectStarted = Date.now();
  // Client k connects to node k mod N (round-robin), so every node carries its share of the room; the
  // clients are dealt to the client processes the same way.
  procs = Array.from({ length: Math.min(CLIENT_PROCS, CLIENTS) }, clientProcess);
  const connectedReplies = procs.map((p) => p.next('connected'));
  procs.forEach((p, w) => {
    const indices = [];
    for (let k = w; k < CLIENTS; k += procs.length) indices.push(k);
    p.child.send({ kind: 'start', origins, symbol: SYMBOL, indices });
  });
  const connected = origins.map(() => 0);
  for (const reply of await Promise.all(connectedReplies)) {
    reply.connected.forEach((n, node) => {
      connected[node] += n;
    });
  }
  const connectedAll = connected.reduce((a, b) => a + b, 0);
  const connectMs = Date.now() - connectStarted;
  log(
    `socket: ${connectedAll}/${CLIENTS} clients (${connected.join(' + ')}) in ${procs.length} client process(es) subscribed to ${SYMBOL} in ${connectMs} ms; measuring ${DURATION} s …`,
  );
  await sleep(1_000);
  for (const p of procs) p.child.send({ kind: 'measure' });
  await sleep(DURATION * 1000);
  const results = procs.map((p) => p.next('result'));
  for (const p of procs) p.child.send({ kind: 'stop' });
  // Every node stamps the ticks it emits itself (in a cluster each node derives them from the leader's
  // relayed feed), so ticks are told apart per node, and so is who was connected to which.
  const delays = [];
  const ticks = origins.map(() => new Set());
  let received = 0;
  for (const result of await Promise.all(results)) {
    for (const d of result.delays) delays.push(d);
    result.ticks.forEach((seen, node) => {
      for (const t of seen) ticks[node].add(t);
    });
    received += result.received;
  }

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
  console.log(`socket_client_procs: ${procs.length}`);
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
  for (const p of procs) if (p.child.exitCode === null) p.child.kill();
  await cluster.stop({ keep: KEEP });
}
process.exit(failed ? 1 : 0);
