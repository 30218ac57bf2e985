import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { AppError } from '../lib/app-error.js';
import { D, type Dec, dec, str } from '../lib/money.js';
import { type AccountRef, accountKey, type Bucket, SYSTEM_KIND } from './accounts.js';
import { assertBalanced, type EntryInput, type Leg } from './ledger.js';

type Held = { id: number; isUser: boolean; currencyId: number; available: Dec; frozen: Dec };
type Pending = { entry: EntryInput; legs: { held: Held; bucket: Bucket; amount: Dec; after: Dec }[] };

// Decimal arrays go in as text[] and are cast in SQL: postgres-js (PostgreSQL mode) cannot send a JS
// array as numeric[] (its numeric serializer takes strings only); text[] works on both drivers.

/**
 * `postEntry` for many entries at once, for the spot engine's group commit: the same rules, written
 * with a fixed number of statements however many entries a batch holds.
 *
 * Inside the caller's transaction: `load()` locks the accounts a batch will touch (`SELECT … FOR
 * UPDATE`, creating missing ones) and reads their balances; `post()` checks an entry exactly as
 * `postEntry` does (legs non-zero, summing to zero per currency, no user bucket below zero, else
 * `insufficient_balance` and nothing recorded) and applies it to the balances in memory; `flush()`
 * writes every entry, every posting (with its balance after) and each account's change in one
 * statement (with the caller's own rows, if it passes them). A user bucket that would still go negative is refused by the table's CHECK, which rolls
 * the whole transaction back. The verifier (`verify.ts`) proves these postings like any other.
 */
export class LedgerBatch {
  private readonly held = new Map<string, Held>();
  private readonly pending: Pending[] = [];

  /**
   * `knownIds`: account ids the caller learnt from earlier committed batches (an account's id never
   * changes), so the lock is a plain `id = ANY(…)` lookup instead of a join on the account keys. The
   * caller adds `seenIds()` to it only after its transaction committed (an account created by a batch
   * that rolled back does not exist).
   */
  constructor(
    private readonly tx: Db,
    private readonly knownIds?: ReadonlyMap<string, number>,
  ) {}

  /** The ids of every account this batch locked, by key (for the caller's `knownIds`, after commit). */
  seenIds(): [string, number][] {
    return [...this.held].map(([key, held]) => [key, held.id]);
  }

  /** Locks and reads these accounts (those not loaded yet), creating the missing ones empty. */
  async load(refs: Iterable<AccountRef>): Promise<void> {
    const wanted = new Map<string, AccountRef>();
    for (const ref of refs) {
      const key = accountKey(ref);
      if (!this.held.has(key)) wanted.set(key, ref);
    }
    if (!wanted.size) return;
    await this.select(wanted);
    const missing = [...wanted].filter(([key]) => !this.held.has(key)).map(([, ref]) => ref);
    if (!missing.length) return;
    const users = missing.filter((r): r is Extract<AccountRef, { userId: number }> => 'userId' in r);
    const systems = missing.filter((r): r is Extract<AccountRef, { system: string }> => 'system' in r);
    if (users.length) {
      await this.tx.execute(sql`
        INSERT INTO ledger_accounts (user_id, kind, currency_id)
        SELECT * FROM unnest(${sql.param(users.map((r) => r.userId))}::int[], ${sql.param(users.map((r) => r.kind))}::text[],
                             ${sql.param(users.map((r) => r.currencyId))}::int[])
        ON CONFLICT DO NOTHING`);
    }
    if (systems.length) {
      await this.tx.execute(sql`
        INSERT INTO ledger_accounts (system_code, kind, currency_id)
        SELECT s, ${SYSTEM_KIND}, c FROM unnest(${sql.param(systems.map((r) => r.system))}::text[],
                                                ${sql.param(systems.map((r) => r.currencyId))}::int[]) AS v(s, c)
        ON CONFLICT DO NOTHING`);
    }
    await this.select(new Map(missing.map((r) => [accountKey(r), r])));
    for (const ref of missing)
      if (!this.held.has(accountKey(ref))) throw new Error(`ledger account ${accountKey(ref)} could not be created`);
  }

  private async select(wanted: Map<string, AccountRef>): Promise<void> {
    const known: number[] = [];
    const unknown = new Map<string, AccountRef>();
    for (const [key, ref] of wanted) {
      const id = this.knownIds?.get(key);
      if (id === undefined) unknown.set(key, ref);
      else known.push(id);
    }
    if (known.length) {
      await this.lockRows(wanted, sql`id = ANY(${sql.param(known)}::int[])`);
    }
    if (unknown.size) await this.selectByKeys(unknown);
  }

  private async selectByKeys(wanted: Map<string, AccountRef>): Promise<void> {
    const refs = [...wanted.values()];
    const users = refs.filter((r): r is Extract<AccountRef, { userId: number }> => 'userId' in r);
    const systems = refs.filter((r): r is Extract<AccountRef, { system: string }> => 'system' in r);
    const parts = [];
    if (users.length) {
      parts.push(sql`
        SELECT a.id FROM ledger_accounts a
        JOIN unnest(${sql.param(users.map((r) => r.userId))}::int[], ${sql.param(users.map((r) => r.kind))}::text[],
                    ${sql.param(users.map((r) => r.currencyId))}::int[]) AS v(u, k, c)
          ON a.user_id = v.u AND a.kind = v.k AND a.currency_id = v.c`);
    }
    if (systems.length) {
      parts.push(sql`
        SELECT a.id FROM ledger_accounts a
        JOIN unnest(${sql.param(systems.map((r) => r.system))}::text[], ${sql.param(systems.map((r) => r.currencyId))}::int[]) AS v(s, c)
          ON a.system_code = v.s AND a.kind = ${SYSTEM_KIND} AND a.currency_id = v.c`);
    }
    await this.lockRows(wanted, sql`id IN (${sql.join(parts, sql` UNION ALL `)})`);
  }

  /** Locks and reads the rows matching `where` and keeps the wanted ones. */
  private async lockRows(wanted: Map<string, AccountRef>, where: SQL): Promise<void> {
    type Row = {
      id: number;
      user_id: number | null;
      system_code: string | null;
      kind: string;
      currency_id: number;
      available: string;
      frozen: string;
    };
    // Rows are locked in id order, so two batches never wait on each other in a cycle.
    const rows = await queryRows<Row>(
      this.tx,
      sql`SELECT id, user_id, system_code, kind, currency_id, available::text AS available, frozen::text AS frozen
          FROM ledger_accounts WHERE ${where} ORDER BY id FOR UPDATE`,
    );
    for (const row of rows) {
      const key =
        row.user_id === null ? `s:${row.system_code}:${row.currency_id}` : `u:${row.user_id}:${row.kind}:${row.currency_id}`;
      if (!wanted.has(key) || this.held.has(key)) continue;
      this.held.set(key, {
        id: Number(row.id),
        isUser: row.user_id !== null,
        currencyId: row.currency_id,
        available: dec(row.available),
        frozen: dec(row.frozen),
      });
    }
  }

  private account(ref: AccountRef): Held {
    const held = this.held.get(accountKey(ref));
    if (!held) throw new Error(`ledger account ${accountKey(ref)} was not loaded into the batch`);
    return held;
  }

  /** The balances of a loaded account as the batch has them so far. */
  balance(ref: AccountRef): { available: Dec; frozen: Dec } {
    const held = this.account(ref);
    return { available: held.available, frozen: held.frozen };
  }

  /** Whether `post` would accept these legs now (no user bucket below zero). */
  fits(legs: Leg[]): boolean {
    const change = new Map<Held, { available: Dec; frozen: Dec }>();
    for (const leg of legs) {
      const held = this.account(leg.account);
      const now = change.get(held) ?? { available: held.available, frozen: held.frozen };
      now[leg.bucket] = now[leg.bucket].plus(dec(leg.amount));
      change.set(held, now);
    }
    for (const [held, after] of change)
      if (held.isUser && (after.available.isNegative() || after.frozen.isNegative())) return false;
    return true;
  }

  /** Records one entry (checked as `postEntry` checks it) and applies it to the batch's balances. */
  post(entry: EntryInput, legs: Leg[]): void {
    assertBalanced(entry, legs);
    if (!this.fits(legs)) throw new AppError('insufficient_balance');
    const recorded: Pending['legs'] = [];
    for (const leg of legs) {
      const held = this.account(leg.account);
      const amount = dec(leg.amount);
      held[leg.bucket] = held[leg.bucket].plus(amount);
      recorded.push({ held, bucket: leg.bucket, amount, after: held[leg.bucket] });
    }
    this.pending.push({ entry, legs: recorded });
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Writes what was posted — entries, postings, balance changes — in one statement, together with the
   * caller's own data-modifying CTEs (`name AS (INSERT …)`), so a batch of any size costs one round trip.
   * `select` ends the statement and may read the CTEs (what it returns is the reply).
   */
  async flush(extra: SQL[] = [], select: SQL = sql`SELECT 1`): Promise<Record<string, unknown>[]> {
    const parts = [...this.ctes(), ...extra];
    if (!parts.length) return [];
    return queryRows(this.tx, sql`WITH ${sql.join(parts, sql`, `)} ${select}`);
  }

  /** The pending entries as CTEs named ledger_e, ledger_en, ledger_p and ledger_a (empty when none). */
  private ctes(): SQL[] {
    if (!this.pending.length) return [];
    const pending = this.pending.splice(0);
    const nullable = (v: string | number | undefined) => (v === undefined ? null : String(v));
    const entryOrds: number[] = [];
    const accountIds: number[] = [];
    const currencyIds: number[] = [];
    const buckets: string[] = [];
    const amounts: string[] = [];
    const afters: string[] = [];
    const delta = new Map<Held, { available: Dec; frozen: Dec }>();
    pending.forEach((p, i) => {
      for (const leg of p.legs) {
        entryOrds.push(i + 1);
        accountIds.push(leg.held.id);
        currencyIds.push(leg.held.currencyId);
        buckets.push(leg.bucket);
        amounts.push(str(leg.amount));
        afters.push(str(leg.after));
        const d = delta.get(leg.held) ?? { available: new D(0), frozen: new D(0) };
        d[leg.bucket] = d[leg.bucket].plus(leg.amount);
        delta.set(leg.held, d);
      }
    });
    const changed = [...delta];
    return [
      // Entry ids come from the sequence in the order the rows are inserted; numbering the returned ids
      // in order maps each back to its entry.
      sql`ledger_e AS (
        INSERT INTO ledger_entries (reason, ref_type, ref_id, memo, payer_id)
        SELECT reason, ref_type, ref_id, memo, payer_id
        FROM unnest(${sql.param(pending.map((p) => p.entry.reason))}::text[],
                    ${sql.param(pending.map((p) => nullable(p.entry.refType)))}::text[],
                    ${sql.param(pending.map((p) => nullable(p.entry.refId)))}::text[],
                    ${sql.param(pending.map((p) => nullable(p.entry.memo)))}::text[],
                    ${sql.param(pending.map((p) => p.entry.payerId ?? null))}::int[])
             WITH ORDINALITY AS v(reason, ref_type, ref_id, memo, payer_id, ord)
        ORDER BY ord
        RETURNING id)`,
      sql`ledger_en AS (SELECT id, row_number() OVER (ORDER BY id) AS ord FROM ledger_e)`,
      sql`ledger_p AS (
        INSERT INTO ledger_postings (entry_id, account_id, currency_id, bucket, amount, balance_after)
        SELECT ledger_en.id, v.account_id, v.currency_id, v.bucket, v.amount, v.balance_after
        FROM unnest(${sql.param(entryOrds)}::int[], ${sql.param(accountIds)}::int[], ${sql.param(currencyIds)}::int[],
                    ${sql.param(buckets)}::text[], ${sql.param(amounts)}::text[]::numeric[], ${sql.param(afters)}::text[]::numeric[])
             WITH ORDINALITY AS v(entry_ord, account_id, currency_id, bucket, amount, balance_after, ord)
        JOIN ledger_en ON ledger_en.ord = v.entry_ord
        ORDER BY v.ord)`,
      // Changes, not absolute values: the rows are locked, and a change keeps each balance the sum of
      // its postings whatever it was.
      sql`ledger_a AS (
        UPDATE ledger_accounts a
        SET available = a.available + v.da, frozen = a.frozen + v.df, updated_at = now()
        FROM unnest(${sql.param(changed.map(([h]) => h.id))}::int[],
                    ${sql.param(changed.map(([, d]) => str(d.available)))}::text[]::numeric[],
                    ${sql.param(changed.map(([, d]) => str(d.frozen)))}::text[]::numeric[]) AS v(id, da, df)
        WHERE a.id = v.id)`,
    ];
  }
}
