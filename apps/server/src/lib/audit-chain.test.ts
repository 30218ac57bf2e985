import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { adminToken } from '../../test/test-app.js';
import { queryRows } from '../db/client.js';
import { audit } from './audit.js';
import { chainHash, GENESIS_HASH, verifyAuditChain } from './audit-chain.js';

const t = appForFile();
let superToken: string;
beforeAll(async () => {
  // Signed in before the tests tamper with the log: a sign-in is audited, and an audit row cannot be
  // appended behind a forged one that took the next place in the chain (the insert fails, closed).
  superToken = await adminToken(t);
});

const operator = (id: number) => ({ admin: { id }, ip: '192.0.2.7' }) as unknown as FastifyRequest;
const write = (action: string, before: unknown, after: unknown, adminId = 1) =>
  t.database.db.transaction((tx) => audit(tx, operator(adminId), action, `test:${action}`, before, after));
const exec = (query: ReturnType<typeof sql>) => t.database.db.execute(query);
/** The test database's own superuser stands in for whoever could reach the table past the app. */
const withTriggersOff = async (run: () => Promise<unknown>) => {
  await exec(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`);
  await exec(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_chain`);
  try {
    await run();
  } finally {
    await exec(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete`);
    await exec(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_chain`);
  }
};
type Row = { id: string; chain_seq: string; after: string | null };
const rowAt = async (seq: number) =>
  (
    await queryRows<Row>(
      t.database.db,
      sql`SELECT id::text AS id, chain_seq::text AS chain_seq, after::text AS after FROM audit_log WHERE chain_seq = ${seq}`,
    )
  )[0]!;
const checks = (report: Awaited<ReturnType<typeof verifyAuditChain>>) => report.faults.map((f) => f.check);

describe('tamper-evident audit log', () => {
  it('chains every row to the one before, and JavaScript computes the same hashes as the database', async () => {
    await write('test.plain', null, { a: 1 });
    // Text that an encoding could get wrong: non-ASCII, quotes, backslashes, numbers with trailing zeros.
    await write(
      'test.unicode',
      { name: '日本 😀 "q" \\ ñ', n: '1.50' },
      { list: [1.5, 0.1, true, null], nested: { z: 1, a: 2 } },
    );
    await write('test.nulls', undefined, null, 0);
    const rows = await queryRows<{ chain_seq: string; prev_hash: string; hash: string }>(
      t.database.db,
      sql`SELECT chain_seq::text AS chain_seq, prev_hash, hash FROM audit_log ORDER BY audit_log.chain_seq`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.map((r) => Number(r.chain_seq))).toEqual(rows.map((_, i) => i + 1));
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.hash);
    const report = await verifyAuditChain(t.database.db);
    expect(report).toMatchObject({ sound: true, rows: rows.length, faults: [] });
    expect(report.head).toEqual({ seq: rows.length, hash: rows.at(-1)!.hash });
  });

  it('ignores a place or hash the insert supplies: the trigger sets them', async () => {
    await exec(
      sql`INSERT INTO audit_log (action, chain_seq, prev_hash, hash) VALUES ('test.forged', 999, ${'f'.repeat(64)}, ${'e'.repeat(64)})`,
    );
    const report = await verifyAuditChain(t.database.db);
    expect(report.sound).toBe(true);
    expect(report.head.seq).toBe(report.rows);
  });

  it('keeps one unbroken chain under concurrent writers', async () => {
    const before = (await verifyAuditChain(t.database.db)).rows;
    await Promise.all(Array.from({ length: 40 }, (_, i) => write(`test.concurrent`, null, { i })));
    // A rolled-back writer leaves no row and no gap.
    await expect(
      t.database.db.transaction(async (tx) => {
        await audit(tx, operator(1), 'test.rolled_back', 'test', null, null);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const report = await verifyAuditChain(t.database.db);
    expect(report).toMatchObject({ sound: true, rows: before + 40, faults: [] });
  });

  it('finds a changed row, and is sound again when it is put back', async () => {
    const target = await rowAt(2);
    await withTriggersOff(() => exec(sql`UPDATE audit_log SET after = '{"a": 2}'::jsonb WHERE id = ${Number(target.id)}`));
    const report = await verifyAuditChain(t.database.db);
    expect(report.sound).toBe(false);
    expect(report.faults).toEqual([{ check: 'hash', seq: 2, id: Number(target.id) }]);
    // Rewriting its hash too moves the fault to the next row's link.
    await withTriggersOff(() => exec(sql`UPDATE audit_log SET hash = ${'a'.repeat(64)} WHERE id = ${Number(target.id)}`));
    expect(checks(await verifyAuditChain(t.database.db))).toEqual(['hash', 'link']);
    await withTriggersOff(async () => {
      await exec(sql`UPDATE audit_log SET after = ${target.after}::jsonb WHERE id = ${Number(target.id)}`);
      const [row] = await queryRows<Parameters<typeof chainHash>[0]>(
        t.database.db,
        sql`SELECT chain_seq::text AS chain_seq, id::text AS id,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at, admin_id::text AS admin_id,
              action, target, ip, before::text AS before, after::text AS after, prev_hash
            FROM audit_log WHERE id = ${Number(target.id)}`,
      );
      await exec(sql`UPDATE audit_log SET hash = ${chainHash(row!)} WHERE id = ${Number(target.id)}`);
    });
    expect((await verifyAuditChain(t.database.db)).sound).toBe(true);
  });

  it('finds a deleted row in the middle and at the end', async () => {
    const middle = await rowAt(3);
    await withTriggersOff(() => exec(sql`DELETE FROM audit_log WHERE id = ${Number(middle.id)}`));
    const report = await verifyAuditChain(t.database.db);
    expect(report.faults).toEqual([
      { check: 'sequence', expected: 3, found: 4, id: expect.any(Number) },
      { check: 'link', seq: 4, id: expect.any(Number) },
    ]);

    const { head } = report;
    const last = await rowAt(head.seq);
    await withTriggersOff(() => exec(sql`DELETE FROM audit_log WHERE id = ${Number(last.id)}`));
    expect(checks(await verifyAuditChain(t.database.db))).toEqual(['sequence', 'link', 'head']);
  });

  it('finds a row slipped in past the trigger, with or without a place of its own', async () => {
    await withTriggersOff(() => exec(sql`INSERT INTO audit_log (action, target) VALUES ('test.slipped', 'user:1')`));
    expect(checks(await verifyAuditChain(t.database.db))).toContain('unchained');

    // A forger who knows the encoding chains a row after the head, but cannot move the head as the app.
    const head = (await verifyAuditChain(t.database.db)).head;
    const forged = {
      chain_seq: String(head.seq + 1),
      id: '900000',
      created_at: '2026-01-01T00:00:00.000000Z',
      admin_id: '1',
      action: 'test.forged',
      target: null,
      ip: null,
      before: null,
      after: null,
      prev_hash: head.hash,
    };
    await withTriggersOff(() =>
      exec(sql`INSERT INTO audit_log (id, chain_seq, created_at, admin_id, action, prev_hash, hash)
        OVERRIDING SYSTEM VALUE VALUES (900000, ${head.seq + 1}, '2026-01-01T00:00:00Z', 1, 'test.forged', ${head.hash}, ${chainHash(forged)})`),
    );
    const report = await verifyAuditChain(t.database.db);
    expect(report.faults.filter((f) => f.check === 'head')).toHaveLength(1);
  });

  it("reports through the console's check, super only", async () => {
    const reply = await t.get('admin/audit/verify', { token: superToken });
    expect(reply.type, JSON.stringify(reply)).toBe('ok');
    expect(reply.message.sound).toBe(false);
    expect(reply.message.faults.map((f: { check: string }) => f.check)).toEqual(
      expect.arrayContaining(['sequence', 'link', 'head', 'unchained']),
    );
    expect((await t.get('admin/audit/verify')).type).not.toBe('ok');
  });
});
