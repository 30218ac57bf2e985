import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { currencies } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { D, type Dec, dec, roundDown, str } from '../../lib/money.js';
import { effectiveRatios } from './repo.js';

/**
 * The referral rebate worker. Trading fees reach the `fees` system account through the trading
 * modules' own ledger writers (spot: the group-committed `LedgerBatch`). Each such posting enqueues
 * itself in `referral_fee_outbox`, by a trigger, in the transaction of the fee; this worker takes the
 * queued postings and, for each fee an invited user paid, credits the inviter's coin account with
 * `fee × ratio` from the fees account, deleting the queue rows in the same transaction — its own, so
 * the trading hot path never waits for it (docs/decisions.md, "Referral rebates").
 *
 * Gap-free: a fee is queued exactly when it commits, so a transaction that commits after fees with
 * higher posting ids were rebated is still found (following posting ids from a cursor missed it on
 * PostgreSQL). Idempotent: one `referral_rebates` row per (fee posting, payer) under a unique key; a
 * posting queued twice credits once. Passes on several nodes take disjoint rows (SKIP LOCKED).
 *
 * Rounding: the exact rebates accrue per inviter and coin; what is credited is the running total
 * rounded down to the coin's decimals, less what was credited before — the sub-unit rest is the
 * inviter's "pending" reward and is paid with a later rebate, never lost and never overpaid.
 */

/**
 * How a fee posting names its payer. Spot (the spot engineer's `spot_fee`, one entry per side of a
 * trade, clearing → fees) names it in the entry's `payer_id`; spot trades
 * written before that (a `spot_trade` entry paying both fees at once) name maker and taker in
 * `spot_trades`. Contract fees (`contract_open`, `contract_close`, and the close fee a liquidation
 * charges) are entries that touch exactly one user's accounts: the posting to the fees account is that
 * user's fee. Options charge no fee (stakes go to the house account), deposit and withdrawal fees are not
 * trading fees: neither is ever rebated.
 */
export const SINGLE_PAYER_FEE_REASONS = ['contract_open', 'contract_close', 'contract_liquidation'];

const BATCH = 500;

/** A fee an invited user paid, not yet rebated. */
type Owed = {
  posting_id: string;
  entry_id: string;
  currency_id: number;
  reason: string;
  invitee_id: number;
  fee: string;
};

export type PassResult = { read: number; rebates: number; credited: string[] };

/** One pass: takes up to BATCH queued fee postings, posts their rebates and removes them from the queue. */
export async function rebatePass(db: Db): Promise<PassResult> {
  return db.transaction(async (tx) => {
    // Locked until this transaction ends; another node's pass skips them and takes the next ones.
    const queued = await queryRows<{ posting_id: string }>(
      tx,
      sql`SELECT posting_id FROM referral_fee_outbox ORDER BY posting_id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    );
    const result: PassResult = { read: queued.length, rebates: 0, credited: [] };
    if (!queued.length) return result;
    const ids = queued.map((q) => Number(q.posting_id));
    const batch = sql`p.id = ANY(${sql.param(ids)}::bigint[])`;
    // Every (fee posting, payer) with an inviter and no rebate yet, in posting order.
    const owed = await queryRows<Owed>(
      tx,
      sql`WITH fp AS (
            SELECT p.id, p.entry_id, p.currency_id, p.amount, e.reason, e.ref_id, e.payer_id
            FROM ledger_postings p
            JOIN ledger_accounts a ON a.id = p.account_id AND a.system_code = 'fees'
            JOIN ledger_entries e ON e.id = p.entry_id
            WHERE ${batch} AND p.amount > 0),
          spot_fee AS (
            SELECT fp.id, fp.entry_id, fp.currency_id, fp.reason, fp.payer_id AS user_id, fp.amount AS fee
            FROM fp WHERE fp.reason = 'spot_fee' AND fp.payer_id IS NOT NULL),
          spot AS (
            SELECT fp.id, fp.entry_id, fp.currency_id, fp.reason, x.user_id, x.fee
            FROM fp
            JOIN spot_trades t ON fp.reason = 'spot_trade'
              AND t.pair_id = split_part(fp.ref_id, ':', 1)::int AND t.id = split_part(fp.ref_id, ':', 2)::bigint
            CROSS JOIN LATERAL (VALUES (t.maker_user_id, t.maker_fee), (t.taker_user_id, t.taker_fee)) AS x(user_id, fee)),
          single AS (
            SELECT fp.id, fp.entry_id, fp.currency_id, fp.reason, min(a.user_id) AS user_id, fp.amount AS fee
            FROM fp
            JOIN ledger_postings q ON q.entry_id = fp.entry_id
            JOIN ledger_accounts a ON a.id = q.account_id AND a.user_id IS NOT NULL
            WHERE fp.reason = ANY(${sql.param(SINGLE_PAYER_FEE_REASONS)}::text[])
            GROUP BY fp.id, fp.entry_id, fp.currency_id, fp.reason, fp.amount
            HAVING count(DISTINCT a.user_id) = 1)
          SELECT s.id AS posting_id, s.entry_id, s.currency_id, s.reason, s.user_id AS invitee_id, s.fee::text AS fee
          FROM (SELECT * FROM spot_fee UNION ALL SELECT * FROM spot UNION ALL SELECT * FROM single) s
          JOIN users u ON u.id = s.user_id AND u.parent_id IS NOT NULL
          WHERE s.fee > 0
            AND NOT EXISTS (SELECT 1 FROM referral_rebates r WHERE r.source_posting_id = s.id AND r.invitee_id = s.user_id)
          ORDER BY s.id, s.user_id`,
    );
    if (owed.length) {
      const decimals = new Map((await tx.select().from(currencies)).map((c) => [c.id, c.decimals]));
      const ratios = await effectiveRatios(
        tx,
        owed.map((o) => o.invitee_id),
      );
      for (const o of owed) {
        const inviter = ratios.get(o.invitee_id);
        if (!inviter || inviter.ratio.lte(0)) continue;
        const credited = await creditRebate(tx, {
          posting: { id: Number(o.posting_id), entryId: Number(o.entry_id), reason: o.reason, currencyId: o.currency_id },
          inviteeId: o.invitee_id,
          inviterId: inviter.inviterId,
          fee: dec(o.fee),
          ratio: inviter.ratio,
          decimals: decimals.get(o.currency_id) ?? 8,
        });
        if (credited) {
          result.rebates++;
          result.credited.push(str(credited));
        }
      }
    }
    await tx.execute(sql`DELETE FROM referral_fee_outbox WHERE posting_id = ANY(${sql.param(ids)}::bigint[])`);
    return result;
  });
}

type RebateInput = {
  posting: { id: number; entryId: number; reason: string; currencyId: number };
  inviteeId: number;
  inviterId: number;
  fee: Dec;
  ratio: Dec;
  decimals: number;
};

/** Records one rebate (once per posting and payer) and credits what the running total allows. */
async function creditRebate(tx: Db, r: RebateInput): Promise<Dec | null> {
  const exact = r.fee.times(r.ratio);
  const [inserted] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO referral_rebates (inviter_id, invitee_id, source_posting_id, source_entry_id, source_reason,
                                      currency_id, fee, ratio, exact, credited)
        VALUES (${r.inviterId}, ${r.inviteeId}, ${r.posting.id}, ${r.posting.entryId}, ${r.posting.reason},
                ${r.posting.currencyId}, ${str(r.fee)}, ${str(r.ratio)}, ${str(exact)}, 0)
        ON CONFLICT (source_posting_id, invitee_id) DO NOTHING
        RETURNING id`,
  );
  if (!inserted) return null; // already rebated
  const [acc] = await queryRows<{ exact_total: string; credited_total: string }>(
    tx,
    sql`INSERT INTO referral_accruals (inviter_id, currency_id, exact_total, credited_total)
        VALUES (${r.inviterId}, ${r.posting.currencyId}, ${str(exact)}, 0)
        ON CONFLICT (inviter_id, currency_id) DO UPDATE SET exact_total = referral_accruals.exact_total + EXCLUDED.exact_total
        RETURNING exact_total::text AS exact_total, credited_total::text AS credited_total`,
  );
  const credit = roundDown(acc!.exact_total, r.decimals).minus(acc!.credited_total);
  if (credit.lte(0)) return new D(0);
  const entryId = await postEntry(tx, { reason: 'referral_rebate', refType: 'referral_rebate', refId: inserted.id }, [
    { account: { system: 'fees', currencyId: r.posting.currencyId }, bucket: 'available', amount: credit.negated() },
    { account: { userId: r.inviterId, kind: 'coin', currencyId: r.posting.currencyId }, bucket: 'available', amount: credit },
  ]);
  await tx.execute(
    sql`UPDATE referral_accruals SET credited_total = credited_total + ${str(credit)}
        WHERE inviter_id = ${r.inviterId} AND currency_id = ${r.posting.currencyId}`,
  );
  await tx.execute(
    sql`UPDATE referral_rebates SET credited = ${str(credit)}, ledger_entry_id = ${entryId} WHERE id = ${inserted.id}`,
  );
  return credit;
}

/**
 * Runs passes every `intervalMs` (and again at once while a pass finds a full batch), so a fee is
 * rebated within about a second. One pass at a time; errors are logged and the next tick retries.
 */
export class RebateWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: { error: (obj: unknown, msg?: string) => void },
    private readonly intervalMs = 500,
  ) {}

  start(): void {
    if (this.timer) return;
    this.stopped = false;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  /** A pass now (tests and the console call it); waits for a pass already under way first. */
  async runOnce(): Promise<PassResult> {
    while (this.running) await this.running;
    let out: PassResult = { read: 0, rebates: 0, credited: [] };
    this.running = (async () => {
      out = await rebatePass(this.db);
    })().finally(() => {
      this.running = null;
    });
    await this.running;
    return out;
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    try {
      await this.runOnce();
    } catch (error) {
      this.log.error({ err: error }, 'referral rebate pass failed');
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    while (this.running) await this.running.catch(() => {});
  }
}
