/**
 * What the HTTP and socket benches share: reading `--name value` options, and running the built server
 * (`apps/server/dist/server.js`) on 127.0.0.1 with a fresh DATA_DIR — the default embedded setup on one
 * node unless the bench passes a database it created itself (`databaseUrl`) and, for several nodes, a
 * Redis URL and node id (see bench-nodes.mjs); never a developer's database, Redis or exchange feed.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverJs = join(root, 'apps/server/dist/server.js');
/** The operator every bench server is seeded with. */
export const BENCH_ADMIN = { email: 'bench@example.test', password: 'bench-password-1' };

/** `option('duration', '10')` reads `--duration N`; `flag('keep')` is true when `--keep` is given. */
export function benchArgs(args = process.argv.slice(2)) {
  return {
    option: (name, fallback) => {
      const i = args.indexOf(`--${name}`);
      return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
    },
    flag: (name) => args.includes(`--${name}`),
  };
}

/** Asks the OS for a free port; the tiny race until the server binds it is acceptable for a bench. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** Exits the process with a message when the server is not built (before a bench creates anything). */
export function requireServerBuild(name) {
  if (!existsSync(serverJs)) {
    console.error(`${name}: ${serverJs} does not exist. Run \`npm run build\` first.`);
    process.exit(1);
  }
}

/**
 * Starts the built server for bench `name`; `env` adds to the bench defaults (operator, no rate limit
 * for the one address every request comes from, a short market history). `profile` names a directory
 * for a V8 CPU profile of the server; `port` fixes its port (default a free one). `databaseUrl`, `redisUrl` and `nodeId` are set only when given
 * (bench-nodes.mjs passes the database it created); DATABASE_URL, REDIS_URL and MARKET_FEED from the
 * bench's own environment are never passed on (a bench may set MARKET_FEED in `env`). Exits the process with a message when the build is missing.
 */
export async function startBenchServer({ name, env: extra = {}, profile, databaseUrl, redisUrl, nodeId, port: fixedPort }) {
  requireServerBuild(name);
  const dataDir = mkdtempSync(join(tmpdir(), `bench-${name}-`));
  const port = fixedPort ?? (await freePort());
  // DATABASE_URL, REDIS_URL, MARKET_FEED and NODE_ID of the bench's own environment are never passed on;
  // a bench that needs one sets it in `env` (bench/index-latency.mjs: MARKET_FEED=index at its stand-ins).
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'MARKET_FEED', 'NODE_ID']) delete inherited[key];
  const env = {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    // The per-IP limit (600 a minute) is for the public; every bench request comes from 127.0.0.1.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // A short history: the first start backfills it before the feed goes live.
    MARKET_HISTORY_DAYS: '2',
    MARKET_DAILY_HISTORY_DAYS: '30',
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (redisUrl) env.REDIS_URL = redisUrl;
  if (nodeId) env.NODE_ID = nodeId;

  let output = '';
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${resolve(profile)}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, serverJs], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // BENCH_SERVER_LOG_DIR: each server's whole output also goes to `<dir>/<name>-<port>.log` (to read
  // its warnings after a run); otherwise only its last lines are kept, to show when it fails.
  const logFile = process.env.BENCH_SERVER_LOG_DIR
    ? createWriteStream(join(process.env.BENCH_SERVER_LOG_DIR, `${name}-${port}.log`))
    : undefined;
  const keepOutput = (c) => {
    output = (output + c).slice(-20_000);
    logFile?.write(c);
  };
  child.stdout.on('data', keepOutput);
  child.stderr.on('data', keepOutput);
  const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));

  return {
    port,
    pid: child.pid,
    dataDir,
    nodeId,
    origin: `http://127.0.0.1:${port}`,
    /** Polls `check` until it returns something truthy; fails with the server's output if it dies or `ms` pass. */
    async until(check, ms, what) {
      const deadline = Date.now() + ms;
      for (;;) {
        try {
          const value = await check();
          if (value) return value;
        } catch {
          // not answering yet
        }
        if (child.exitCode !== null) throw new Error(`server exited before ${what}:\n${output}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output}`);
        await sleep(100);
      }
    },
    /** SIGTERM, then SIGKILL after 20 s; removes the data directory unless `keep`. */
    async stop({ keep = false } = {}) {
      child.kill('SIGTERM');
      const stopped = await Promise.race([exited, sleep(20_000).then(() => undefined)]);
      if (!stopped) child.kill('SIGKILL');
      if (keep) console.error(`${name}: kept ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
