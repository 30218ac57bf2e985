import { PostgresJsSession, PostgresJsTransaction } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import type { Db } from './db-type.js';

/** What postgres.js tells a query's `onexecute` about the connection it went out on. */
type DriverConnection = { onclose: ((error: unknown) => void) | null; terminate: () => void };

/**
 * How long a quick transaction may take in all, from asking the pool for a connection to its COMMIT's
 * answer. A spot batch takes milliseconds; PostgreSQL ends a statement after 30 s itself, but only if it
 * can still be heard: a network that stops passing bytes without closing leaves the driver waiting for
 * minutes, and the batch's writer (every order of the pair) with it.
 */
export const QUICK_TRANSACTION_DEADLINE_MS = 15_000;

/** The transaction got no answer in time; its connection was dropped. Counted as the database unreachable. */
export class QuickTransactionDeadline extends Error {
  readonly code = 'TRANSACTION_DEADLINE';
  constructor(ms: number) {
    super(`the database did not answer the transaction within ${ms} ms; its connection was dropped`);
  }
}
type DrizzleSessionParts = { dialect: unknown; schema: unknown; options: unknown };

/** A session-level advisory lock (class, id) a quick transaction holds while it takes its row locks. */
export type LockPhaseKey = { readonly cls: number; readonly id: number };

export type QuickTransactionOptions = {
  /**
   * Taken right after BEGIN (in the same round trip) and released just before COMMIT, right behind the
   * statement sent with `commitWithNext()`: transactions sharing it take their row locks one at a time,
   * across every process on the database, while the COMMIT of one may overlap the locking of the next —
   * a transaction-level lock would be held through the COMMIT's round trip as well. Released after a
   * rollback too; a connection that cannot release it is dropped, never given back to the pool holding it.
   */
  lockPhase?: LockPhaseKey;
};

/**
 * A transaction for a hot path whose statements are a few fixed texts (a spot batch). BEGIN is sent
 * without waiting for its reply: postgres.js keeps a reserved connection's statements in order and
 * pipelines them, so BEGIN and the callback's first statement share one round trip. A failed BEGIN
 * fails that statement too, and the callback with it. Drizzle's own session and transaction classes run
 * over the reserved connection, as they do inside `db.transaction`. The statements are prepared, the
 * COMMIT may travel with the last one (`commitWithNext`), and the whole ends at `deadlineMs`.
 *
 * A connection that dies under the transaction (a restart, a dropped link) is the case `sql.begin` guards
 * and `reserve()` does not: statements sent to it afterwards are never answered, and releasing it would put
 * the dead connection back in the pool. So, as `sql.begin` does, the transaction fails the moment the
 * driver reports the close (PostgreSQL has rolled it back), later statements of the callback are refused,
 * and the connection is left to the pool, which reopens it — neither rolled back nor released.
 */
export async function quickPostgresTransaction<T>(
  sql: postgres.Sql,
  db: Db,
  callback: (tx: Db, commitWithNext: () => void) => Promise<T>,
  deadlineMs = QUICK_TRANSACTION_DEADLINE_MS,
  { lockPhase }: QuickTransactionOptions = {},
): Promise<T> {
  const { dialect, schema: relations, options } = (db as unknown as { session: DrizzleSessionParts }).session;
  let driverConnection: DriverConnection | undefined;
  let lost: Error | undefined;
  let onLost!: (error: Error) => void;
  const connectionLost = new Promise<never>((_, reject) => {
    onLost = reject;
  });
  connectionLost.catch(() => {}); // raced below; unhandled only when the transaction ended first

  // Past the deadline the transaction fails as if its connection had closed, and the connection is
  // dropped (PostgreSQL rolls back what it had); a connection still being waited for is given back.
  const deadline = setTimeout(() => {
    lost = new QuickTransactionDeadline(deadlineMs);
    driverConnection?.terminate();
    onLost(lost);
  }, deadlineMs);
  const reserving = sql.reserve();
  let reserved: postgres.ReservedSql;
  try {
    reserved = await Promise.race([reserving, connectionLost]);
  } catch (error) {
    clearTimeout(deadline);
    reserving.then(
      (late) => late.release(),
      () => {},
    );
    throw error;
  }

  const begun = reserved
    .unsafe('begin', [], {
      // Called as BEGIN goes out; true keeps the connection taking the next statements at once.
      onexecute: (connection: DriverConnection) => {
        driverConnection = connection;
        connection.onclose = (error) => {
          lost = error instanceof Error ? error : new Error('the database connection closed');
          onLost(lost);
        };
        return true;
      },
    } as never)
    .execute();
  begun.catch(() => {}); // awaited below; a failure also fails the first statement

  // The lock phase: asked for behind BEGIN without waiting (the callback's first statements queue behind
  // it on the connection, so they run once it is granted), released by `unlock` before the COMMIT.
  const lockArgs = lockPhase ? [lockPhase.cls, lockPhase.id] : [];
  let lockHeld = false;
  const unlock = () => {
    const statement = reserved.unsafe('select pg_advisory_unlock($1::int, $2::int) as released', lockArgs, { prepare: true });
    statement.execute();
    return statement;
  };
  if (lockPhase) {
    lockHeld = true;
    const locking = reserved.unsafe('select pg_advisory_lock($1::int, $2::int)::text as locked', lockArgs, { prepare: true });
    locking.execute();
    locking.catch(() => {}); // a failure fails the callback's statements behind it, and the transaction
  }
  let unlocking: ReturnType<typeof unlock> | undefined;
  const sendUnlock = () => {
    const statement = unlock();
    statement.catch(() => {}); // checked by run(); after a failure the lock is released in the end
    unlocking = statement;
  };

  // The callback's statements go through this: once the connection is gone they fail instead of hanging.
  // They are also prepared (named), which drizzle's `execute` never asks for: a hot path's statements are
  // a handful of fixed texts, so each connection parses them once, and after five runs PostgreSQL keeps a
  // generic plan instead of planning every time (a spot batch's write: ≈ 0.7 ms parse + 1 ms plan saved).
  //
  // After `commitWithNext()`, the next statement goes out with the COMMIT queued right behind it: both
  // leave in one write and are answered together. A statement that fails aborts the transaction, and the
  // COMMIT behind it then only ends it, as a ROLLBACK (each statement carries its own Sync).
  let commitNext = false;
  let committing: postgres.PendingQuery<postgres.Row[]> | undefined;
  const guarded = new Proxy(reserved, {
    get: (target, key, receiver) =>
      key === 'unsafe'
        ? (query: string, params?: postgres.ParameterOrJSON<never>[], options?: postgres.UnsafeQueryOptions) => {
            if (lost) throw lost;
            const statement = target.unsafe(query, params, { ...options, prepare: true });
            if (commitNext) {
              commitNext = false;
              // Queued in this order: the driver sends a query one microtask after `execute()`.
              statement.execute();
              if (lockHeld) sendUnlock();
              committing = target.unsafe('commit');
              committing.execute();
              committing.catch(() => {}); // awaited by run(); a lost connection is raced there
            }
            return statement;
          }
        : Reflect.get(target, key, receiver),
  });
  const session = new PostgresJsSession(guarded as never, dialect as never, relations as never, options as never);
  const tx = new PostgresJsTransaction(dialect as never, session, relations as never) as unknown as Db;

  const commitWithNext = () => {
    commitNext = true;
  };
  const run = async () => {
    const result = await callback(tx, commitWithNext);
    await begun;
    if (commitNext) throw new Error('commitWithNext() was called, but no statement followed it');
    if (lockHeld && !unlocking) sendUnlock();
    // A COMMIT that ends a failed transaction answers ROLLBACK rather than an error: that is a failure.
    const ended = await (committing ?? reserved.unsafe('commit'));
    if (ended.command !== 'COMMIT') throw new Error(`the transaction did not commit (${ended.command})`);
    if (unlocking) {
      const [row] = await unlocking;
      lockHeld = row?.released !== true;
    }
    return result;
  };
  try {
    return await Promise.race([run(), connectionLost]);
  } catch (error) {
    if (!lost) await Promise.race([reserved.unsafe('rollback').catch(() => {}), connectionLost.catch(() => {})]);
    throw error;
  } finally {
    clearTimeout(deadline);
    // After a failure the unlock sent before the COMMIT did not run (the transaction was aborted): the
    // session still holds the lock, and must not go back to the pool with it.
    let dropped = false;
    if (!lost && lockHeld) dropped = !(await releaseLockPhase(unlock, driverConnection));
    if (!lost && !dropped) {
      if (driverConnection) driverConnection.onclose = null;
      reserved.release();
    }
  }
}

/**
 * Releases a lock phase after a rollback; false when even that failed and the connection was dropped
 * instead (PostgreSQL then releases its session locks): no pooled connection holds the lock for nobody.
 */
async function releaseLockPhase(unlock: () => PromiseLike<unknown>, connection: DriverConnection | undefined): Promise<boolean> {
  try {
    await unlock();
    return true;
  } catch {
    connection?.terminate();
    return false;
  }
}
