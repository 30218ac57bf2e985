import { describe, expect, it } from 'vitest';
import { coalesceUpdates } from './coalesce-updates';

/** A manual clock: `tick()` runs what is due. */
function manual() {
  let due: (() => void) | undefined;
  return {
    schedule: (run: () => void) => {
      due = run;
      return () => {
        due = undefined;
      };
    },
    tick: () => {
      const run = due;
      due = undefined;
      run?.();
    },
  };
}

describe('coalescing stream updates', () => {
  it('applies the updates of one burst together, in order, in one state change', () => {
    const clock = manual();
    let state = { price: '1', trades: [] as string[] };
    let changes = 0;
    const c = coalesceUpdates<typeof state>(
      (update) => {
        changes++;
        state = update(state);
      },
      50,
      clock.schedule,
    );
    c.push((s) => ({ ...s, price: '2' }));
    c.push((s) => ({ ...s, trades: ['a', ...s.trades] }));
    c.push((s) => ({ ...s, trades: ['b', ...s.trades], price: '3' }));
    expect(changes).toBe(0);
    clock.tick();
    expect(changes).toBe(1);
    expect(state).toEqual({ price: '3', trades: ['b', 'a'] });
    // A later burst is a second change.
    c.push((s) => ({ ...s, price: '4' }));
    clock.tick();
    expect(changes).toBe(2);
    expect(state.price).toBe('4');
  });

  it('drops what is pending when cancelled', () => {
    const clock = manual();
    let changes = 0;
    const c = coalesceUpdates<number>(() => changes++, 50, clock.schedule);
    c.push((n) => n + 1);
    c.cancel();
    clock.tick();
    expect(changes).toBe(0);
  });

  it('waits for real time by default', async () => {
    let state = 0;
    const c = coalesceUpdates<number>((update) => {
      state = update(state);
    }, 5);
    c.push((n) => n + 1);
    c.push((n) => n + 1);
    expect(state).toBe(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(state).toBe(2);
  });
});
