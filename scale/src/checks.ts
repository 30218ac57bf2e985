import type { ScaleDatabase } from './database.js';
import type { Ack } from './load.js';

/**
 * What the cluster must hold to after a fault, read straight from PostgreSQL: every acknowledged order
 * present with its acknowledged state or a later legitimate one, and the book every node shows equal
 * to the waiting orders' remainders summed per price.
 */

/** A decimal string in one canonical form ("60000.00" and "60000" are the same price). */
export function norm(text: string): string {
  const t = String(text).trim();
  if (!t.includes('.')) return t.replace(/^(-?)0+(?=\d)/, '$1');
  return t.replace(/0+$/, '').replace(/\.$/, '');
}

/** Exact comparison of two non-negative decimal strings: -1, 0 or 1 (no floats). */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = norm(a).split('.');
  const [bi = '0', bf = ''] = norm(b).split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x === y ? 0 : x < y ? -1 : 1;
}

type OrderRow = { id: string; status: string; filled: string; amount: string; cancel_reason: string | null };

/** Every way the stored orders break what was acknowledged (empty when none). */
export async function ackViolations(db: ScaleDatabase, acks: Ack[], cancelsSent: Set<number>): Promise<string[]> {
  const rows = await db.query<OrderRow>(
    'SELECT id::text, status, filled::text, amount::text, cancel_reason FROM spot_orders WHERE pair_id = 1',
  );
  const stored = new Map(rows.map((r) => [Number(r.id), r]));
  const latest = new Map<number, Ack>();
  for (const ack of acks) {
    const seen = latest.get(ack.orderId);
    // A later acknowledgement (a cancel's reply, say) is the stronger promise.
    if (!seen || ack.at >= seen.at) latest.set(ack.orderId, ack);
  }
  const faults: string[] = [];
  for (const ack of latest.values()) {
    const row = stored.get(ack.orderId);
    const label = `order ${ack.orderId} (acknowledged ${ack.status}, filled ${ack.filled}, by ${ack.node})`;
    if (!row) {
      faults.push(`${label}: missing from the database`);
      continue;
    }
    if (compareDecimal(row.amount, ack.amount) !== 0) faults.push(`${label}: amount ${row.amount}, acknowledged ${ack.amount}`);
    if (compareDecimal(row.filled, ack.filled) < 0) faults.push(`${label}: filled went back to ${row.filled}`);
    const now = `${row.status}${row.cancel_reason ? ` (${row.cancel_reason})` : ''}, filled ${row.filled}`;
    // Ended early (nothing traded: cancelled; something traded: partially filled): it stays so.
    if ((ack.status === 'cancelled' || ack.status === 'partially_filled') && row.status !== ack.status) {
      faults.push(`${label}: now ${now}`);
    }
    if (ack.status === 'completed' && (row.status !== 'completed' || compareDecimal(row.filled, row.amount) !== 0)) {
      faults.push(`${label}: now ${now}`);
    }
    if (ack.status === 'waiting' && (row.status === 'cancelled' || row.status === 'partially_filled')) {
      // Only its owner's cancel, or self-trade prevention when the same user's order crossed it.
      const legit = row.cancel_reason === 'self_trade' || (row.cancel_reason === 'user' && cancelsSent.has(ack.orderId));
      if (!legit) faults.push(`${label}: now ${now}`);
    }
  }
  return faults;
}

export type Levels = { bids: string[][]; asks: string[][] };

/** The book as the waiting orders in the database make it: remainders summed per price, best first. */
export async function bookFromDatabase(db: ScaleDatabase, pairId = 1, levels = 10): Promise<Levels> {
  const rows = await db.query<{ side: string; price: string; quantity: string }>(
    `SELECT side, price::text AS price, sum(amount - filled)::text AS quantity FROM spot_orders
     WHERE pair_id = $1 AND status = 'waiting' GROUP BY side, price`,
    [pairId],
  );
  const side = (name: string, best: number) =>
    rows
      .filter((r) => r.side === name)
      .sort((x, y) => best * compareDecimal(y.price, x.price))
      .slice(0, levels)
      .map((r) => [norm(r.price), norm(r.quantity)]);
  return { bids: side('buy', 1), asks: side('sell', -1) };
}

/** A `market/depth` reply (or `market_depth` push) in the same canonical form. */
export function levelsOf(depth: { bids: string[][]; asks: string[][] }): Levels {
  const side = (list: string[][]) => list.map(([price = '', quantity = '']) => [norm(price), norm(quantity)]);
  return { bids: side(depth.bids), asks: side(depth.asks) };
}
