#!/usr/bin/env node
/**
 * Matching engine throughput and latency: @app/engine against the npm package nodejs-order-book on the
 * same deterministic workload, in the same process and the same run.
 *
 * Workload (seeded PRNG, identical for both books, generated before any timing):
 *   60 % limit orders around a slowly drifting mid price (about one in ten crosses and trades),
 *   30 % cancels of orders that are live at that moment,
 *   10 % market orders that trade.
 * Every order has its own user, so self-trade prevention never fires and both books do the same work;
 * after each run, each book's final depth is compared level by level with the reference run that
 * generated the workload, and the script exits non-zero if they differ (the comparison would be
 * meaningless).
 *
 * Method:
 * - throughput: one process.hrtime.bigint() before and after the whole N-operation run (no per-operation
 *   timer in the loop); ops/s = N / elapsed. Two warm-up runs per book, then --runs timed runs per book,
 *   alternating books; the figure is the median run. Every run starts from an empty book with freshly
 *   built order objects (the peer keeps and mutates the objects it is given). GC time is included.
 * - latency: one further run per book timing every operation on its own with process.hrtime.bigint()
 *   (so each sample includes one timer read, roughly 30–60 ns); percentiles over all N samples.
 *
 * Prints `name: value` lines on stdout; progress goes to stderr.
 *
 *   node bench/engine.mjs [--ops 1000000] [--runs 5] [--seed 42]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { prng } from '../e2e/src/prng.mjs';
import { countOption } from './lib/count-option.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const log = (...parts) => console.error(...parts);
const option = countOption('engine bench');
const OPS = option('ops', 1_000_000);
const RUNS = option('runs', 5);
const SEED = option('seed', 42);
const WARMUP = 2;

const engineDir = join(root, 'packages/engine');
const engineEntry = join(engineDir, 'dist/index.js');
if (!existsSync(engineEntry)) {
  log('engine bench: packages/engine/dist is missing; building it with `npx tsc -b packages/engine --force` …');
  // --force: a tsconfig.tsbuildinfo left behind by a deleted dist makes a plain `tsc -b` think it is up to date.
  // The compiler's output goes to our stderr so that stdout carries only `name: value` lines.
  const build = spawnSync('npx', ['tsc', '-b', 'packages/engine', '--force'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !existsSync(engineEntry)) {
    log('engine bench: building the engine failed; run `npx tsc -b packages/engine`, fix what it reports, and run again.');
    process.exit(1);
  }
} else {
  const built = statSync(engineEntry).mtimeMs;
  const sources = readdirSync(join(engineDir, 'src')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  if (sources.some((f) => statSync(join(engineDir, 'src', f)).mtimeMs > built)) {
    log(
      'engine bench: packages/engine/src is newer than its dist; run `npx tsc -b packages/engine` to measure the current source.',
    );
  }
}
const { Engine } = await import(pathToFileURL(engineEntry).href);
let OrderBook;
try {
  ({ OrderBook } = await import('nodejs-order-book'));
} catch {
  log('engine bench: the peer package nodejs-order-book is not installed; run `npm install` at the repository root.');
  process.exit(1);
}

const KIND_LIMIT = 0;
const KIND_CANCEL = 1;
const KIND_MARKET = 2;

/**
 * The operation list as plain columns. Cancels must hit live orders, which depends on what earlier
 * operations traded, so the list is generated while driving a scratch @app/engine (untimed).
 */
function generate(count, seed) {
  const random = prng(seed);
  const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const kind = new Uint8Array(count);
  const buy = new Uint8Array(count);
  const price = new Float64Array(count);
  const qty = new Float64Array(count);
  const id = new Array(count);
  const scratch = new Engine();
  const live = []; // live order ids, unordered
  const where = new Map(); // id → index in live
  const drop = (orderId) => {
    const index = where.get(orderId);
    if (index === undefined) return;
    const last = live.pop();
    if (last !== orderId) {
      live[index] = last;
      where.set(last, index);
    }
    where.delete(orderId);
  };
  let mid = 100_000;
  let next = 1;
  let trades = 0;
  for (let i = 0; i < count; i++) {
    if (i % 100 === 0) mid += int(-2, 2);
    const roll = random();
    const isBuy = random() < 0.5;
    buy[i] = isBuy ? 1 : 0;
    let events;
    if (roll < 0.3 && live.length > 0) {
      kind[i] = KIND_CANCEL;
      const target = live[Math.floor(random() * live.length)];
      id[i] = target;
      events = scratch.cancel(target);
      drop(target);
    } else if (roll >= 0.9) {
      kind[i] = KIND_MARKET;
      qty[i] = int(1, 200);
      id[i] = `m${next++}`;
      events = scratch.place({ id: id[i], userId: i, side: isBuy ? 'buy' : 'sell', type: 'market', quantity: qty[i] });
    } else {
      kind[i] = KIND_LIMIT;
      price[i] = isBuy ? mid + int(-50, 5) : mid + int(-5, 50);
      qty[i] = int(1, 100);
      id[i] = `o${next++}`;
      events = scratch.place({
        id: id[i],
        userId: i,
        side: isBuy ? 'buy' : 'sell',
        type: 'limit',
        price: price[i],
        quantity: qty[i],
      });
      if (scratch.getOrder(id[i]) !== undefined) {
        where.set(id[i], live.length);
        live.push(id[i]);
      }
    }
    for (const event of events) {
      if (event.type === 'trade') trades++;
      else if (event.type === 'done') drop(event.orderId);
    }
  }
  const counts = [0, 0, 0];
  for (let i = 0; i < count; i++) counts[kind[i]]++;
  return { count, kind, buy, price, qty, id, trades, counts, resting: scratch.size, levels: scratch.depth() };
}

/** Each operation's argument for one book: its limit or market order as `limit`/`market` build it, else the id to cancel. */
function operationArgs(w, limit, market) {
  const args = new Array(w.count);
  for (let i = 0; i < w.count; i++) {
    const side = w.buy[i] ? 'buy' : 'sell';
    if (w.kind[i] === KIND_LIMIT) args[i] = limit(i, side);
    else if (w.kind[i] === KIND_MARKET) args[i] = market(i, side);
    else args[i] = w.id[i];
  }
  return args;
}

/** Per-book adapters. prepare() builds this run's argument objects (untimed); op(i) performs operation i. */
const books = {
  engine: {
    prepare(w) {
      const engine = new Engine();
      const args = operationArgs(
        w,
        (i, side) => ({ id: w.id[i], userId: i, side, type: 'limit', price: w.price[i], quantity: w.qty[i] }),
        (i, side) => ({ id: w.id[i], userId: i, side, type: 'market', quantity: w.qty[i] }),
      );
      const kind = w.kind;
      return {
        op(i) {
          return kind[i] === KIND_CANCEL ? engine.cancel(args[i]).length : engine.place(args[i]).length;
        },
        depth() {
          const { bids, asks } = engine.depth();
          return { bids, asks };
        },
      };
    },
  },
  peer: {
    prepare(w) {
      const book = new OrderBook();
      const args = operationArgs(
        w,
        (i, side) => ({ side, id: w.id[i], size: w.qty[i], price: w.price[i] }),
        (i, side) => ({ side, size: w.qty[i] }),
      );
      const kind = w.kind;
      return {
        op(i) {
          const k = kind[i];
          if (k === KIND_LIMIT) return book.limit(args[i]).done.length;
          if (k === KIND_MARKET) return book.market(args[i]).done.length;
          return book.cancel(args[i]) === undefined ? 0 : 1;
        },
        depth() {
          const [asks, bids] = book.depth();
          return {
            bids: bids.map(([p, q]) => [p, q]).sort((a, b) => b[0] - a[0]),
            asks: asks.map(([p, q]) => [p, q]).sort((a, b) => a[0] - b[0]),
          };
        },
      };
    },
  },
};

let sink = 0;

function throughputRun(name, w) {
  const runner = books[name].prepare(w);
  const op = runner.op;
  const n = w.count;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) sink += op(i);
  const ns = Number(process.hrtime.bigint() - start);
  return { opsPerSecond: (n / ns) * 1e9, depth: runner.depth() };
}

function latencyRun(name, w) {
  const runner = books[name].prepare(w);
  const op = runner.op;
  const n = w.count;
  const samples = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t0 = process.hrtime.bigint();
    sink += op(i);
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  samples.sort();
  const pick = (q) => samples[Math.min(n - 1, Math.floor(q * n))] / 1000;
  return { p50: pick(0.5), p99: pick(0.99), p999: pick(0.999), max: samples[n - 1] / 1000 };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const sameDepth = (a, b) => JSON.stringify(a) === JSON.stringify(b);

log(`engine bench: generating ${OPS} operations (seed ${SEED}) …`);
const workload = generate(OPS, SEED);
log(
  `engine bench: ${workload.counts[KIND_LIMIT]} limit, ${workload.counts[KIND_CANCEL]} cancel, ` +
    `${workload.counts[KIND_MARKET]} market; ${workload.trades} trades; ${workload.resting} orders resting at the end ` +
    `on ${workload.levels.bids.length}+${workload.levels.asks.length} levels`,
);

const results = { engine: [], peer: [] };
for (let run = 0; run < WARMUP + RUNS; run++) {
  for (const name of run % 2 === 0 ? ['engine', 'peer'] : ['peer', 'engine']) {
    const { opsPerSecond, depth } = throughputRun(name, workload);
    if (!sameDepth(depth, workload.levels)) {
      log(`engine bench: ${name}'s final book differs from the reference run; the comparison is not valid.`);
      process.exit(1);
    }
    const label = run < WARMUP ? 'warm-up' : `run ${run - WARMUP + 1}/${RUNS}`;
    log(`engine bench: ${label} ${name}: ${Math.round(opsPerSecond)} ops/s`);
    if (run >= WARMUP) results[name].push(opsPerSecond);
  }
}
const engineLatency = latencyRun('engine', workload);
const peerLatency = latencyRun('peer', workload);
if (sink === -1) log(sink); // keeps the results observable

const engineOps = median(results.engine);
const peerOps = median(results.peer);
const us = (value) => value.toFixed(2);
console.log(`engine_ops: ${OPS}`);
console.log(`engine_ops_per_s: ${Math.round(engineOps)}`);
console.log(`engine_p50_us: ${us(engineLatency.p50)}`);
console.log(`engine_p99_us: ${us(engineLatency.p99)}`);
console.log(`engine_p999_us: ${us(engineLatency.p999)}`);
console.log(`peer_ops_per_s: ${Math.round(peerOps)}`);
console.log(`peer_p99_us: ${us(peerLatency.p99)}`);
console.log(`ratio_vs_peer: ${(engineOps / peerOps).toFixed(2)}`);
