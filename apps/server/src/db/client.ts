import { randomInt } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from './db-type.js';
import { PgliteThread } from './pglite-thread.js';
import { type QuickTransactionOptions, quickPostgresTransaction } from './quick-transaction.js';
import * as schema from './schema.js';

export type { Db, Schema } from './db-type.js';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * A transaction whose BEGIN goes out with its first statement rather than waiting a round trip of its
   * own (for the busiest writers, where each round trip waits for a busy event loop). The callback's
   * statements run in order on one connection; no nested transactions (savepoints) inside. A callback
   * whose last statement fails when the transaction must not commit may call `commitWithNext()` just
   * before it: the COMMIT then goes out right behind that statement (PostgreSQL: the same round trip).
   */
  quickTransaction: <T>(
    callback: (tx: Db, commitWithNext: () => void) => Promise<T>,
    options?: QuickTransactionOptions,
  ) => Promise<T>;
  /**
   * The embedded database only: a consistent copy of its data directory as a gzipped tar, taken
   * between transactions while the server runs (db/backup.ts).
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  /** Applies SQL migrations from the drizzle folder. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * PostgreSQL: the pool's size and the `application_name` its connections carry, so the metrics can
   * count this process's connections by state in `pg_stat_activity`.
   */
  pool?: { max: number; applicationName: string };
};

export const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', 'drizzle');

export type OpenOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** Run PGlite on a worker thread (the server process; needs `dataDir`, and the built worker). */
      thread?: boolean;
      /** The built worker script (tests running the TypeScript sources point at dist/). */
      workerUrl?: URL;
    }
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /** How long a quick transaction may take before its connection is dropped (tests shorten it). */
      quickTransactionDeadlineMs?: number;
    };

/**
 * Opens the database: PGlite in `dataDir` (or in memory, optionally from a dumped template) by default,
 * PostgreSQL when a URL is given. Both speak the same dialect, so one schema and one set of migrations serve.
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const max = options.max ?? 10;
    // One name per process (at most 63 characters): its connections are told apart from other nodes'.
    const applicationName = `h5x:${hostname()}:${process.pid}`.slice(0, 63);
    const sql = postgres(options.url, {
      max,
      onnotice: () => {},
      // random_page_cost 1.1 (PostgreSQL's default of 4 models spinning disks): on SSDs, as PostgreSQL is
      // run today, an index lookup costs little more than a sequential read. With 4, the plan of a hot
      // prepared statement made while a table is small scans the whole table, and keeps doing so as it grows.
      connection: { statement_timeout: 30_000, random_page_cost: 1.1, application_name: applicationName },
      backoff: reconnectDelaySeconds,
    });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      quickTransaction: (callback, quick) =>
        quickPostgresTransaction(sql, db, callback, options.quickTransactionDeadlineMs, quick),
      migrate: async () => {
        const { migrate } = await import('drizzle-orm/postgres-js/migrator');
        await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      },
      close: () => sql.end({ timeout: 5 }),
      pool: { max, applicationName },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  if (options.thread && options.dataDir) {
    const thread = await PgliteThread.open(options.dataDir, options.workerUrl);
    return pgliteDatabase(thread as unknown as PGlite, thread);
  }
  const client = options.loadDataDir
    ? await PGlite.create({ loadDataDir: options.loadDataDir })
    : await PGlite.create(options.dataDir ? { dataDir: options.dataDir } : {});
  return pgliteDatabase(client);
}

/**
 * The configured database as a one-off command (a verifier, a copy) opens it: one connection to
 * PostgreSQL, or the embedded database's data directory.
 */
export function openForCommand(config: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  return openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl, max: 1 } : { kind: 'pglite', dataDir: config.dataDir },
  );
}

/**
 * The wait before a dropped pool connection is opened again, in seconds, after `failures` failed opens
 * in a row. The driver's own back-off grows to 20 s, so a few refused connections during a PostgreSQL
 * restart of a few seconds kept requests waiting up to 20 s after it was back; capped at 1 s, each
 * connection tries about once a second while PostgreSQL is away and is back within a second of it.
 */
export function reconnectDelaySeconds(failures: number): number {
  // Jitter from the crypto source, like every other random number on the server (one rule, no exceptions).
  return (0.5 + randomInt(0, 1000) / 2000) * Math.min(3 ** failures / 100, 1);
}

/** Drizzle over PGlite, in-process or on its thread (which answers the same calls). */
function pgliteDatabase(client: PGlite, thread?: PgliteThread): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // On its thread BEGIN travels with the first statement and COMMIT with the last (`commitWithNext`),
    // and the next transaction's statements may follow at once. In process there is no round trip to save.
    // A lock phase orders processes sharing a database: one process owns the embedded one, so none is taken.
    quickTransaction: (callback) =>
      db.transaction((tx) => callback(tx as unknown as Db, thread ? () => thread.commitWithNext() : () => {})),
    dumpDataDir: thread
      ? () => thread.dump()
      : async () => {
          await client.exec('CHECKPOINT');
          // Inside PGlite's transaction lock: no transaction of the server's is half-way through.
          const blob = (await client.transaction(() => client.dumpDataDir('gzip'))) as Blob;
          return new Uint8Array(await blob.arrayBuffer());
        },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

/** Dumps a PGlite database to a blob (a test template: migrate and seed once, copy per test file). */
export async function dumpPglite(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none') as Promise<Blob>;
}

/** Rows of a raw SQL query: PGlite answers `{ rows }`, postgres-js an array of rows. */
export async function queryRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as T[];
}
