#!/usr/bin/env node
/**
 * Index tick latency: a venue trade at a local stand-in → the multi-venue index → a socket.io client.
 * Runs the built server (`apps/server/dist/server.js`, fresh DATA_DIR) with MARKET_FEED=index against
 * local stand-ins of the five venues (`apps/server/test/venue-standins.mjs`, the venues' own message
 * formats) on 127.0.0.1, and one socket.io client (websocket transport) subscribed to the pair's room.
 *
 * Each round moves every venue to a new, higher price at once (one trade per venue, the same price, so
 * the median is that price whatever order they arrive in) and times from just before the first trade is
 * written until the client receives the first `daymarket` push at or above it (same process, same
 * clock). Rounds are spaced by a random 300–700 ms. `index_tick_to_client_p99_ms` is that figure.
 * A second phase (`…_under_flow_…`, half as many rounds) keeps every venue trading every 50 ms a few
 * cents above the level, so the index moves all the time as in a busy market: pushes that move the
 * price go out at most every 250 ms per pair, and a round's move waits for the next one.
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7); progress goes to stderr. Never asserts a time.
 *
 *   node bench/index-latency.mjs [--rounds 200] [--port 18100] [--symbol BTC/USDT]
 *   (build first: npx tsc -b, or npm run build)
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { STANDIN_VENUES, startVenueStandins } from '../apps/server/test/venue-standins.mjs';
import { benchArgs, requireServerBuild, startBenchServer } from './lib/bench-server.mjs';
import { socketClient } from './lib/socket-client.mjs';

const { option } = benchArgs();
const ROUNDS = Math.max(10, Number.parseInt(option('rounds', '200'), 10) || 200);
const PORT = Number.parseInt(option('port', '18100'), 10) || 18100;
const SYMBOL = option('symbol', 'BTC/USDT');
const log = (...parts) => console.error(...parts);

/** Each venue's symbol for the pair (the adapters' naming: Kraken's XBT, dashes on OKX and Coinbase). */
function venueMarket(venue, symbol) {
  const [base, quote] = symbol.split('/');
  if (venue === 'okx' || venue === 'coinbase') return `${base}-${quote}`;
  if (venue === 'kraken') return `${base === 'BTC' ? 'XBT' : base}/${quote}`;
  return `${base}${quote}`;
}

requireServerBuild('index-latency');
const standins = await startVenueStandins({ basePort: PORT + 1 });
let server;
let client;
const tradeAll = (price) => {
  for (const venue of STANDIN_VENUES) standins.trade(venue, venueMarket(venue, SYMBOL), price);
};
try {
  server = await startBenchServer({
    name: 'index-latency',
    port: PORT,
    env: { MARKET_FEED: 'index', ...standins.env(), MARKET_HISTORY_DAYS: '1', MARKET_DAILY_HISTORY_DAYS: '2' },
  });
  log(`index-latency: server on ${server.origin}, venues on ${PORT + 1}–${PORT + STANDIN_VENUES.length}`);

  /** The round's price level and who waits for a push at or above it. */
  let waiting;
  let pushes = 0;
  const onTick = (payload) => {
    if (payload?.symbol !== SYMBOL) return;
    pushes++;
    // Comparing the pushed price with the level (not money arithmetic): rounds only ever move up.
    if (waiting && Number(payload.now_price) >= waiting.level) {
      const { resolve } = waiting;
      waiting = undefined;
      resolve(performance.now());
    }
  };
  const waitFor = (level) =>
    new Promise((resolve) => {
      waiting = { level, resolve };
    });
  client = await server.until(
    async () => {
      const c = await socketClient(server.origin, SYMBOL, onTick);
      if (c.ok) return c;
      c.socket.disconnect();
      return undefined;
    },
    120_000,
    'the socket server',
  );
  // The feed backfills (nothing: the stand-in has no klines), connects to the venues and subscribes.
  await server.until(
    () => STANDIN_VENUES.every((v) => standins.subscribed(v).includes(venueMarket(v, SYMBOL))),
    120_000,
    'every venue subscribed',
  );
  let price = 50_000;
  const warm = `${price}.00`;
  const warmed = waitFor(price);
  const warming = setInterval(() => tradeAll(warm), 200);
  await Promise.race([warmed, sleep(60_000).then(() => Promise.reject(new Error('no index tick in 60 s')))]);
  clearInterval(warming);
  await sleep(1_000);

  /**
   * `rounds` price moves. With `flow`, every venue also trades every 50 ms up to 49 cents above the
   * current level (each its own price), so the index moves all the time, as in a busy market.
   */
  async function phase(rounds, flow) {
    const delays = [];
    let missed = 0;
    const jitter = () => `${price}.${String(Math.floor(Math.random() * 50)).padStart(2, '0')}`;
    const background = flow
      ? setInterval(() => {
          for (const venue of STANDIN_VENUES) standins.trade(venue, venueMarket(venue, SYMBOL), jitter());
        }, 50)
      : undefined;
    for (let i = 0; i < rounds; i++) {
      // At least 1 up: above anything the flow sent at the previous level (at most 0.49 above it).
      price += 1 + Math.floor(Math.random() * 5);
      const arrived = waitFor(price);
      const sent = performance.now();
      tradeAll(`${price}.00`);
      const at = await Promise.race([arrived, sleep(5_000).then(() => undefined)]);
      if (at === undefined) {
        missed++;
        waiting = undefined;
      } else delays.push(at - sent);
      await sleep(300 + Math.random() * 400);
    }
    clearInterval(background);
    delays.sort((a, b) => a - b);
    const pct = (p) => (delays.length ? delays[Math.min(delays.length - 1, Math.floor(delays.length * p))] : 0);
    const ms = (v) => Math.round(v * 10) / 10;
    return { p99: ms(pct(0.99)), p50: ms(pct(0.5)), max: ms(delays.at(-1) ?? 0), missed };
  }
  const quiet = await phase(ROUNDS, false);
  const flowing = await phase(Math.ceil(ROUNDS / 2), true);
  console.log(`index_tick_to_client_p99_ms: ${quiet.p99}`);
  console.log(`index_tick_to_client_p50_ms: ${quiet.p50}`);
  console.log(`index_tick_to_client_max_ms: ${quiet.max}`);
  console.log(`index_rounds: ${ROUNDS}`);
  console.log(`index_rounds_missed: ${quiet.missed}`);
  console.log(`index_tick_to_client_under_flow_p99_ms: ${flowing.p99}`);
  console.log(`index_tick_to_client_under_flow_p50_ms: ${flowing.p50}`);
  console.log(`index_rounds_under_flow: ${Math.ceil(ROUNDS / 2)}`);
  console.log(`index_rounds_under_flow_missed: ${flowing.missed}`);
  console.log(`index_pushes_received: ${pushes}`);
  console.log(`index_venues: ${STANDIN_VENUES.length}`);
} catch (error) {
  log(`index-latency: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  client?.socket.disconnect();
  await server?.stop();
  await standins.close();
}
