/**
 * One or several bench servers on the database a bench asks for (`--db pglite|pg`, `--nodes N`):
 *
 * - `pglite` (default): one node on the embedded database in a fresh DATA_DIR, as before;
 * - `pg`: a fresh PostgreSQL database (unique name) on `--pg-url` (default postgres://postgres@127.0.0.1:5432),
 *   created here and dropped when the bench stops, given to every node as DATABASE_URL;
 * - `--nodes N` with N ≥ 2 (needs `pg`): N servers on their own ports, each with NODE_ID `<bench>-<i>` and
 *   REDIS_URL (`--redis-url`, default redis://127.0.0.1:6379) with REDIS_PREFIX set to the database's
 *   name, i.e. the server's cluster mode. The first node starts alone (it runs the migrations and the
 *   seed), the others once it answers.
 *
 * The benches spread their load over `origins` round-robin.
 */
import postgres from 'postgres';
import { requireServerBuild, startBenchServer } from './bench-server.mjs';

const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432';
const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

/** Reads `--db`, `--nodes`, `--pg-url`, `--redis-url`; returns an error text when the combination cannot run. */
export function nodeOptions(option) {
  const db = option('db', 'pglite');
  const nodes = Number.parseInt(option('nodes', '1'), 10);
  const pgUrl = option('pg-url', DEFAULT_PG_URL).replace(/\/+$/, '');
  const redisUrl = option('redis-url', DEFAULT_REDIS_URL);
  let error;
  if (db !== 'pglite' && db !== 'pg') error = `--db must be pglite or pg (got "${db}")`;
  else if (!Number.isInteger(nodes) || nodes < 1 || nodes > 8) error = `--nodes must be 1 to 8 (got "${option('nodes', '1')}")`;
  else if (nodes > 1 && db !== 'pg') error = 'several nodes share one database: add --db pg';
  return { db, nodes, pgUrl, redisUrl, error };
}

/** `postgres://u@h:p` + `name` → `postgres://u@h:p/name` (no database part expected in `--pg-url`). */
const withDatabase = (url, name) => `${url}/${name}`;

/**
 * Starts the nodes and waits until each answers `POST /api/get/lang`. With several nodes it also reads
 * each node's `GET /api/health` and fails clearly when the build has no cluster mode (no such route, or
 * the node does not report its NODE_ID). On any failure everything started so far is stopped again.
 */
export async function startBenchNodes({ name, options, env, profile, log = (...p) => console.error(...p) }) {
  const { db, nodes, pgUrl, redisUrl } = options;
  requireServerBuild(name);
  const servers = [];
  let databaseName;
  let databaseUrl;

  const dropDatabase = async () => {
    if (!databaseName) return;
    const admin = postgres(withDatabase(pgUrl, 'postgres'), { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  };
  const stop = async ({ keep = false } = {}) => {
    await Promise.all(servers.map((s) => s.stop({ keep })));
    if (keep && databaseName) log(`${name}: kept PostgreSQL database ${databaseName}`);
    else await dropDatabase();
  };

  try {
    if (db === 'pg') {
      databaseName = `bench_${name}_${process.pid}_${Date.now().toString(36)}`.replace(/[^a-z0-9_]/g, '_');
      const admin = postgres(withDatabase(pgUrl, 'postgres'), { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`CREATE DATABASE "${databaseName}"`);
      } finally {
        await admin.end({ timeout: 5 });
      }
      databaseUrl = withDatabase(pgUrl, databaseName);
      log(`${name}: PostgreSQL database ${databaseName}`);
    }
    const cluster = nodes > 1;
    for (let i = 0; i < nodes; i++) {
      const server = await startBenchServer({
        name: nodes > 1 ? `${name}-${i + 1}` : name,
        profile,
        databaseUrl,
        redisUrl: cluster ? redisUrl : undefined,
        nodeId: cluster ? `${name}-${i + 1}` : undefined,
        // Redis is shared with whatever else runs on the machine: this run's keys and channels apart.
        env: cluster ? { ...env, REDIS_PREFIX: databaseName } : env,
      });
      servers.push(server);
      log(`${name}: node ${i + 1}/${nodes} on port ${server.port}, DATA_DIR ${server.dataDir} …`);
      await server.until(
        async () => (await (await fetch(`${server.origin}/api/get/lang`, { method: 'POST' })).json()).type === 'ok',
        180_000,
        `the API of node ${i + 1}`,
      );
      if (cluster) {
        const health = await fetch(`${server.origin}/api/health`).catch(() => undefined);
        const body = health?.ok ? await health.json().catch(() => undefined) : undefined;
        const report = body?.message ?? body;
        if (report?.node !== server.nodeId) {
          throw new Error(
            `node ${i + 1} does not run in cluster mode (GET /api/health answered ${health?.status ?? 'nothing'}` +
              `${body ? ` ${JSON.stringify(body).slice(0, 200)}` : ''}); rebuild the server with the cluster code (npx tsc -b)`,
          );
        }
        log(`${name}: node ${server.nodeId} healthy: ${JSON.stringify(report)}`);
      }
    }
  } catch (error) {
    await stop().catch((e) => log(`${name}: cleanup failed: ${e instanceof Error ? e.message : e}`));
    throw error;
  }

  return {
    servers,
    origins: servers.map((s) => s.origin),
    /** The PostgreSQL database of this run (its backends' titles name it), or undefined on the embedded one. */
    databaseName,
    /** One line for the log: what ran. */
    describe: () =>
      `${nodes} node${nodes > 1 ? 's' : ''} on ${db === 'pg' ? `PostgreSQL (${databaseName})` : 'the embedded database'}`,
    /** Logs each node's `GET /api/health` (which node runs which engines, who leads) on stderr. */
    async logHealth() {
      for (const s of servers) {
        const body = await fetch(`${s.origin}/api/health`)
          .then((r) => r.json())
          .catch(() => undefined);
        log(`${name}: health of ${s.nodeId ?? s.origin}: ${JSON.stringify(body?.message ?? body)}`);
      }
    },
    /** Stops every node (SIGTERM), then drops the PostgreSQL database unless `keep`. */
    stop,
  };
}
