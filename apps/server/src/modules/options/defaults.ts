import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { optionSeconds, settings } from '../../db/schema.js';

/**
 * The delivery times a fresh install offers (operators edit them in the console): ratios in percent,
 * stake limits in the stake coin (USDT). A loss ratio of 100 keeps the whole stake on a loss.
 */
export const DEFAULT_OPTION_SECONDS = [
  { seconds: 30, profitRatio: '80', lossRatio: '100', minStake: '10', maxStake: '5000' },
  { seconds: 60, profitRatio: '85', lossRatio: '100', minStake: '10', maxStake: '10000' },
  { seconds: 120, profitRatio: '90', lossRatio: '100', minStake: '50', maxStake: '20000' },
  { seconds: 300, profitRatio: '95', lossRatio: '100', minStake: '100', maxStake: '50000' },
];

/** Marks that the defaults were written once: a time an operator deleted never comes back. */
const SEEDED_KEY = 'options_seeded';

/** Idempotent, called by seed/seed.ts at every start. */
export async function seedOptionDefaults(db: Db): Promise<void> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, SEEDED_KEY)).limit(1);
  if (marker) return;
  await db.transaction(async (tx) => {
    await tx.insert(optionSeconds).values(DEFAULT_OPTION_SECONDS).onConflictDoNothing();
    await tx.insert(settings).values({ key: SEEDED_KEY, value: true }).onConflictDoNothing();
  });
}
