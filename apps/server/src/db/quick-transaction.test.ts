import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { queryRows } from './client.js';

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

  it('keeps its writes from other connections until it commits', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const insertedNow = new Promise<void>((resolve) => {
      inserted = resolve;
    });
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
