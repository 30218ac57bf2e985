import { describe, expect, it } from 'vitest';
import { TimedOut, within } from './bounded.js';

describe('within', () => {
  it('passes the outcome of work that settles in time', async () => {
    await expect(within(Promise.resolve(7), 1_000, 'a step')).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('refused')), 1_000, 'a step')).rejects.toThrow('refused');
  });

  it('gives up on work that never settles, naming the step', async () => {
    const error = await within(new Promise(() => {}), 20, 'a lock query').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimedOut);
    expect((error as TimedOut).what).toBe('a lock query');
  });

  it('drops a rejection that comes after it gave up (no unhandled rejection)', async () => {
    let fail: (error: Error) => void = () => {};
    const work = new Promise<never>((_, reject) => {
      fail = reject;
    });
    await expect(within(work, 10, 'a step')).rejects.toBeInstanceOf(TimedOut);
    fail(new Error('late'));
    // An unhandled rejection would fail the run; give it a turn to surface.
    await new Promise((r) => setTimeout(r, 10));
  });
});
