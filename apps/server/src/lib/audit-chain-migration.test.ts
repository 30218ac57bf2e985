import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS_DIR } from '../db/client.js';
import { verifyAuditChain } from './audit-chain.js';

/**
 * An existing database whose audit log predates the chain: the migration chains its rows in id order,
 * and rows written after it follow on. Run on the migrations themselves (an in-memory database).
 */
describe('chaining an audit log written before the chain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-chain-migration-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Every migration from an empty database, on PGlite: slow on a shared machine.
  it('chains the old rows in id order, and new rows after them', { timeout: 180_000 }, async () => {
    // The migrations as they were before the chain: the journal cut before `audit_chain`.
    const before = join(dir, 'drizzle');
    cpSync(MIGRATIONS_DIR, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const cut = journal.entries.findIndex((e) => e.tag.endsWith('_audit_chain'));
    expect(cut).toBeGreaterThan(0);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

    const client = await PGlite.create();
    const db = drizzle({ client }) as unknown as Db;
    try {
      await migrate(db as never, { migrationsFolder: before });
      await client.exec(`
        INSERT INTO audit_log (admin_id, action, target, ip, before, after) VALUES
          (1, 'old.one', 'user:1', '192.0.2.1', NULL, '{"a": 1}'),
          (NULL, 'old.two', NULL, NULL, '{"é": "ü"}', NULL),
          (2, 'old.three', 'coin:3', '192.0.2.3', '{"x": [1, 2]}', '{"x": []}')`);

      await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });
      const chained = await client.query<{ action: string; chain_seq: string }>(
        'SELECT action, chain_seq::text AS chain_seq FROM audit_log ORDER BY id',
      );
      expect(chained.rows).toEqual([
        { action: 'old.one', chain_seq: '1' },
        { action: 'old.two', chain_seq: '2' },
        { action: 'old.three', chain_seq: '3' },
      ]);
      await client.exec(`INSERT INTO audit_log (action) VALUES ('new.one')`);
      const report = await verifyAuditChain(db);
      expect(report).toMatchObject({ sound: true, rows: 4, head: { seq: 4 }, faults: [] });
      // The old rows stay append-only after the migration lifted the trigger for its one update.
      await expect(client.exec(`UPDATE audit_log SET action = 'x' WHERE chain_seq = 1`)).rejects.toThrow(/append-only/);
    } finally {
      await client.close();
    }
  });
});
