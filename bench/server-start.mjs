#!/usr/bin/env node
/**
 * Server restart time: from spawning `node apps/server/dist/server.js` on an existing, already migrated
 * and seeded data directory to the first successful API reply. This is what an operator waits for after
 * a deploy or a crash; the first start of a fresh directory (initdb, migrations, seed, history backfill)
 * is reported separately as `server_first_start_ms`.
 *
 * Prints `name: value` lines on stdout; progress and diagnostics go to stderr. Never asserts a time.
 *
 *   node bench/server-start.mjs [--runs N] [--keep]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from './lib/bench-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverJs = join(root, 'apps/server/dist/server.js');
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Math.max(1, Number.parseInt(args[runsArg + 1] ?? '', 10) || 5) : 5;
const KEEP = args.includes('--keep');
const POLL_MS = 20;
/** A fresh directory runs initdb, migrations, seeding and the candle backfill: allow it time. */
const FIRST_START_TIMEOUT_MS = 180_000;
const RESTART_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

const log = (...parts) => console.error(...parts);

if (!existsSync(serverJs)) {
  log(`server-start: ${serverJs} does not exist. Run \`npm run build\` first.`);
  process.exit(1);
}

/** Keeps the last bytes of the child's output, shown only when a start fails. */
function tail(limit = 16_000) {
  let text = '';
  return {
    push(chunk) {
      text = (text + chunk.toString()).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

function startServer(dataDir, port) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: 'bench@example.test',
    ADMIN_PASSWORD: 'bench-password-1',
  };
  // The figure is for the embedded database and the built-in feed; a developer's shell may point these
  // at a real PostgreSQL, Redis or exchange, which the bench must neither measure nor write to.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.MARKET_FEED;
  const output = tail();
  const started = performance.now();
  const child = spawn(process.execPath, [serverJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (c) => output.push(c));
  child.stderr.on('data', (c) => output.push(c));
  const exited = new Promise((resolveExit) => child.once('exit', (code, signal) => resolveExit({ code, signal })));
  return { child, started, exited, output };
}

/** True when the API answers `POST /api/get/lang` with HTTP 200 and `{type: 'ok'}`. */
async function apiReady(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/get/lang`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en' },
      body: '{}',
      signal: AbortSignal.timeout(5_000),
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return false;
    }
    const body = await response.json();
    return body?.type === 'ok';
  } catch {
    return false; // not listening yet, or not answering yet
  }
}

/** Polls every POLL_MS until the API is ready; returns the ms since spawn, or throws with the child's output. */
async function waitReady(server, port, timeoutMs) {
  let exit;
  server.exited.then((e) => {
    exit = e;
  });
  for (;;) {
    const tick = performance.now();
    if (await apiReady(port)) return performance.now() - server.started;
    if (exit) {
      throw new Error(`server exited (code ${exit.code}, signal ${exit.signal}) before answering:\n${server.output.text}`);
    }
    if (tick - server.started > timeoutMs) {
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${server.output.text}`);
    }
    const wait = POLL_MS - (performance.now() - tick);
    if (wait > 0) await sleep(wait);
  }
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return server.exited;
  server.child.kill('SIGTERM');
  const result = await Promise.race([server.exited, sleep(STOP_TIMEOUT_MS).then(() => undefined)]);
  if (result) return result;
  log(`server-start: warning: server did not exit within ${STOP_TIMEOUT_MS} ms of SIGTERM; killing it`);
  server.child.kill('SIGKILL');
  return server.exited;
}

async function measure(dataDir, timeoutMs) {
  const port = await freePort();
  const server = startServer(dataDir, port);
  try {
    return await waitReady(server, port, timeoutMs);
  } finally {
    const exit = await stopServer(server);
    if (exit.code !== 0 && exit.signal !== 'SIGTERM' && exit.code !== null) {
      log(`server-start: warning: server exited with code ${exit.code} after SIGTERM`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'bench-server-start-'));
let failed = false;
try {
  log(`server-start: first start on a fresh DATA_DIR ${dataDir} (creates and seeds the database) …`);
  const first = await measure(dataDir, FIRST_START_TIMEOUT_MS);
  log(`server-start: first start ${Math.round(first)} ms; measuring ${RUNS} restarts …`);
  const times = [];
  for (let run = 1; run <= RUNS; run++) {
    const ms = await measure(dataDir, RESTART_TIMEOUT_MS);
    times.push(ms);
    log(`server-start: restart ${run}/${RUNS}: ${Math.round(ms)} ms`);
  }
  console.log(`server_start_ms: ${Math.round(median(times))}`);
  console.log(`server_start_max_ms: ${Math.round(Math.max(...times))}`);
  console.log(`server_start_min_ms: ${Math.round(Math.min(...times))}`);
  console.log(`server_start_runs: ${times.length}`);
  console.log(`server_first_start_ms: ${Math.round(first)}`);
} catch (error) {
  failed = true;
  log(`server-start: ${error instanceof Error ? error.message : error}`);
} finally {
  if (KEEP) log(`server-start: kept ${dataDir}`);
  else rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
