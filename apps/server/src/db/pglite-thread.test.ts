import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signal } from '../../test/signal.js';
import { isUniqueViolation } from '../lib/db-errors.js';
import { PgliteThread } from './pglite-thread.js';

// The worker runs as JavaScript: the built one (`npm test` builds before the unit tests run).
const WORKER = new URL('../../dist/db/pglite-worker.js', import.meta.url);
const built = existsSync(WORKER);

describe.skipIf(!built)('PGlite on a worker thread', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
  let db: PgliteThread;

  beforeAll(async () => {
    db = await PgliteThread.open(dir, WORKER);
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, note text, at timestamptz DEFAULT now())');
  });
  afterAll(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs statements with parameters, in object and array mode, keeping timestamps as text', async () => {
    await db.query('INSERT INTO t (id, note) VALUES ($1, $2), ($3, $4)', [1, 'one', 2, 'two']);
    const objects = await db.query<{ id: number; note: string; at: unknown }>('SELECT id, note, at FROM t ORDER BY id');
    expect(objects.rows.map((r) => [r.id, r.note])).toEqual([
      [1, 'one'],
      [2, 'two'],
    ]);
    expect(typeof objects.rows[0]!.at).toBe('string');
    const arrays = await db.query<unknown[]>('SELECT id FROM t ORDER BY id', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1], [2]]);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, note) VALUES (10, $1)', ['kept']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, note) VALUES (11, $1)', ['gone']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const rows = await db.query<{ id: number }>('SELECT id FROM t WHERE id >= 10 ORDER BY id');
    expect(rows.rows.map((r) => r.id)).toEqual([10]);
  });

  it('opens the transaction with its first statement: every statement after it is inside', async () => {
    const times = await db.transaction(async (tx) => {
      const first = await tx.query<{ t: string }>('SELECT now()::text AS t');
      await new Promise((resolve) => setTimeout(resolve, 20));
      const second = await tx.exec('SELECT now()::text AS t');
      return [first.rows[0]!.t, (second[0]!.rows[0] as { t: string }).t];
    });
    // now() is the transaction's start time: the same for both only if they ran in one transaction.
    expect(times[0]).toBe(times[1]);
    const fresh = await db.transaction(async (tx) => (await tx.exec('SELECT now()::text AS t'))[0]!.rows[0] as { t: string });
    expect(fresh.t).not.toBe(times[0]);
  });

  it('rolls back when the first statement fails, leaving no transaction open behind', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, note) VALUES (1, $1)', ['duplicate']);
      }),
    ).rejects.toThrow();
    // Outside any transaction again: this insert is committed on its own and seen by the next one.
    await db.query('INSERT INTO t (id, note) VALUES (300, $1)', ['after']);
    const tx = await db.transaction(
      async (t) => (await t.query<{ n: string }>('SELECT count(*) AS n FROM t WHERE id = 300')).rows,
    );
    expect(Number(tx[0]!.n)).toBe(1);
    // A callback that sends nothing opens (and commits) nothing.
    expect(await db.transaction(async () => 'nothing')).toBe('nothing');
    await db.query('DELETE FROM t WHERE id = 300');
  });

  it('holds a statement from outside back until the running transaction has ended', async () => {
    const seen: string[] = [];
    const { fire: inside, fired: started } = signal();
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO t (id, note) VALUES (20, $1)', ['in tx']);
      inside();
      // Let the outside statement be sent meanwhile: it must not run inside this transaction.
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen.push('tx body done');
      throw new Error('roll back');
    });
    await started;
    const outside = db.query<{ n: string }>('SELECT count(*) AS n FROM t WHERE id = 20').then((r) => {
      seen.push('outside ran');
      return Number(r.rows[0]!.n);
    });
    await expect(tx).rejects.toThrow('roll back');
    // Had it run inside the transaction it would have counted the row that was rolled back.
    expect(await outside).toBe(0);
    expect(seen).toEqual(['tx body done', 'outside ran']);
  });

  it('commits with the last statement when asked, and lets the next transaction follow before that reply', async () => {
    const order: string[] = [];
    const first = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, note) VALUES (40, $1)', ['first']);
      db.commitWithNext();
      const last = tx.query('UPDATE t SET note = $1 WHERE id = 40', ['first, updated']);
      order.push('first sent its COMMIT');
      await last;
      order.push('first committed');
    });
    const second = db.transaction(async (tx) => {
      order.push('second started');
      // Runs on the thread after the first's COMMIT: it sees what the first wrote.
      const rows = await tx.query<{ note: string }>('SELECT note FROM t WHERE id = 40');
      return rows.rows[0]?.note;
    });
    await expect(second).resolves.toBe('first, updated');
    await first;
    expect(order.indexOf('second started')).toBeLessThan(order.indexOf('first committed'));
    expect(order.indexOf('first sent its COMMIT')).toBeLessThan(order.indexOf('second started'));
  });

  it('rolls back when the statement carrying the COMMIT fails, and sends nothing of it after', async () => {
    const failed = db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, note) VALUES (41, $1)', ['gone']);
      db.commitWithNext();
      await tx.query('INSERT INTO t (id, note) VALUES (41, $1)', ['duplicate']);
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    // Neither row, and no transaction left open: a statement outside one commits on its own.
    await db.query('INSERT INTO t (id, note) VALUES (42, $1)', ['after']);
    const rows = await db.query<{ id: number }>('SELECT id FROM t WHERE id IN (41, 42) ORDER BY id');
    expect(rows.rows.map((r) => r.id)).toEqual([42]);
  });

  it('refuses commitWithNext() outside a transaction, and a transaction that asks for it but sends nothing after', async () => {
    expect(() => db.commitWithNext()).toThrow('outside a transaction');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, note) VALUES (43, $1)', ['gone']);
        db.commitWithNext();
      }),
    ).rejects.toThrow('no statement followed it');
    const rows = await db.query('SELECT id FROM t WHERE id = 43');
    expect(rows.rows).toEqual([]);
  });

  it('returns database errors with their SQLSTATE and constraint', async () => {
    const failure = await db.query('INSERT INTO t (id) VALUES (1)').catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe('t_pkey');
    // The connection is usable afterwards.
    expect((await db.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('loads rows with COPY from a blob inside a transaction', async () => {
    await db.transaction(async (tx) => {
      await tx.query(`COPY t (id, note) FROM '/dev/blob'`, [], { blob: new Blob(['30\tthirty\n31\tthirty-one\n']) });
    });
    const rows = await db.query<{ note: string }>('SELECT note FROM t WHERE id IN (30, 31) ORDER BY id');
    expect(rows.rows.map((r) => r.note)).toEqual(['thirty', 'thirty-one']);
  });

  it('dumps the data directory between transactions: a running one is in the copy whole, after its COMMIT', async () => {
    await db.exec('CREATE TABLE d (id int PRIMARY KEY)');
    const { fire: finish, fired: gate } = signal();
    const running = db.transaction(async (tx) => {
      await tx.query('INSERT INTO d VALUES (1)');
      await gate;
      await tx.query('INSERT INTO d VALUES (2)');
    });
    let dumped = false;
    const dump = db.dump().then((bytes) => {
      dumped = true;
      return bytes;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The copy waits for the transaction: it is not taken half-way through it.
    expect(dumped).toBe(false);
    finish();
    await running;
    const bytes = await dump;
    // A gzipped tar, which PGlite opens again with both rows.
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const copy = await PGlite.create({ loadDataDir: new Blob([bytes]) });
    try {
      expect((await copy.query<{ id: number }>('SELECT id FROM d ORDER BY id')).rows.map((r) => r.id)).toEqual([1, 2]);
    } finally {
      await copy.close();
    }
    await db.exec('DROP TABLE d');
  });

  it('keeps what was committed across a reopen of the data directory', async () => {
    await db.close();
    db = await PgliteThread.open(dir, WORKER);
    const rows = await db.query<{ id: number }>('SELECT id FROM t ORDER BY id');
    // Every committed row, among them the one committed with its last statement (40).
    expect(rows.rows.map((r) => r.id)).toEqual([1, 2, 10, 30, 31, 40, 42]);
  });
});
