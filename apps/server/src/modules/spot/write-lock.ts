/**
 * The order in which spot transactions take their locks, across every pair's book.
 *
 * A spot batch locks its ledger accounts in two reads (the accounts of those placing, then those of the
 * makers it released), so two batches taking locks at the same time could wait on each other in a cycle.
 * One batch at a time takes locks: it holds this lock until its last statement (the write, with the
 * COMMIT behind it) is on its way, then calls `release()`. From then on it takes no new lock in the
 * database, only waits for its COMMIT, so the next batch may start meanwhile: its reads queue in the
 * database behind the accounts the first still holds (every batch of a pair locks that pair's fees
 * account) and answer with what the first committed. A batch waiting in the database only ever waits
 * for one that already released this lock, never the other way round: no cycle.
 *
 * `exclusive` is for the rare transactions outside the books (a pair listed, a tick size changed): it
 * starts only once no batch is taking locks and every released batch has ended, so it sees everything
 * those batches wrote.
 */
export type WriteLocks = {
  batch<T>(task: (release: () => void) => Promise<T>): Promise<T>;
  exclusive<T>(task: () => Promise<T>): Promise<T>;
};

export function writeLocks(): WriteLocks {
  let tail: Promise<void> = Promise.resolve();
  const ending = new Set<Promise<void>>();
  const settledOf = (run: Promise<unknown>) =>
    run.then(
      () => {},
      () => {},
    );

  return {
    batch(task) {
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const run = tail.then(() => {
        // Counted from its start: an exclusive task queued before this batch must not wait for it.
        const running = task(release);
        const ended = settledOf(running);
        ending.add(ended);
        void ended.then(() => {
          ending.delete(ended);
          release();
        });
        return running;
      });
      // A batch that never started (its task threw at once) still passes the lock on.
      run.catch(() => release());
      tail = released;
      return run;
    },
    exclusive(task) {
      const run = tail.then(async () => {
        await Promise.all([...ending]);
        return task();
      });
      tail = settledOf(run);
      return run;
    },
  };
}
