import { describe, expect, it } from 'vitest';
import { signal } from '../../../test/signal.js';
import { writeLocks } from './write-lock.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('writeLocks', () => {
  it('runs batches one at a time until each releases', async () => {
    const locks = writeLocks();
    const log: string[] = [];
    const first = signal();
    const a = locks.batch(async () => {
      log.push('a start');
      await first.fired;
      log.push('a end');
    });
    const b = locks.batch(async () => {
      log.push('b start');
    });
    await tick();
    expect(log).toEqual(['a start']);
    first.fire();
    await Promise.all([a, b]);
    expect(log).toEqual(['a start', 'a end', 'b start']);
  });

  it('starts the next batch as soon as the one before releases, before it ends', async () => {
    const locks = writeLocks();
    const log: string[] = [];
    const commit = signal();
    const a = locks.batch(async (release) => {
      log.push('a locks');
      release();
      await commit.fired;
      log.push('a commits');
    });
    const b = locks.batch(async () => {
      log.push('b locks');
    });
    await b;
    expect(log).toEqual(['a locks', 'b locks']);
    commit.fire();
    await a;
    expect(log).toEqual(['a locks', 'b locks', 'a commits']);
  });

  it('passes the lock on when a batch fails before releasing', async () => {
    const locks = writeLocks();
    const failed = locks.batch(async () => {
      throw new Error('write failed');
    });
    await expect(failed).rejects.toThrow('write failed');
    await expect(locks.batch(async () => 'next')).resolves.toBe('next');
  });

  it('starts an exclusive task only after every released batch has ended, and holds batches off until it ends', async () => {
    const locks = writeLocks();
    const log: string[] = [];
    const commit = signal();
    const finish = signal();
    const a = locks.batch(async (release) => {
      release();
      await commit.fired;
      log.push('a ended');
    });
    const exclusive = locks.exclusive(async () => {
      log.push('exclusive');
      await finish.fired;
      log.push('exclusive ended');
    });
    const b = locks.batch(async () => {
      log.push('b');
    });
    await tick();
    expect(log).toEqual([]);
    commit.fire();
    await a;
    await tick();
    expect(log).toEqual(['a ended', 'exclusive']);
    finish.fire();
    await Promise.all([exclusive, b]);
    expect(log).toEqual(['a ended', 'exclusive', 'exclusive ended', 'b']);
  });
});
