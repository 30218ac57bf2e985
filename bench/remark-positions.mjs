#!/usr/bin/env node
/**
 * positions_remark_ms: how long one index tick takes to re-mark 10,000 open contract positions — the
 * server's own tick handler (`ContractsService.onTick`): each position's PnL and risk rate at the new
 * mark, its stop-profit, stop-loss and liquidation checks, and the mark pushes to the 1,000 owners'
 * socket rooms (collected by a counting stub instead of socket.io).
 *
 * Method: 10,000 holding positions on BTC/USDT (random side, lots 1..50, multiple 5..100, half with
 * stops), built from stored-row shapes the way a restart loads them. Prices walk within ±0.4 % of the
 * entry so nothing triggers (a triggered settlement is database work, queued after the tick and not
 * part of re-marking). Each tick is a new price one second after the last, so every owner is pushed to
 * on every tick (the worst case of the per-user push interval). Five warm-up ticks, then --ticks timed
 * ticks, each timed alone with process.hrtime.bigint(); the figure is the median. Measured, never asserted.
 *
 *   node bench/remark-positions.mjs [--positions 10000] [--ticks 21]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { prng } from '../e2e/src/prng.mjs';
import { countOption } from './lib/count-option.mjs';

const root = resolve(import.meta.dirname, '..');
const log = (...parts) => console.error(...parts);
const option = countOption('remark bench');
const POSITIONS = option('positions', 10_000);
const TICKS = option('ticks', 21);

const dist = join(root, 'apps/server/dist/modules/contracts');
if (!existsSync(join(dist, 'service.js'))) {
  log('remark bench: apps/server/dist is missing the contracts module; building the server with `npx tsc -b apps/server` …');
  spawnSync('npx', ['tsc', '-b', 'apps/server'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (!existsSync(join(dist, 'service.js'))) {
    log(
      'remark bench: the build did not produce apps/server/dist/modules/contracts; run `npm run build` and fix what it reports.',
    );
    process.exit(1);
  }
}
for (const file of ['book', 'math', 'service']) {
  const source = join(root, 'apps/server/src/modules/contracts', `${file}.ts`);
  if (statSync(source).mtimeMs > statSync(join(dist, `${file}.js`)).mtimeMs) {
    log(`remark bench: ${file}.ts is newer than its build; run \`npx tsc -b apps/server\` to measure the current source.`);
  }
}
const { ContractsService } = await import(pathToFileURL(join(dist, 'service.js')).href);
const { livePosition } = await import(pathToFileURL(join(dist, 'book.js')).href);
const { marginOf } = await import(pathToFileURL(join(dist, 'math.js')).href);

// Seeded, so every run measures the same book.
const random = prng(42);
const pick = (list) => list[Math.floor(random() * list.length)];

let pushes = 0;
const pair = { id: 1, symbol: 'BTC/USDT', legalId: 3, priceDecimals: 2 };
const service = new ContractsService({
  database: { db: undefined },
  market: { getPair: () => pair, indexPrice: () => undefined },
  toUser: () => {
    pushes++;
  },
  log: { error: log, warn: log, info: () => {} },
});

const ENTRY = 60_000;
for (let i = 1; i <= POSITIONS; i++) {
  const side = random() < 0.5 ? 'long' : 'short';
  const lots = 1 + Math.floor(random() * 50);
  const multiple = pick([5, 10, 20, 50, 100]);
  const entry = (ENTRY + Math.floor(random() * 2000 - 1000) / 100).toFixed(2);
  const stops = random() < 0.5;
  const up = (pct) => (Number(entry) * (1 + pct)).toFixed(2);
  service.book.put(
    livePosition(
      {
        id: i,
        userId: 1 + (i % 1000),
        pairId: 1,
        side,
        entry: 'market',
        status: 'holding',
        lots,
        multiple,
        contractSize: '0.01',
        openFeeRate: '0.0005',
        closeFeeRate: '0.0005',
        maintenanceMarginRate: '0.005',
        targetPrice: null,
        openPrice: entry,
        openPriceTime: 0,
        margin: marginOf(entry, { contractSize: '0.01', lots, multiple }, 6).toFixed(),
        openFee: '0',
        stopProfitPrice: stops ? up(side === 'long' ? 0.05 : -0.05) : null,
        stopLossPrice: stops ? up(side === 'long' ? -0.05 : 0.05) : null,
      },
      6,
      2,
    ),
  );
}

let time = Date.now();
const tick = () => {
  const price = (ENTRY * (1 + (random() - 0.5) * 0.008)).toFixed(2);
  time += 1000;
  const start = process.hrtime.bigint();
  service.onTick(1, price, time);
  return Number(process.hrtime.bigint() - start) / 1e6;
};

for (let i = 0; i < 5; i++) tick();
const samples = [];
pushes = 0;
for (let i = 0; i < TICKS; i++) samples.push(tick());
samples.sort((a, b) => a - b);
const triggered = [...service.book.pair(1)].filter((p) => p.pending).length;
if (triggered) log(`remark bench: ${triggered} positions triggered (the walk should stay clear of every stop)`);
log(
  `remark bench: ${POSITIONS} positions, ${TICKS} ticks, ${pushes / TICKS} mark pushes per tick; min ${samples[0].toFixed(2)} ms, max ${samples.at(-1).toFixed(2)} ms`,
);
console.log(`positions_remark_ms: ${samples[Math.floor(samples.length / 2)].toFixed(2)}`);
