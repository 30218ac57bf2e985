/** A step of the lock round that did not finish in time; the work itself may still be running. */
export class TimedOut extends Error {
  constructor(
    readonly what: string,
    readonly ms: number,
  ) {
    super(`${what} did not finish within ${ms} ms`);
    this.name = 'TimedOut';
  }
}

/**
 * `work`'s outcome, or a `TimedOut` rejection after `ms`. The lock round must never wait on a query that
 * may not settle (postgres-js leaves a query on a connection that died mid-write pending for good), so
 * it waits this long and moves on; `work` is not cancelled — what it holds must be given up by the
 * caller (the lock connection is destroyed) — and its late outcome is dropped, a rejection included.
 */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(what, ms)), ms);
    timer.unref();
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
