import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { type LockoutPolicy, SIGN_IN_LOCKOUT, SignInLockout } from './sign-in-lockout.js';

const policy: LockoutPolicy = { freeFailures: 3, baseSeconds: 1, maxSeconds: 4, forgetSeconds: 60 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One failed attempt, as a sign-in makes it: counted first, then reported failed. */
async function failOnce(lockout: SignInLockout, key: string): Promise<number> {
  return lockout.fail(key, await lockout.begin(key));
}

describe('per-account sign-in lockout', () => {
  it('locks from the n-th failure, doubling the lock with each further attempt up to the cap', async () => {
    const lockout = new SignInLockout(policy);
    expect(await failOnce(lockout, 'a')).toBe(0);
    expect(await failOnce(lockout, 'a')).toBe(0);
    expect(await lockout.lockedFor('a')).toBe(0);
    expect(await failOnce(lockout, 'a')).toBe(1);
    expect(await lockout.lockedFor('a')).toBeGreaterThan(500);
    expect([4, 5, 6, 9].map((n) => lockout.lockSeconds(n))).toEqual([2, 4, 4, 4]);
    // Another account is untouched.
    expect(await lockout.lockedFor('b')).toBe(0);
    expect(await lockout.begin('b')).toBe(1);
  });

  it('refuses while locked without counting as checked; after the lock one attempt, whose failure locks longer', async () => {
    const lockout = new SignInLockout(policy);
    for (let i = 0; i < 3; i++) await failOnce(lockout, 'a');
    const first = await lockout.lockedFor('a');
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(1_000);
    await expect(lockout.begin('a')).rejects.toMatchObject({ code: 'account_locked' });
    await sleep(first + 50);
    expect(await lockout.lockedFor('a')).toBe(0);
    // The 5th attempt (the 4th was refused) is checked; its failure locks for 1 × 2² = 4 s.
    expect(await failOnce(lockout, 'a')).toBe(4);
    expect(await lockout.lockedFor('a')).toBeGreaterThan(3_000);
  });

  it('lets only the free attempts and one more through when 20 arrive at once', async () => {
    const lockout = new SignInLockout(policy);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        lockout.begin('a').then(
          () => 'checked',
          (e: AppError) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'checked')).toHaveLength(policy.freeFailures + 1);
    expect(outcomes.filter((o) => o === 'account_locked')).toHaveLength(20 - policy.freeFailures - 1);
  });

  it('refuses with account_locked and the minutes left; a success clears the count', async () => {
    const lockout = new SignInLockout(SIGN_IN_LOCKOUT);
    for (let i = 0; i < SIGN_IN_LOCKOUT.freeFailures; i++) await failOnce(lockout, 'a');
    const refusal = await lockout.begin('a').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ code: 'account_locked', status: 429, options: { values: { minutes: 1 } } });
    await lockout.clear('a');
    expect(await lockout.begin('a')).toBe(1);
  });
});

// Port 18901: a port of this module's own range, for a throwaway Redis.
describe.skipIf(!existsSync('/usr/bin/redis-server'))('with Redis (several nodes)', () => {
  const port = 18901;
  let server: ChildProcess;
  let clients: Redis[] = [];
  beforeAll(async () => {
    server = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {}); // refused until the server listens
      const up = await probe.connect().then(
        () => true,
        () => false,
      );
      probe.disconnect();
      if (up) break;
      await sleep(100);
    }
    clients = [new Redis(port, '127.0.0.1'), new Redis(port, '127.0.0.1')];
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    server?.kill();
  });

  it('counts one account across nodes: failures on two nodes lock it on both', async () => {
    const prefix = `t${Date.now()}`;
    const [a, b] = clients.map((client) => new SignInLockout(policy, { client, prefix })) as [SignInLockout, SignInLockout];
    await failOnce(a, 'operator:x');
    await failOnce(b, 'operator:x');
    expect(await a.lockedFor('operator:x')).toBe(0);
    expect(await failOnce(b, 'operator:x')).toBe(1);
    expect(await a.lockedFor('operator:x')).toBeGreaterThan(0);
    await a.clear('operator:x');
    expect(await b.lockedFor('operator:x')).toBe(0);
  });
});
