import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client.js';

/** Figures read from the database at scrape time: one small query each, all served by an index. */
export type DatabaseFigures = {
  /** Seconds since the oldest open option order's delivery second that has passed (0: none due). */
  settlementLagSeconds: number;
  /** Open option orders whose delivery second has passed. */
  settlementsDue: number;
  /** Age in seconds of the oldest fee posting not yet rebated (0: none waiting). */
  rebateLagSeconds: number;
  /** Fee postings waiting for their rebate. */
  rebatesWaiting: number;
  /** PostgreSQL: this process's connections by state (`active`, `idle`, `idle in transaction`, …). */
  connections?: Record<string, number>;
};

export async function databaseFigures(database: Database, nowMs: number): Promise<DatabaseFigures> {
  const { db } = database;
  const nowSecond = Math.floor(nowMs / 1000);
  // The settler settles a second once its index sample is recorded (a second or two after it ends): an
  // open order still due well after its delivery second is a settlement running late.
  const [due] = await queryRows<{ oldest: string | number | null; n: string | number }>(
    db,
    sql`SELECT min(delivery_second) AS oldest, count(*) AS n FROM option_orders
        WHERE status = 'open' AND delivery_second <= ${nowSecond}`,
  );
  // The outbox is emptied about every second by the rebate worker: its oldest row says how far behind it is.
  const [outbox] = await queryRows<{ oldest: Date | string | null; n: string | number }>(
    db,
    sql`SELECT (SELECT e.created_at FROM referral_fee_outbox o
                  JOIN ledger_postings p ON p.id = o.posting_id
                  JOIN ledger_entries e ON e.id = p.entry_id
                ORDER BY o.posting_id LIMIT 1) AS oldest,
               (SELECT count(*) FROM referral_fee_outbox) AS n`,
  );
  const oldestDue = due?.oldest === null || due?.oldest === undefined ? undefined : Number(due.oldest);
  const oldestFee = outbox?.oldest ? new Date(outbox.oldest).getTime() : undefined;
  const figures: DatabaseFigures = {
    settlementLagSeconds: oldestDue === undefined ? 0 : Math.max(0, nowSecond - oldestDue),
    settlementsDue: Number(due?.n ?? 0),
    rebateLagSeconds: oldestFee === undefined ? 0 : Math.max(0, (nowMs - oldestFee) / 1000),
    rebatesWaiting: Number(outbox?.n ?? 0),
  };
  if (database.pool) {
    const rows = await queryRows<{ state: string | null; n: string | number }>(
      db,
      sql`SELECT coalesce(state, 'unknown') AS state, count(*) AS n FROM pg_stat_activity
          WHERE application_name = ${database.pool.applicationName} GROUP BY 1`,
    );
    const connections: Record<string, number> = {};
    for (const row of rows) connections[row.state ?? 'unknown'] = Number(row.n);
    // The connection running this query is not the application's work.
    if (connections.active) connections.active -= 1;
    figures.connections = connections;
  }
  return figures;
}
