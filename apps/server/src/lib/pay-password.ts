import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { payPasswordFailures, users } from '../db/schema.js';
import { AppError } from './app-error.js';
import { verifyPassword } from './secrets.js';

/** Wrong fund-password guesses a user may make in an hour; the next attempt, right or wrong, is refused. */
export const PAY_PASSWORD_MAX_FAILURES = 5;
const WINDOW_MS = 3_600_000;

export type PayPasswordOutcome = 'ok' | 'wrong' | 'rate_limited';

/**
 * Locks the user's row for the rest of the transaction and returns it (fresh, not the token's copy).
 * NO KEY UPDATE serializes the user's money requests without holding up inserts that merely
 * reference the user (sessions, messages, deposits).
 */
export async function lockUser(tx: Db, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!row) throw new AppError('not_logged_in');
  return row;
}

/** The outcome of argon2 against the hash it ran on; computed before any lock is taken. */
export type PayPasswordProof = { hash: string | null; ok: boolean };

/**
 * Verifies a fund password outside any transaction: argon2 is slow, and parallel requests verify in
 * parallel instead of one after another under a lock. The verdict only counts once settled under
 * the user's row lock (settlePayPassword).
 */
export async function verifyPayPassword(user: { payPasswordHash: string | null }, password: string): Promise<PayPasswordProof> {
  const hash = user.payPasswordHash;
  return { hash, ok: hash ? await verifyPassword(hash, password) : false };
}

/**
 * Decides a fund-password attempt inside a transaction that holds the user's row lock (lockUser), so
 * parallel attempts are decided one at a time: once five wrong ones are recorded in the hour, every
 * later one is refused, right or wrong, and reveals nothing. A wrong attempt is recorded here: the
 * caller must commit it (return, don't throw, from the transaction) and refuse afterwards with
 * payPasswordError.
 */
export async function settlePayPassword(
  tx: Db,
  locked: { id: number; payPasswordHash: string | null },
  password: string,
  proof: PayPasswordProof,
  now = new Date(),
): Promise<PayPasswordOutcome> {
  if (!locked.payPasswordHash) throw new AppError('pay_password_not_set');
  const [row] = await tx
    .select({ n: count() })
    .from(payPasswordFailures)
    .where(
      and(eq(payPasswordFailures.userId, locked.id), gt(payPasswordFailures.createdAt, new Date(now.getTime() - WINDOW_MS))),
    );
  if ((row?.n ?? 0) >= PAY_PASSWORD_MAX_FAILURES) return 'rate_limited';
  // The password changed between the check and the lock (rare): check against the current one.
  const ok = proof.hash === locked.payPasswordHash ? proof.ok : await verifyPassword(locked.payPasswordHash, password);
  if (ok) return 'ok';
  await tx.insert(payPasswordFailures).values({ userId: locked.id, createdAt: now });
  return 'wrong';
}

export function payPasswordError(outcome: Exclude<PayPasswordOutcome, 'ok'>): AppError {
  return outcome === 'rate_limited'
    ? new AppError('rate_limited')
    : new AppError('pay_password_wrong', { fields: { pay_password: 'pay_password_wrong' } });
}
