#!/usr/bin/env node
/**
 * Depth of the spot books as a user sees them: the built server (`apps/server/dist/server.js`) on
 * 127.0.0.1 with a fresh DATA_DIR (embedded database, simulated feed, market maker with its default
 * per-pair ladders), then, once the market maker quotes, BTC/USDT's book read through the public depth
 * API (`GET market/depth?symbol=BTC/USDT&limit=100`): levels and notional (Σ price × quantity, in USDT)
 * per side, the spread, and how many of the pairs have a two-sided book of at least 20 levels.
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7); progress goes to stderr. Never asserts a figure.
 *
 *   node bench/book-depth.mjs [--keep]
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { api } from './lib/bench-api.mjs';
import { benchArgs, startBenchServer } from './lib/bench-server.mjs';

const { flag } = benchArgs();
const KEEP = flag('keep');
const log = (...parts) => console.error(...parts);

/** Σ price × quantity of a side, exact in integer units of 10^-18 (no float sums of money). */
function notional(levels) {
  const SCALE = 18;
  const units = (text) => {
    const [whole, fraction = ''] = text.split('.');
    return BigInt(whole + fraction.padEnd(SCALE, '0').slice(0, SCALE));
  };
  let sum = 0n;
  for (const [price, quantity] of levels) sum += (units(price) * units(quantity)) / 10n ** BigInt(SCALE);
  const text = sum.toString().padStart(SCALE + 1, '0');
  return `${text.slice(0, -SCALE)}.${text.slice(-SCALE, -SCALE + 2)}`;
}

const server = await startBenchServer({ name: 'book-depth' });
const { call } = api(server.origin);
let failed = false;
try {
  log(`book-depth: server on ${server.origin}; waiting for the market maker's quotes …`);
  const depth = (symbol) => call('GET', `market/depth?symbol=${encodeURIComponent(symbol)}&limit=100`);
  // The feed backfills its history, goes live, and the market maker quotes every pair.
  await server.until(
    async () => {
      const d = await depth('BTC/USDT');
      return d.message?.bids?.length >= 20 && d.message?.asks?.length >= 20;
    },
    240_000,
    'the market maker quoting BTC/USDT',
  );
  // Let the other pairs' first ladders land.
  await sleep(5_000);
  const book = (await depth('BTC/USDT')).message;
  const bid = notional(book.bids);
  const ask = notional(book.asks);
  const best = [book.bids[0][0], book.asks[0][0]];
  const spreadBps = ((Number(best[1]) - Number(best[0])) / ((Number(best[1]) + Number(best[0])) / 2)) * 10_000;
  console.log(`book_depth_usdt: ${bid} / ${ask} (levels ${book.bids.length}/${book.asks.length})`);
  console.log(`book_depth_bid_usdt: ${bid}`);
  console.log(`book_depth_ask_usdt: ${ask}`);
  console.log(`book_depth_levels: ${book.bids.length}/${book.asks.length}`);
  console.log(`book_spread_bps: ${spreadBps.toFixed(2)}`);
  const pairs = (await call('GET', 'currency/quotation_new')).message?.flatMap((g) => g.quotation) ?? [];
  let deep = 0;
  for (const pair of pairs) {
    const d = (await depth(pair.symbol)).message;
    if (d.bids.length >= 20 && d.asks.length >= 20) deep++;
  }
  console.log(`book_pairs_20_levels: ${deep}/${pairs.length}`);
} catch (error) {
  failed = true;
  log(`book-depth: ${error instanceof Error ? error.message : error}`);
} finally {
  await server.stop({ keep: KEEP });
}
process.exit(failed ? 1 : 0);
