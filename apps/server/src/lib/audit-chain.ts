import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/**
 * The audit log's hash chain, checked from outside the database (docs/security.md "Tamper-evident audit
 * log"). The database's insert trigger (migration audit_chain_trigger) gives each row its place
 * (`chain_seq`), the previous row's hash and its own; this module recomputes every hash independently,
 * from the columns as text, and follows the chain from the first row to the head. A row changed,
 * deleted or slipped in breaks it.
 */

/** The first row's `prev_hash`. */
export const GENESIS_HASH = '0'.repeat(64);

/** A chained row's columns as the canonical encoding reads them (text, or null). */
export type ChainRow = {
  chain_seq: string | null;
  id: string;
  created_at: string;
  admin_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: string | null;
  after: string | null;
  prev_hash: string | null;
  hash: string | null;
};

/** "-" for null, else "<UTF-8 byte length>:<text>": self-delimiting, so no two rows encode alike. */
const field = (value: string | null) => (value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`);

/** The row's hash exactly as the trigger computes it (the migration documents the same encoding). */
export function chainHash(row: Omit<ChainRow, 'hash'>): string {
  const text =
    'audit-v1' +
    field(row.chain_seq) +
    field(row.id) +
    field(row.created_at) +
    field(row.admin_id) +
    field(row.action) +
    field(row.target) +
    field(row.ip) +
    field(row.before) +
    field(row.after) +
    field(row.prev_hash);
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export type AuditChainFault =
  /** The row's stored hash is not the hash of its content: it was changed after it was written. */
  | { check: 'hash'; seq: number; id: number }
  /** The row does not name the hash of the row before it: a row before it was changed, removed or added. */
  | { check: 'link'; seq: number; id: number }
  /** Places are not 1, 2, 3…: a row is missing (or one was added with a place of its own). */
  | { check: 'sequence'; expected: number; found: number; id: number }
  /** A row outside the chain (no place or hash): written with the trigger disabled. */
  | { check: 'unchained'; id: number }
  /** The head does not name the last row: rows were removed from, or added to, the end. */
  | { check: 'head'; head_seq: number; head_hash: string; last_seq: number; last_hash: string };

export type AuditChainReport = {
  sound: boolean;
  /** Rows checked, and the head they lead to (an operator may note it to compare later). */
  rows: number;
  head: { seq: number; hash: string };
  faults: AuditChainFault[];
};

const BATCH = 2000;
/** Past this many, the report stops listing faults (the first ones say where the rewrite starts). */
const MAX_FAULTS = 100;

/** Walks the whole chain, oldest first, a batch at a time. */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  const faults: AuditChainFault[] = [];
  const add = (fault: AuditChainFault) => {
    if (faults.length < MAX_FAULTS) faults.push(fault);
  };

  const unchained = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM audit_log WHERE chain_seq IS NULL OR hash IS NULL OR prev_hash IS NULL ORDER BY id LIMIT ${MAX_FAULTS}`,
  );
  for (const row of unchained) add({ check: 'unchained', id: Number(row.id) });

  let expected = 1;
  let previous = GENESIS_HASH;
  let rows = 0;
  let after = 0;
  for (;;) {
    const batch = await queryRows<ChainRow>(
      db,
      sql`SELECT chain_seq::text AS chain_seq, id::text AS id,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at,
            admin_id::text AS admin_id, action, target, ip, before::text AS before, after::text AS after,
            prev_hash, hash
          FROM audit_log WHERE chain_seq > ${after} ORDER BY audit_log.chain_seq LIMIT ${BATCH}`,
    );
    for (const row of batch) {
      const seq = Number(row.chain_seq);
      const id = Number(row.id);
      if (seq !== expected) add({ check: 'sequence', expected, found: seq, id });
      if (row.prev_hash !== previous) add({ check: 'link', seq, id });
      if (row.hash !== chainHash(row)) add({ check: 'hash', seq, id });
      previous = row.hash ?? '';
      expected = seq + 1;
      rows++;
    }
    if (batch.length < BATCH) break;
    after = Number(batch[batch.length - 1]!.chain_seq);
  }

  const [head] = await queryRows<{ seq: string; hash: string }>(
    db,
    sql`SELECT seq::text AS seq, hash FROM audit_chain_head WHERE id = 1`,
  );
  const headSeq = Number(head?.seq ?? 0);
  const headHash = head?.hash ?? GENESIS_HASH;
  const lastSeq = expected - 1;
  if (headSeq !== lastSeq || headHash !== previous) {
    add({ check: 'head', head_seq: headSeq, head_hash: headHash, last_seq: lastSeq, last_hash: previous });
  }
  return { sound: faults.length === 0, rows, head: { seq: headSeq, hash: headHash }, faults };
}
