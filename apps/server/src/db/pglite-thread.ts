import { Worker } from 'node:worker_threads';

/**
 * The embedded database (PGlite) on a worker thread, behind the part of PGlite's interface that drizzle
 * and the candle store use: `query`, `exec`, `transaction`, `close`.
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly and runs on the thread that calls it. On the request
 * thread it took about half of the time of an order placement, while the machine's second core idled.
 * On its own thread the SQL runs in parallel with parsing, validating, matching and replying.
 *
 * PGlite has one connection. A transaction must see no statement of anyone else between its BEGIN and
 * its COMMIT, so every statement outside a transaction waits for the running one to end (as PGlite
 * itself does in-process); statements inside it go straight through. Errors come back with the fields
 * the server reads (`code`, `constraint`, ...).
 */

/**
 * `begin`: run BEGIN first (a transaction's first statement carries it, saving a round trip).
 * `commit`: run COMMIT right after the statement, or ROLLBACK if it fails (a transaction's last statement).
 */
type Ends = { begin?: boolean; commit?: boolean };
type RequestBody =
  | ({ op: 'query'; sql: string; params?: unknown[]; rowMode?: 'object' | 'array'; blob?: Uint8Array } & Ends)
  | ({ op: 'exec'; sql: string } & Ends)
  | { op: 'dump' }
  | { op: 'close' };
export type ThreadRequest = RequestBody & { id: number };

export type ThreadReply = {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string; constraint?: string; detail?: string };
};

type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: unknown; blob?: Blob };
export type ThreadResults<T = Record<string, unknown>> = {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

/** A transaction of the thread, from its first statement to the one that carries its COMMIT. */
type Running = { begun: boolean; commitNext: boolean; ended: boolean };

/** What a transaction's callback gets: the same statements, run inside the transaction. */
export type ThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>>;
  exec(sql: string): Promise<ThreadResults[]>;
};

export class PgliteThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** The end of the transaction running now (or of the last one): what statements outside it wait for. */
  private turn: Promise<void> = Promise.resolve();
  /** The transaction holding the turn, if any. */
  private current: Running | undefined;
  private readonly ready: Promise<void>;
  private closed = false;

  private constructor(workerUrl: URL, dataDir: string) {
    this.worker = new Worker(workerUrl, { workerData: { dataDir } });
    let opened: (v: unknown) => void = () => {};
    let failed: (e: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      opened = () => resolve();
      failed = reject;
    });
    this.waiting.set(0, { resolve: opened, reject: failed });
    this.worker.on('message', (reply: ThreadReply) => {
      const pending = this.waiting.get(reply.id);
      if (!pending) return;
      this.waiting.delete(reply.id);
      if (reply.error) pending.reject(Object.assign(new Error(reply.error.message), reply.error));
      else pending.resolve(reply.result);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`the database thread stopped (exit code ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir`. */
  static async open(dataDir: string, workerUrl = new URL('./pglite-worker.js', import.meta.url)): Promise<PgliteThread> {
    const thread = new PgliteThread(workerUrl, dataDir);
    await thread.ready;
    return thread;
  }

  private failAll(error: Error): void {
    for (const pending of this.waiting.values()) pending.reject(error);
    this.waiting.clear();
  }

  private send<T>(request: RequestBody): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Sends a statement; without a blob, synchronously (statements sent one after another keep their order). */
  private direct<T>(sql: string, params?: unknown[], options?: QueryOptions, ends: Ends = {}): Promise<ThreadResults<T>> {
    const request = (blob?: Uint8Array) =>
      this.send<ThreadResults<T>>({ op: 'query', sql, params, rowMode: options?.rowMode, ...(blob ? { blob } : {}), ...ends });
    if (!options?.blob) return request();
    if (ends.commit) return Promise.reject(new Error('a statement with a blob cannot carry the COMMIT'));
    return options.blob.arrayBuffer().then((buffer) => request(new Uint8Array(buffer)));
  }

  /**
   * Runs `work` when no transaction is running; nothing else starts a transaction meanwhile. `release()`
   * lets the next one start before `work` ends: once a transaction's COMMIT is sent, whatever is sent
   * after it runs after it on the thread, which takes requests in order.
   */
  private exclusive<T>(work: (release: () => void) => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const run = this.turn.then(() => work(release));
    run.then(release, release);
    this.turn = released;
    return run;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>> {
    return this.exclusive(() => this.direct<T>(sql, params, options));
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.exclusive(() => this.send<ThreadResults[]>({ op: 'exec', sql }));
  }

  /**
   * The running transaction's next statement carries its COMMIT (`Database.quickTransaction`): the two
   * go to the thread in one message, and the next transaction may send its statements right behind it.
   */
  commitWithNext(): void {
    if (!this.current) throw new Error('commitWithNext() outside a transaction');
    this.current.commitNext = true;
  }

  /**
   * BEGIN, the callback's statements, then COMMIT — or ROLLBACK if the callback throws. BEGIN travels
   * with the first statement (one message fewer per transaction: each message waits for this thread's
   * event loop, which is busy with requests); a callback that sends nothing opens no transaction.
   */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.exclusive(async (release) => {
      const running: Running = { begun: false, commitNext: false, ended: false };
      this.current = running;
      // Worked out as each statement is sent, synchronously: statements sent together keep their order.
      const ends = (): Ends => {
        if (running.ended) throw new Error('the transaction has ended');
        const begin = !running.begun;
        running.begun = true;
        if (!running.commitNext) return begin ? { begin } : {};
        running.commitNext = false;
        running.ended = true;
        return { ...(begin ? { begin } : {}), commit: true };
      };
      // A statement that carries the COMMIT ends the transaction here: nothing of it is sent after it.
      const sent = <R>(flags: Ends, request: Promise<R>) => {
        if (flags.commit) {
          if (this.current === running) this.current = undefined;
          release();
        }
        return request;
      };
      const tx: ThreadTransaction = {
        query: (sql, params, options) => {
          const flags = ends();
          return sent(flags, this.direct(sql, params, options, flags));
        },
        exec: (sql) => {
          const flags = ends();
          return sent(flags, this.send({ op: 'exec', sql, ...flags }));
        },
      };
      let result: T;
      try {
        result = await callback(tx);
        if (running.commitNext) throw new Error('commitWithNext() was called, but no statement followed it');
      } catch (error) {
        // Once the COMMIT went out the thread has ended the transaction (a failed statement rolls it back).
        if (running.begun && !running.ended) await this.direct('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        if (this.current === running) this.current = undefined;
      }
      if (running.begun && !running.ended) await this.direct('COMMIT');
      return result;
    });
  }

  /**
   * A copy of the whole data directory as a gzipped tar (PGlite's `dumpDataDir`), taken between two
   * transactions: it waits for the running one to end, and the next waits for the copy. The copy is
   * what a clean shutdown at that instant would leave behind.
   */
  dump(): Promise<Uint8Array> {
    return this.exclusive(() => this.send<Uint8Array>({ op: 'dump' }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.exclusive(() => this.send({ op: 'close' }));
    this.closed = true;
    await this.worker.terminate();
  }
}
