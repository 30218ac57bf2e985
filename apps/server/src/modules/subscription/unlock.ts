import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { subscriptionProjects } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { D } from '../../lib/money.js';
import { claimUnlock, dueUnlocks } from './repo.js';

/**
 * The lock-up: launch credits a subscriber's new coins to the frozen bucket of their coin account, so
 * they show in assets but cannot be transferred, withdrawn or sold. Once `unlock_at` has passed, this
 * job moves them to available, one order per transaction. The order is claimed (`unlocked_at` set
 * where it was null) in the same transaction as the ledger entry, so running twice — or on two nodes —
 * releases once, and a run missed while the server was down is caught up by the next one.
 */
export async function releaseDueUnlocks(db: Db, now = new Date(), batch = 200): Promise<number> {
  let released = 0;
  for (;;) {
    const due = await dueUnlocks(db, now, batch);
    if (due.length === 0) return released;
    for (const order of due) {
      const done = await db.transaction(async (tx) => {
        const claimed = await claimUnlock(tx, order.id);
        if (!claimed) return false;
        const quantity = new D(claimed.quantity ?? 0);
        if (quantity.gt(0)) {
          const [project] = await tx
            .select({ currencyId: subscriptionProjects.currencyId })
            .from(subscriptionProjects)
            .where(eq(subscriptionProjects.id, claimed.projectId))
            .limit(1);
          const account = { userId: claimed.userId, kind: 'coin' as const, currencyId: project!.currencyId! };
          await postEntry(tx, { reason: 'subscription_unlock', refType: 'subscription_order', refId: claimed.id }, [
            { account, bucket: 'frozen', amount: quantity.negated() },
            { account, bucket: 'available', amount: quantity },
          ]);
        }
        return true;
      });
      if (done) released++;
    }
    if (due.length < batch) return released;
  }
}

/** Runs the release every minute (at second 7, off the minute's busiest instant); stop() on close. */
export function startUnlockJob(db: Db, log: FastifyBaseLogger): { stop: () => void } {
  const job = new Cron('7 * * * * *', { protect: true }, async () => {
    try {
      const n = await releaseDueUnlocks(db);
      if (n > 0) log.info({ released: n }, 'subscription lock-ups released');
    } catch (error) {
      log.error({ err: error }, 'subscription unlock job failed; the next run retries');
    }
  });
  // A restart releases what came due while the server was down without waiting for the first tick.
  void job.trigger();
  return { stop: () => job.stop() };
}
