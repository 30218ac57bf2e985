import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  adminSignIn,
  apiOk,
  auditVerify,
  editDataDir,
  indexVerify,
  type ServerProcess,
  startServer,
  stopServer,
} from '../src/server-process.js';

/**
 * The operators' offline checks of the two hash-chained records, run as shipped (`npm run index:verify`,
 * `npm run audit:verify`: the built tools) on the data directory of a stopped server: both pass on the
 * record the server wrote, and each exits 1 once a single stored row of its record is changed behind the
 * application's back (the other record left alone still passes).
 */

const PAIR = 'BTC/USDT';
const dataDir = mkdtempSync(join(tmpdir(), 'record-verify-e2e-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

type Head = { pair_id: number; symbol: string; day: string; head: string | null; samples: number; minutes: number };

describe('index:verify and audit:verify on a stopped server', () => {
  it('pass on the record as written and exit 1 after one recorded row is changed', { timeout: 300_000 }, async () => {
    server = await startServer(dataDir, { MARKET_MAKER: '0' });
    // An operator sign-in is audited: the audit chain has rows to follow.
    await adminSignIn(server.baseUrl);
    // A few seconds of the index record for the pair, as the public page shows it.
    let head: Head | undefined;
    await expect
      .poll(
        async () => {
          const heads = await apiOk(server!.baseUrl, 'GET', `index/heads?pair=${encodeURIComponent(PAIR)}`);
          head = (heads.list as Head[])[0];
          return head?.samples ?? 0;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(5);
    const published = head!;
    expect(published.head).toMatch(/^[0-9a-f]{64}$/);
    await stopServer(server, 'SIGTERM');

    // The record as the server left it.
    const cleanIndex = await indexVerify(dataDir, PAIR, published.day);
    expect(cleanIndex.output).toMatch(
      new RegExp(`${PAIR} ${published.day}: \\d+ samples, \\d+ minutes, head [0-9a-f]{64} — intact`),
    );
    const written = Number(cleanIndex.output.match(/: (\d+) samples/)?.[1]);
    expect(written).toBeGreaterThanOrEqual(published.samples);
    expect(cleanIndex.status).toBe(0);
    const cleanAudit = await auditVerify(dataDir);
    expect(cleanAudit.output).toMatch(/audit log: sound \((\d+) rows chained/);
    expect(Number(cleanAudit.output.match(/sound \((\d+) rows/)?.[1])).toBeGreaterThan(0);
    expect(cleanAudit.status).toBe(0);

    // One recorded sample's price moved by one unit, its hash left as it was.
    const tampered = await editDataDir(dataDir, async (db) => {
      const picked = await db.query<{ second: string }>(
        `SELECT second::text AS second FROM index_samples WHERE pair_id = $1 ORDER BY second LIMIT 1 OFFSET 2`,
        [published.pair_id],
      );
      const second = Number(picked.rows[0]!.second);
      const changed = await db.query('UPDATE index_samples SET price = price + 1 WHERE pair_id = $1 AND second = $2', [
        published.pair_id,
        second,
      ]);
      expect(changed.affectedRows).toBe(1);
      return second;
    });
    const brokenIndex = await indexVerify(dataDir, PAIR, published.day);
    expect(brokenIndex.output).toContain(`${PAIR} ${published.day}`);
    expect(brokenIndex.output).toMatch(/break\(s\)/);
    expect(brokenIndex.output).toContain(`hash_mismatch: {"second":${tampered}`);
    expect(brokenIndex.status).toBe(1);
    // The audit chain is a record of its own: untouched, it still passes.
    expect((await auditVerify(dataDir)).status).toBe(0);

    // One audit row rewritten by someone who can lift the table's append-only guard, then put it back.
    await editDataDir(dataDir, async (db) => {
      await db.exec('ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete');
      const changed = await db.query(
        `UPDATE audit_log SET after = '{"rewritten": true}'::jsonb WHERE chain_seq = (SELECT min(chain_seq) FROM audit_log)`,
      );
      expect(changed.affectedRows).toBe(1);
      await db.exec('ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_update_delete');
    });
    const brokenAudit = await auditVerify(dataDir);
    expect(brokenAudit.output).toMatch(/audit log: \d+ fault\(s\)/);
    expect(brokenAudit.output).toContain('"check":"hash"');
    expect(brokenAudit.status).toBe(1);
  });
});
