import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FaultProxy } from '../../test/fault-proxy.js';
import { signal } from '../../test/signal.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createPgTemplate, dropPgDatabase } from '../../test/test-database.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { type Database, openDatabase, queryRows } from './client.js';

/** `quickTransaction` on this run's database (PGlite, or PostgreSQL with TEST_DB=pg). */
describe('a quick transaction', () => {
  let t: TestApp;
  const count = async () =>
    Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM quick_probe`))[0]?.n);
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(sql`CREATE TABLE quick_probe (id int PRIMARY KEY)`);
  });
  afterAll(async () => {
    await t.close();
  });

  it('commits its statements together and returns what the callback returns', async () => {
    const result = await t.database.quickTransaction(async (tx) => {
      await tx.execute(sql`INSERT INTO quick_probe VALUES (1), (2)`);
      const rows = await queryRows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM quick_probe`);
      return rows[0]?.n;
    });
    expect(result).toBe(2);
    expect(await count()).toBe(2);
  });

  it('writes nothing when the callback throws, or when a statement fails, and frees its connection', async () => {
    await expect(
      t.database.quickTransaction(async (tx) => {
        await tx.execute(sql`INSERT INTO quick_probe VALUES (3)`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      t.database.quickTransaction(async (tx) => {
        await tx.execute(sql`INSERT INTO quick_probe VALUES (4)`);
        await tx.execute(sql`INSERT INTO quick_probe VALUES (1)`); // a duplicate key
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(2);
    // More transactions than the pool has connections: each failed one gave its connection back.
    for (let i = 0; i < 12; i++) {
      await expect(t.database.quickTransaction(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    }
    await t.database.quickTransaction((tx) => tx.execute(sql`INSERT INTO quick_probe VALUES (5)`));
    expect(await count()).toBe(3);
  });

  it('sends the COMMIT behind the statement after commitWithNext(), and commits nothing when that statement fails', async () => {
    await t.database.quickTransaction(async (tx, commitWithNext) => {
      await tx.execute(sql`INSERT INTO quick_probe VALUES (20)`);
      commitWithNext();
      await tx.execute(sql`INSERT INTO quick_probe VALUES (21)`);
    });
    expect(await count()).toBe(5);
    await expect(
      t.database.quickTransaction(async (tx, commitWithNext) => {
        await tx.execute(sql`INSERT INTO quick_probe VALUES (22)`);
        commitWithNext();
        await tx.execute(sql`INSERT INTO quick_probe VALUES (20)`); // a duplicate key
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(5);
    // On PostgreSQL a promise of a COMMIT that never went out is a mistake in the caller (PGlite ignores it).
    if (t.database.kind === 'postgres') {
      await expect(t.database.quickTransaction(async (_tx, commitWithNext) => commitWithNext())).rejects.toThrow(
        /no statement followed/,
      );
    }
    await t.database.db.execute(sql`DELETE FROM quick_probe WHERE id IN (20, 21)`);
  });

  it.runIf(process.env.TEST_DB === 'pg')('fails when a statement failed, even if the callback went on as if not', async () => {
    await expect(
      t.database.quickTransaction(async (tx) => {
        await tx.execute(sql`INSERT INTO quick_probe VALUES (30)`);
        await tx.execute(sql`INSERT INTO quick_probe VALUES (1)`).catch(() => {}); // a duplicate key, ignored
      }),
    ).rejects.toThrow(/did not commit/);
    expect(await count()).toBe(3);
  });

  it('keeps its writes from other connections until it commits', async () => {
    const { fire: release, fired: held } = signal();
    const { fire: inserted, fired: insertedNow } = signal();
    const running = t.database.quickTransaction(async (tx) => {
      await tx.execute(sql`INSERT INTO quick_probe VALUES (6)`);
      inserted();
      await held;
    });
    await insertedNow;
    // PGlite has one connection: a reader waits for the transaction; PostgreSQL's reader does not see it.
    if (t.database.kind === 'postgres') expect(await count()).toBe(3);
    release();
    await running;
    expect(await count()).toBe(4);
  });
});

/**
 * PostgreSQL only: the transaction's connection drops under it (a restart or a broken link, made here by
 * a TCP proxy in this process that drops every connection). The transaction fails at once instead of
 * waiting on the dead connection, writes nothing, and the pool keeps serving: the dead connection is not
 * handed out again.
 */
describe.skipIf(process.env.TEST_DB !== 'pg')('a quick transaction whose connection drops', () => {
  const DEADLINE_MS = 3000;
  let name = '';
  let direct: Database;
  let proxy: FaultProxy;
  let database: Database;
  const count = async () =>
    Number((await queryRows<{ n: number }>(direct.db, sql`SELECT count(*)::int AS n FROM quick_lost`))[0]?.n);
  const dropConnections = async () => {
    await proxy.cut();
    await proxy.restore();
  };
  beforeAll(async () => {
    ({ name, database: direct } = await createPgTemplate());
    await direct.db.execute(sql`CREATE TABLE quick_lost (id int PRIMARY KEY)`);
    proxy = await FaultProxy.start();
    database = await openDatabase({ kind: 'postgres', url: proxy.urlFor(name), quickTransactionDeadlineMs: DEADLINE_MS });
  });
  afterAll(async () => {
    await database?.close();
    await proxy?.close();
    await direct?.close();
    if (name) await dropPgDatabase(name);
  });

  /** More queries and transactions at once than the pool holds connections, each answered. */
  const poolServesEveryone = async (firstId: number) => {
    await Promise.all([
      ...Array.from({ length: 25 }, () => database.db.execute(sql`SELECT 1`)),
      ...Array.from({ length: 12 }, (_, i) =>
        database.quickTransaction((tx) => tx.execute(sql`INSERT INTO quick_lost VALUES (${firstId + i})`)),
      ),
    ]);
  };

  it('fails while a statement is running, writes nothing, and the pool serves every later query', async () => {
    const running = database.quickTransaction(async (tx) => {
      await tx.execute(sql`INSERT INTO quick_lost VALUES (1)`);
      setTimeout(() => void dropConnections(), 100);
      await tx.execute(sql`SELECT pg_sleep(30)`);
    });
    await expect(running).rejects.toThrow();
    await poolServesEveryone(10);
    expect(await count()).toBe(12);
  });

  it('fails while the callback waits on something else, and refuses its later statements', async () => {
    const { fire: resume, fired: paused } = signal();
    let later: Promise<unknown> | undefined;
    const running = database.quickTransaction(async (tx) => {
      await tx.execute(sql`INSERT INTO quick_lost VALUES (100)`);
      await dropConnections();
      await paused;
      later = tx.execute(sql`INSERT INTO quick_lost VALUES (101)`);
      await later;
    });
    await expect(running).rejects.toThrow();
    resume();
    await vi.waitFor(() => expect(later).toBeDefined());
    await expect(later).rejects.toThrow();
    await poolServesEveryone(200);
    expect(await count()).toBe(24);
  });

  it('gives up at its deadline when the network stops passing bytes, and the pool serves again once it is back', async () => {
    const running = database.quickTransaction(async (tx) => {
      await tx.execute(sql`INSERT INTO quick_lost VALUES (300)`);
      proxy.blackhole(); // no answer, and no close either: only the deadline ends the wait
      await tx.execute(sql`INSERT INTO quick_lost VALUES (301)`);
    });
    const started = Date.now();
    const error = await running.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(/did not answer the transaction within 3000 ms/);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(DEADLINE_MS + 2000);
    // Healed, the held connections drop: each idle one fails the one query it is handed before the pool
    // reopens it, as after any outage. Once every connection answers again, the pool serves everyone.
    proxy.heal();
    await vi.waitFor(() => Promise.all(Array.from({ length: 12 }, () => database.db.execute(sql`SELECT 1`))), {
      timeout: 10_000,
      interval: 100,
    });
    await poolServesEveryone(400);
    expect(await count()).toBe(36);
  });
});

/**
 * PostgreSQL only: a lock phase (the spot batches' cluster-wide order) is a session-level advisory lock
 * the transaction holds from BEGIN until its last statement is answered, released before its COMMIT so
 * the next transaction can lock while this one commits, and never left on a pooled connection.
 */
describe.skipIf(process.env.TEST_DB !== 'pg')("a quick transaction's lock phase", () => {
  const KEY = { cls: 0x4835_0fff, id: 7 } as const;
  let name = '';
  let database: Database;
  const holders = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM pg_locks
              WHERE locktype = 'advisory' AND classid::int = ${KEY.cls}::int AND objid::int = ${KEY.id}::int AND granted`,
        )
      )[0]?.n,
    );
  const settledFlag = (promise: Promise<unknown>) => {
    const state = { settled: false };
    void promise.then(
      () => {
        state.settled = true;
      },
      () => {
        state.settled = true;
      },
    );
    return state;
  };
  beforeAll(async () => {
    ({ name, database } = await createPgTemplate());
    await database.db.execute(sql`CREATE TABLE phase_probe (id int PRIMARY KEY)`);
    // A row of this table makes its transaction's COMMIT take 400 ms (a deferred trigger runs at COMMIT).
    await database.db.execute(sql`CREATE TABLE phase_slow_commit (id int)`);
    await database.db.execute(
      sql.raw(
        `CREATE FUNCTION phase_sleep() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.4); RETURN NULL; END $$`,
      ),
    );
    await database.db.execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER phase_slow AFTER INSERT ON phase_slow_commit DEFERRABLE INITIALLY DEFERRED
               FOR EACH ROW EXECUTE FUNCTION phase_sleep()`),
    );
  });
  afterAll(async () => {
    await database?.close();
    if (name) await dropPgDatabase(name);
  });

  it('keeps a second transaction from running its statements until the first has sent its last', async () => {
    const { fire: release, fired: held } = signal();
    const first = database.quickTransaction(
      async (tx, commitWithNext) => {
        await tx.execute(sql`INSERT INTO phase_probe VALUES (1)`);
        await held;
        commitWithNext();
        await tx.execute(sql`INSERT INTO phase_probe VALUES (2)`);
      },
      { lockPhase: KEY },
    );
    await vi.waitFor(async () => expect(await holders()).toBe(1));
    const second = database.quickTransaction((tx) => tx.execute(sql`INSERT INTO phase_probe VALUES (3)`), { lockPhase: KEY });
    const secondState = settledFlag(second);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(secondState.settled).toBe(false);
    release();
    await Promise.all([first, second]);
    expect(await holders()).toBe(0);
  });

  it('lets the next transaction lock and commit while its own COMMIT is still running', async () => {
    const order: string[] = [];
    const first = database
      .quickTransaction(
        async (tx, commitWithNext) => {
          commitWithNext();
          await tx.execute(sql`INSERT INTO phase_slow_commit VALUES (1)`);
        },
        { lockPhase: KEY },
      )
      .then(() => order.push('first'));
    // The first one's statement is answered at once; its COMMIT then takes 400 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = database
      .quickTransaction((tx) => tx.execute(sql`INSERT INTO phase_probe VALUES (10)`), { lockPhase: KEY })
      .then(() => order.push('second'));
    await Promise.all([first, second]);
    // Held until COMMIT (a transaction-level lock), the second would end after the first.
    expect(order).toEqual(['second', 'first']);
    expect(await holders()).toBe(0);
  });

  it('releases the lock however it ends, and no pooled connection keeps it', async () => {
    // The statement sent with the COMMIT fails: the unlock behind it never ran.
    await expect(
      database.quickTransaction(
        async (tx, commitWithNext) => {
          commitWithNext();
          await tx.execute(sql`INSERT INTO phase_probe VALUES (1)`); // a duplicate key
        },
        { lockPhase: KEY },
      ),
    ).rejects.toThrow();
    expect(await holders()).toBe(0);
    // The callback throws before its last statement.
    await expect(database.quickTransaction(() => Promise.reject(new Error('no')), { lockPhase: KEY })).rejects.toThrow('no');
    expect(await holders()).toBe(0);
    // It commits without ever calling commitWithNext().
    await database.quickTransaction((tx) => tx.execute(sql`INSERT INTO phase_probe VALUES (20)`), { lockPhase: KEY });
    expect(await holders()).toBe(0);
    // More lock-phase transactions at once than the pool has connections, some failing: all end.
    await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        database.quickTransaction((tx) => tx.execute(sql`INSERT INTO phase_probe VALUES (${100 + (i % 12)})`), {
          lockPhase: KEY,
        }),
      ),
    );
    expect(await holders()).toBe(0);
    const rows = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM phase_probe WHERE id >= 100`);
    expect(rows[0]?.n).toBe(12);
  });
});
