import postgres from 'postgres';
import type { ServiceLog } from '../lib/service-log.js';
import { within } from './bounded.js';

/**
 * Advisory lock keys, in PostgreSQL's two-integer form (class, id). Advisory locks are scoped to one
 * database, so two deployments (or two test runs) on separate databases never meet.
 */
export const LOCK_CLASS = {
  /** (LEADER, 0): the node doing the cluster's once-only work. */
  leader: 0x4835_0001,
  /** (ENGINE, pair id): the node running that spot pair's engine. */
  engine: 0x4835_0002,
} as const;

export type LockKey = { cls: number; id: number };
export const lockName = (key: LockKey) => `${key.cls}:${key.id}`;

/**
 * Session-level advisory locks held on one dedicated connection (never the request pool): when the
 * connection drops — the node died, was partitioned, or PostgreSQL restarted — PostgreSQL releases
 * every lock of the session by itself. `verify()` asks PostgreSQL which locks this session still
 * holds; a failure or a missing lock means this node must stop acting on it (fencing).
 *
 * Every call is bounded: opening waits at most `connectTimeoutMs`, a query `queryTimeoutMs`. A query on
 * a connection that died can stay pending for good in postgres-js (it writes to the dead socket from a
 * timer, throws there — see lib/driver-guard.ts — and never settles the query), so on any failure or
 * timeout the whole client is destroyed and the next call opens a fresh one, with fresh locks.
 */
export class LockSession {
  private sql: postgres.Sql | undefined;
  private conn: postgres.ReservedSql | undefined;
  private opening: Promise<postgres.ReservedSql> | undefined;
  private readonly held = new Set<string>();

  constructor(
    private readonly url: string,
    private readonly log: ServiceLog,
    /** A lock query that has not answered within this is treated as a lost connection (ms). */
    private readonly queryTimeoutMs = 1_500,
    /** Opening the connection (TCP, start-up, the driver's type query) takes at most this (ms). */
    private readonly connectTimeoutMs = 4_000,
  ) {}

  private connection(): Promise<postgres.ReservedSql> {
    if (this.conn) return Promise.resolve(this.conn);
    if (!this.opening) {
      const opening = this.open();
      this.opening = opening;
      const settled = () => {
        if (this.opening === opening) this.opening = undefined;
      };
      opening.then(settled, settled);
    }
    return this.opening;
  }

  private async open(): Promise<postgres.ReservedSql> {
    const sql: postgres.Sql = postgres(this.url, {
      max: 1,
      onnotice: () => {},
      connect_timeout: Math.max(1, Math.ceil(this.connectTimeoutMs / 1_000)),
      idle_timeout: 0,
      max_lifetime: null,
      // A lost lock connection is replaced at once by a new client: never the driver's growing back-off.
      backoff: () => 0,
      // The connection closed (PostgreSQL restarted, the network dropped it): its locks are gone. Forget
      // it at once — a query sent on it would never settle (the driver writes to the closed socket).
      onclose: () => {
        if (this.sql === sql) this.drop();
      },
    });
    this.sql = sql;
    try {
      const conn = await within(sql.reserve(), this.connectTimeoutMs, 'opening the lock connection');
      // Dropped while it was opening (a round gave up on it): a later call opens another.
      if (this.sql !== sql) throw new Error('lock connection dropped while opening');
      this.conn = conn;
      return conn;
    } catch (error) {
      if (this.sql === sql) this.sql = undefined;
      destroy(sql, this.log);
      throw error;
    }
  }

  private async query<T extends readonly object[]>(run: (conn: postgres.ReservedSql) => Promise<T>): Promise<T> {
    const conn = await this.connection();
    try {
      return await within(run(conn), this.queryTimeoutMs, 'lock query');
    } catch (error) {
      // Whatever happened, this session's locks can no longer be trusted: start over on a new one.
      if (this.conn === conn) this.drop();
      throw error;
    }
  }

  /** Takes the lock if free (never waits). */
  async tryLock(key: LockKey): Promise<boolean> {
    const [row] = await this.query(
      (c) => c<{ ok: boolean }[]>`SELECT pg_try_advisory_lock(${key.cls}::int, ${key.id}::int) AS ok`,
    );
    if (row?.ok) this.held.add(lockName(key));
    return Boolean(row?.ok);
  }

  async unlock(key: LockKey): Promise<void> {
    this.held.delete(lockName(key));
    // Not connected: nothing is held (a new session would take nothing to give back).
    if (!this.conn) return;
    await this.query((c) => c`SELECT pg_advisory_unlock(${key.cls}::int, ${key.id}::int)`).catch(() => {});
  }

  /** The locks this session really holds now, by name; throws when the session is gone. */
  async verify(): Promise<Set<string>> {
    if (!this.conn) {
      this.held.clear();
      await this.connection();
      return new Set();
    }
    const rows = await this.query(
      (c) => c<{ classid: number; objid: number }[]>`
        SELECT classid::int AS classid, objid::int AS objid FROM pg_locks
        WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted AND objsubid = 2`,
    );
    const now = new Set(rows.map((r) => lockName({ cls: r.classid, id: r.objid })));
    for (const name of this.held) if (!now.has(name)) this.held.delete(name);
    return now;
  }

  /**
   * The ids of the locks of class `cls` held by any session on this database (this one included): which
   * pairs have an owner right now. Throws when the session is gone.
   */
  async taken(cls: number): Promise<Set<number>> {
    const rows = await this.query(
      (c) => c<{ objid: number }[]>`
        SELECT objid::int AS objid FROM pg_locks
        WHERE locktype = 'advisory' AND classid::int = ${cls}::int AND objsubid = 2 AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return new Set(rows.map((r) => r.objid));
  }

  /** Destroys the connection at once (its locks go with it); the next call opens a new one. */
  drop(): void {
    const sql = this.sql;
    this.sql = undefined;
    this.conn = undefined;
    this.held.clear();
    if (sql) destroy(sql, this.log);
  }

  async close(): Promise<void> {
    const sql = this.sql;
    this.sql = undefined;
    this.conn = undefined;
    this.held.clear();
    await sql?.end({ timeout: 1 }).catch(() => {});
  }
}

/**
 * Ends a client without waiting for anything on it: pending queries fail with CONNECTION_DESTROYED and
 * the socket closes (PostgreSQL then frees the session's locks, if it still had any).
 */
function destroy(sql: postgres.Sql, log: ServiceLog): void {
  void sql.end({ timeout: 0 }).catch((error) => log.warn({ err: error }, 'closing the lock connection failed'));
}
