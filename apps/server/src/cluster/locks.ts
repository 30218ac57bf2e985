import postgres from 'postgres';
import type { ClusterLog } from './node.js';

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
 */
export class LockSession {
  private sql: postgres.Sql | undefined;
  private conn: postgres.ReservedSql | undefined;
  private opening: Promise<postgres.ReservedSql> | undefined;
  private readonly held = new Set<string>();

  constructor(
    private readonly url: string,
    private readonly log: ClusterLog,
    /** A lock query that has not answered within this is treated as a lost connection (ms). */
    private readonly queryTimeoutMs = 1_500,
  ) {}

  private connection(): Promise<postgres.ReservedSql> {
    if (this.conn) return Promise.resolve(this.conn);
    this.opening ??= (async () => {
      const sql = postgres(this.url, { max: 1, onnotice: () => {}, connect_timeout: 3, idle_timeout: 0, max_lifetime: null });
      this.sql = sql;
      try {
        this.conn = await sql.reserve();
        return this.conn;
      } catch (error) {
        this.sql = undefined;
        void sql.end({ timeout: 0 }).catch(() => {});
        throw error;
      } finally {
        this.opening = undefined;
      }
    })();
    return this.opening;
  }

  private async query<T extends readonly object[]>(run: (conn: postgres.ReservedSql) => Promise<T>): Promise<T> {
    const conn = await this.connection();
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        run(conn),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('lock connection timed out')), this.queryTimeoutMs);
        }),
      ]);
    } catch (error) {
      // Whatever happened, this session's locks can no longer be trusted: start over on a new one.
      this.drop();
      throw error;
    } finally {
      clearTimeout(timer);
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

  /** Closes the connection at once (its locks go with it). */
  drop(): void {
    const sql = this.sql;
    this.sql = undefined;
    this.conn = undefined;
    this.held.clear();
    if (sql) void sql.end({ timeout: 0 }).catch((error) => this.log.warn({ err: error }, 'closing the lock connection failed'));
  }

  async close(): Promise<void> {
    const sql = this.sql;
    this.sql = undefined;
    this.conn = undefined;
    this.held.clear();
    await sql?.end({ timeout: 1 }).catch(() => {});
  }
}
