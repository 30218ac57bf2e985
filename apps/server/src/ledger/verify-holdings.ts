import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/** One broken rule found by a ledger check: which check, and the rows that break it. */
export type LedgerFault = { check: string; detail: Record<string, unknown> };

/**
 * The ledger against the business records that say why money is held. A balance can equal the sum of
 * its postings and still be wrong if a posting was written for the wrong order, twice, or not at all;
 * these checks tie every held amount to what holds it:
 * - an option order's postings on its owner's option account: −stake while open, payout − stake once
 *   settled (the stake goes to the house at purchase, the payout comes back at settlement);
 * - a user's contract account frozen = Σ margin of held positions + Σ (margin + opening fee) reserved by
 *   waiting limit entries;
 * - a user's coin account frozen = Σ what waiting spot orders still lock (locked − used, in the coin they
 *   froze) + pending withdrawals (amount + fee) + pending subscriptions (in the subscription currency) +
 *   subscribed coins still in their lock-up;
 * - a user's trust account frozen = Σ principal of hosting wealth orders.
 * Each returns at most 100 rows per check.
 */
export async function verifyHoldings(db: Db): Promise<LedgerFault[]> {
  const faults: LedgerFault[] = [];
  const add = async (check: string, query: ReturnType<typeof sql>) => {
    for (const detail of await queryRows(db, query)) faults.push({ check, detail });
  };

  await add(
    'option order equals its postings',
    sql`WITH moved AS (
          SELECT e.ref_id, a.user_id, sum(p.amount) AS net
          FROM ledger_entries e
          JOIN ledger_postings p ON p.entry_id = e.id
          JOIN ledger_accounts a ON a.id = p.account_id AND a.user_id IS NOT NULL AND a.kind = 'option'
          WHERE e.ref_type = 'option_order'
          GROUP BY e.ref_id, a.user_id)
        SELECT o.id AS order_id, o.user_id, o.status, o.stake::text AS stake, o.payout::text AS payout,
               coalesce(m.net, 0)::text AS postings
        FROM option_orders o
        LEFT JOIN moved m ON m.ref_id = o.id::text AND m.user_id = o.user_id
        WHERE coalesce(m.net, 0) <> coalesce(o.payout, 0) - o.stake
        LIMIT 100`,
  );

  await add(
    'contract margins equal the frozen balance',
    frozenMismatches(
      'contract',
      sql`SELECT c.user_id, p.legal_id AS currency_id,
                 sum(CASE WHEN c.status = 'holding' THEN c.margin ELSE c.margin + c.open_fee END) AS frozen
          FROM contract_positions c JOIN pairs p ON p.id = c.pair_id
          WHERE c.status IN ('entrusted', 'holding')
          GROUP BY c.user_id, p.legal_id`,
      'positions',
    ),
  );

  await add(
    'coin frozen equals spot locks, withdrawals and subscriptions',
    frozenMismatches(
      'coin',
      sql`SELECT user_id, currency_id, sum(amount) AS frozen, string_agg(DISTINCT source, ',') AS sources
          FROM (
            SELECT o.user_id, CASE WHEN o.side = 'buy' THEN p.legal_id ELSE p.currency_id END AS currency_id,
                   o.locked - o.used AS amount, 'spot' AS source
            FROM spot_orders o JOIN pairs p ON p.id = o.pair_id
            WHERE o.status = 'waiting'
            UNION ALL
            SELECT user_id, currency_id, amount + fee, 'withdrawal' FROM withdrawals WHERE status = 'pending'
            UNION ALL
            SELECT s.user_id, j.subscribe_currency_id, s.amount, 'subscription'
            FROM subscription_orders s JOIN subscription_projects j ON j.id = s.project_id
            WHERE s.status = 'pending'
            UNION ALL
            SELECT s.user_id, j.currency_id, s.quantity, 'lock-up'
            FROM subscription_orders s JOIN subscription_projects j ON j.id = s.project_id
            WHERE s.status = 'launched' AND s.unlocked_at IS NULL AND s.quantity > 0) AS holds
          GROUP BY user_id, currency_id`,
      'held',
      sql`, held.sources`,
    ),
  );

  await add(
    'trust frozen equals hosting wealth orders',
    frozenMismatches(
      'trust',
      sql`SELECT user_id, currency_id, sum(amount) AS frozen FROM wealth_orders WHERE status = 'hosting'
          GROUP BY user_id, currency_id`,
      'hosting',
    ),
  );
  return faults;
}

/**
 * The users' accounts of one kind whose frozen balance is not the sum that `held` (rows of user_id,
 * currency_id and frozen) says they hold, either side missing counting as 0: each with its frozen
 * balance, the held sum named `heldAs`, and `more` of held's columns.
 */
function frozenMismatches(kind: string, held: SQL, heldAs: string, more: SQL = sql``): SQL {
  return sql`WITH held AS (${held}),
        acc AS (SELECT user_id, currency_id, frozen FROM ledger_accounts WHERE user_id IS NOT NULL AND kind = ${kind})
        SELECT coalesce(acc.user_id, held.user_id) AS user_id, coalesce(acc.currency_id, held.currency_id) AS currency_id,
               coalesce(acc.frozen, 0)::text AS frozen, coalesce(held.frozen, 0)::text AS ${sql.identifier(heldAs)}${more}
        FROM acc FULL JOIN held ON held.user_id = acc.user_id AND held.currency_id = acc.currency_id
        WHERE coalesce(acc.frozen, 0) <> coalesce(held.frozen, 0)
        LIMIT 100`;
}
