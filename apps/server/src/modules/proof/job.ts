import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { buildSnapshot } from './service.js';

/**
 * The daily proof-of-liabilities snapshot: five minutes past midnight UTC, and once at start so a
 * server that was down at midnight catches up. Each run is idempotent for its day (buildSnapshot).
 */
// Five minutes past midnight UTC (seconds field first).
const PROOF_SCHEDULE = '0 5 0 * * *';

export function startProofJob(db: Db, log: FastifyBaseLogger): { stop: () => void; nextRun: () => Date | null } {
  const run = async () => {
    try {
      const { snapshot, created } = await buildSnapshot(db);
      if (created) log.info({ day: snapshot.day, users: snapshot.userCount }, 'proof of liabilities published');
    } catch (error) {
      log.error({ err: error }, 'proof-of-liabilities snapshot failed; the next run retries');
    }
  };
  const job = new Cron(PROOF_SCHEDULE, { timezone: 'UTC', protect: true }, run);
  void run();
  return { stop: () => job.stop(), nextRun: () => job.nextRun() };
}
