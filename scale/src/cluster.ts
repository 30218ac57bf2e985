import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthReply } from '@app/shared';
import { Redis } from 'ioredis';
import { ledgerVerify, type ServerProcess, startServer, stopServer } from '../../e2e/src/server-process.js';
import { createDatabase, type ScaleDatabase } from './database.js';
import { TcpProxy } from './tcp-proxy.js';

/**
 * Several built servers (`apps/server/dist/server.js`) in cluster mode — one fresh PostgreSQL database,
 * the local Redis under a key prefix of this run's own — each on its own port and data directory, and
 * optionally a TCP proxy in front of PostgreSQL or Redis for the fault tests. `stop()` kills every node,
 * closes the proxies, drops the database and the run's Redis keys and removes the directories; a node
 * left over by a crashed test runner is killed when the runner exits.
 */

const REDIS = { host: '127.0.0.1', port: Number(process.env.TEST_REDIS_PORT ?? 6379) };

export type ScaleNode = ServerProcess & { name: string; dataDir: string };

export type ClusterOptions = {
  nodes: number;
  /** Put a TCP proxy between the nodes and PostgreSQL (the PostgreSQL fault test). */
  proxyPostgres?: boolean;
  /** Put a TCP proxy between the nodes and Redis (the Redis fault test). */
  proxyRedis?: boolean;
  env?: Record<string, string>;
};

export type Cluster = {
  db: ScaleDatabase;
  pgProxy: TcpProxy | undefined;
  redisProxy: TcpProxy | undefined;
  /** Every node started, in order (killed ones too: check `alive`). */
  nodes: ScaleNode[];
  alive: (node: ScaleNode) => boolean;
  live: () => ScaleNode[];
  /** Starts one more node on the cluster. */
  startNode: () => Promise<ScaleNode>;
  kill: (node: ScaleNode, signal?: 'SIGKILL' | 'SIGTERM') => Promise<void>;
  /** The node's `GET /api/health`, or undefined when it does not answer (within `timeoutMs`). */
  health: (node: ScaleNode, timeoutMs?: number) => Promise<HealthReply | undefined>;
  /** How each node that is no longer running ended, with the end of its log (empty when all run). */
  deaths: () => string[];
  /** Throws with the dead nodes' logs if any node died on its own (for polling loops: fail fast). */
  assertAlive: () => void;
  /** `npm run ledger:verify` on the cluster's database. */
  ledgerVerify: () => Promise<Awaited<ReturnType<typeof ledgerVerify>>>;
  stop: () => Promise<void>;
};

const running = new Set<ServerProcess>();
let exitHookSet = false;
function killOnExit(): void {
  if (exitHookSet) return;
  exitHookSet = true;
  // Synchronous: the last chance when the runner dies without running afterAll.
  process.once('exit', () => {
    for (const node of running) if (node.child.exitCode === null) node.child.kill('SIGKILL');
  });
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  killOnExit();
  const db = await createDatabase();
  // The database's unique name is the run's Redis prefix too (keys and channels `<prefix>:…`).
  const prefix = db.name;
  const dirs: string[] = [];
  const nodes: ScaleNode[] = [];
  let pgProxy: TcpProxy | undefined;
  let redisProxy: TcpProxy | undefined;
  let env: Record<string, string> = {};
  let started = 0;
  const killed = new Set<ScaleNode>();
  const cluster: Cluster = {
    db,
    get pgProxy() {
      return pgProxy;
    },
    get redisProxy() {
      return redisProxy;
    },
    nodes,
    alive: (node) => node.child.exitCode === null && node.child.signalCode === null,
    live: () => nodes.filter((n) => cluster.alive(n)),
    startNode,
    kill: async (node, signal = 'SIGKILL') => {
      killed.add(node);
      await stopServer(node, signal);
      running.delete(node);
    },
    health,
    deaths: () =>
      nodes
        .filter((n) => !cluster.alive(n) && !killed.has(n))
        .map((n) => `${n.name} exited (${n.child.exitCode ?? n.child.signalCode}):\n${n.output().slice(-3_000)}`),
    assertAlive: () => {
      const deaths = cluster.deaths();
      if (deaths.length) throw new Error(`node died unexpectedly:\n${deaths.join('\n')}`);
    },
    ledgerVerify: async () => ledgerVerify(dirs[0] ?? tmpdir(), { DATABASE_URL: db.url }),
    stop,
  };
  try {
    if (options.proxyPostgres) pgProxy = await TcpProxy.start({ host: db.host, port: db.port });
    if (options.proxyRedis) redisProxy = await TcpProxy.start(REDIS);
    const pgUrl = new URL(db.url);
    if (pgProxy) pgUrl.port = String(pgProxy.port);
    env = {
      DATABASE_URL: pgUrl.toString(),
      REDIS_URL: `redis://${REDIS.host}:${redisProxy?.port ?? REDIS.port}`,
      REDIS_PREFIX: prefix,
      // Every node must seal and open the operators' TOTP secrets with the same key.
      CONSOLE_SECRET_KEY: randomBytes(24).toString('hex'),
      // The tests' users all come from 127.0.0.1; only these users change the books.
      RATE_LIMIT_PER_MINUTE: '100000',
      CODES_PER_IP_HOUR: '1000',
      MARKET_MAKER: '0',
      PROOF_JOB: '0',
      // SCALE_LOG_LEVEL=info shows the nodes' lock rounds and engine moves (with SCALE_LOGS, after a run).
      ...(process.env.SCALE_LOG_LEVEL ? { LOG_LEVEL: process.env.SCALE_LOG_LEVEL } : {}),
      ...options.env,
    };

    // The first node migrates and seeds the fresh database alone; the others find it ready.
    await startNode();
    await Promise.all(Array.from({ length: options.nodes - 1 }, () => startNode()));
  } catch (error) {
    await stop();
    throw error;
  }

  async function startNode(): Promise<ScaleNode> {
    const name = `n${++started}`;
    const dataDir = mkdtempSync(join(tmpdir(), `h5-scale-${name}-`));
    dirs.push(dataDir);
    const server = await startServer(dataDir, { ...env, NODE_ID: name });
    running.add(server);
    const node: ScaleNode = { ...server, name, dataDir };
    nodes.push(node);
    return node;
  }

  async function health(node: ScaleNode, timeoutMs = 3_000): Promise<HealthReply | undefined> {
    if (!cluster.alive(node)) return undefined;
    try {
      const res = await fetch(`${node.baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
      const reply = (await res.json()) as { type: string; message: HealthReply };
      return reply.type === 'ok' ? reply.message : undefined;
    } catch {
      return undefined;
    }
  }

  async function stop(): Promise<void> {
    // A node that died on its own is a finding: its last words go to the test's output.
    for (const death of cluster.deaths()) console.error(`node died unexpectedly: ${death}`);
    // SCALE_LOGS=<dir> keeps every node's whole log (`<database>-<node>.log`), to read a failed run.
    const logDir = process.env.SCALE_LOGS;
    if (logDir) {
      mkdirSync(logDir, { recursive: true });
      for (const node of nodes) writeFileSync(join(logDir, `${prefix}-${node.name}.log`), node.output());
    }
    await Promise.allSettled(
      nodes.map(async (node) => {
        await stopServer(node, 'SIGKILL');
        running.delete(node);
      }),
    );
    await Promise.allSettled([pgProxy?.close(), redisProxy?.close()]);
    await db.drop().catch((error) => console.error(`could not drop ${db.name}: ${error}`));
    await dropRedisKeys(prefix).catch((error) => console.error(`could not remove Redis keys ${prefix}:*: ${error}`));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }

  return cluster;
}

/** Removes this run's keys (and only those) from the local Redis. */
async function dropRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis({ ...REDIS, lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Polls `check` every 100 ms until it returns something other than undefined, or fails after `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The live nodes that say they run `symbol`'s engine. More than one would be a split brain; the
 * caller decides (the fail-over test asserts it never happens).
 */
export async function engineOwners(cluster: Cluster, symbol: string): Promise<ScaleNode[]> {
  const replies = await Promise.all(cluster.live().map(async (node) => ({ node, health: await cluster.health(node) })));
  return replies.filter((r) => r.health?.engines.includes(symbol)).map((r) => r.node);
}

/**
 * The node running `symbol`'s engine once placement has settled: the one rendezvous hashing over the
 * live nodes names, and no other. The first node to start runs every pair until the others beat and take
 * theirs, so "whoever runs it now" may be about to hand it over.
 */
export async function settledOwner(cluster: Cluster, pairId: number, symbol: string, timeoutMs = 30_000): Promise<ScaleNode> {
  const desired = desiredOwner(
    pairId,
    cluster.live().map((n) => n.name),
  );
  return until(
    `${desired} running the ${symbol} engine`,
    async () => {
      const owners = await engineOwners(cluster, symbol);
      return owners.length === 1 && owners[0]!.name === desired ? owners[0] : undefined;
    },
    timeoutMs,
  );
}

/**
 * The node that should run pair `pairId` among the live node ids, as the servers' rendezvous hashing
 * (apps/server/src/cluster/rendezvous.ts) defines it, written out again here so the tests check the
 * servers against the definition: the highest first 64 bits of SHA-256 of `<node id>\0<pair id>`.
 */
export function desiredOwner(pairId: number, nodeIds: string[]): string | undefined {
  const weight = (id: string) => createHash('sha256').update(`${id}\u0000${pairId}`).digest().readBigUInt64BE(0);
  return [...nodeIds].sort((a, b) => (weight(a) === weight(b) ? (a < b ? -1 : 1) : weight(a) > weight(b) ? -1 : 1))[0];
}
