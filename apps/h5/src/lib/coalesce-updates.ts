/**
 * Collects state updates that arrive as separate socket messages and applies them as one, `delayMs`
 * after the first of them. The server pushes a tick's ticker, book and trades as separate messages
 * a few milliseconds apart; rendering the page once per tick instead of once per message keeps a
 * phone's main thread free (each render of a market page costs tens of milliseconds on a slow phone).
 */
export type UpdateCoalescer<S> = {
  push: (update: (state: S) => S) => void;
  /** Drops what is pending (the component went away or follows something else now). */
  cancel: () => void;
};

export function coalesceUpdates<S>(
  apply: (update: (state: S) => S) => void,
  delayMs = 50,
  schedule: (run: () => void, ms: number) => () => void = (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
): UpdateCoalescer<S> {
  let pending: ((state: S) => S)[] = [];
  let unschedule: (() => void) | undefined;
  const flush = () => {
    unschedule = undefined;
    const updates = pending;
    pending = [];
    if (updates.length > 0) apply((state) => updates.reduce((next, update) => update(next), state));
  };
  return {
    push(update) {
      pending.push(update);
      unschedule ??= schedule(flush, delayMs);
    },
    cancel() {
      unschedule?.();
      unschedule = undefined;
      pending = [];
    },
  };
}
