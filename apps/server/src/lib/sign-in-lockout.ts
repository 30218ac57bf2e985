import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { AppError } from './app-error.js';

/**
 * Per-account lockout for sign-in, whatever address the attempts come from (the per-IP limits alone
 * let 60 addresses try 60 passwords). Every attempt is counted per account key *before* the password
 * is looked at (`begin`, atomic in the store), so attempts sent at once cannot all slip past the
 * count. The first `freeFailures` attempts are checked; the `freeFailures`-th failure locks the account
 * for `baseSeconds`. Past that, one attempt is checked per lock period (an atomic gate): when it fails,
 * the lock doubles (counting every attempt made, refused ones included) up to `maxSeconds`. A locked
 * account refuses without looking at the password, right or wrong, so it cannot be probed. A success
 * clears the count. Attempts are forgotten `forgetSeconds` after the first one.
 *
 * Unknown accounts are counted and locked exactly like known ones: the lockout tells nobody whether an
 * account exists.
 */
export type LockoutPolicy = { freeFailures: number; baseSeconds: number; maxSeconds: number; forgetSeconds: number };

export const SIGN_IN_LOCKOUT: LockoutPolicy = { freeFailures: 5, baseSeconds: 60, maxSeconds: 3_600, forgetSeconds: 86_400 };

export class SignInLockout {
  private readonly attempts: RateLimiterAbstract;
  private readonly locks: RateLimiterAbstract;

  constructor(
    readonly policy: LockoutPolicy = SIGN_IN_LOCKOUT,
    /** With Redis the counts are shared by every node; a node that loses Redis falls back to its memory. */
    redis?: { client: Redis; prefix: string },
  ) {
    const attempts = { keyPrefix: 'signin-attempt', points: 1_000_000, duration: policy.forgetSeconds };
    const locks = { keyPrefix: 'signin-lock', points: 1, duration: policy.maxSeconds };
    if (redis) {
      this.attempts = new RateLimiterRedis({
        ...attempts,
        keyPrefix: `${redis.prefix}:${attempts.keyPrefix}`,
        storeClient: redis.client,
        insuranceLimiter: new RateLimiterMemory(attempts),
      });
      this.locks = new RateLimiterRedis({
        ...locks,
        keyPrefix: `${redis.prefix}:${locks.keyPrefix}`,
        storeClient: redis.client,
        insuranceLimiter: new RateLimiterMemory(locks),
      });
    } else {
      this.attempts = new RateLimiterMemory(attempts);
      this.locks = new RateLimiterMemory(locks);
    }
  }

  /** The lock after the n-th attempt failed: base, doubling per attempt past the free ones, capped. */
  lockSeconds(n: number): number {
    const over = Math.max(0, n - this.policy.freeFailures);
    return Math.min(this.policy.baseSeconds * 2 ** Math.min(over, 30), this.policy.maxSeconds);
  }

  /** Milliseconds the account stays locked, 0 when it is not. */
  async lockedFor(key: string): Promise<number> {
    const lock = await this.locks.get(key);
    return lock && lock.consumedPoints > 1 ? lock.msBeforeNext : 0;
  }

  /**
   * Counts an attempt before anything is checked; returns its number, or refuses (`account_locked`, with
   * the minutes left) while the account is locked. Past the free attempts only one caller per lock
   * period gets through, however many arrive at once.
   */
  async begin(key: string): Promise<number> {
    const { consumedPoints: n } = await this.attempts.penalty(key, 1);
    if (n <= this.policy.freeFailures) {
      const ms = await this.lockedFor(key);
      if (ms > 0) throw lockedError(ms);
      return n;
    }
    try {
      await this.locks.consume(key, 1, { customDuration: this.lockSeconds(n) });
    } catch (rejection) {
      if (rejection instanceof Error) throw rejection;
      throw lockedError((rejection as { msBeforeNext: number }).msBeforeNext);
    }
    return n;
  }

  /** The n-th attempt failed: from the free allowance on, the account is locked. Returns the lock in seconds. */
  async fail(key: string, n: number): Promise<number> {
    if (n < this.policy.freeFailures) return 0;
    const seconds = this.lockSeconds(n);
    await this.locks.block(key, seconds);
    return seconds;
  }

  /** A right password (and code): the count starts again. Also how a reset unlocks an account. */
  async clear(key: string): Promise<void> {
    await Promise.all([this.attempts.delete(key), this.locks.delete(key)]);
  }
}

export const lockedError = (ms: number) =>
  new AppError('account_locked', { status: 429, values: { minutes: Math.max(1, Math.ceil(ms / 60_000)) } });

/** Account keys: operators by e-mail, users by the account string they type (e-mail or phone number). */
export const operatorKey = (email: string) => `operator:${email.trim().toLowerCase()}`;
export const userKey = (userString: string) => `user:${userString.trim().toLowerCase()}`;

// Keyed by the app's database handle: the same in every plugin scope of one app (sign-in, password
// change and reset must see one count), distinct between apps.
const lockouts = new WeakMap<object, SignInLockout>();
/** The app's lockout, made on first use: in Redis when the app runs as a cluster (like the per-IP limits). */
export function signInLockout(app: FastifyInstance): SignInLockout {
  let lockout = lockouts.get(app.db);
  if (!lockout) {
    const redis = app.cluster ? { client: app.cluster.bus.pub, prefix: app.config.redisPrefix } : undefined;
    lockout = new SignInLockout(SIGN_IN_LOCKOUT, redis);
    lockouts.set(app.db, lockout);
  }
  return lockout;
}
