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

/** `begin`: run BEGIN first (a transaction's first statement carries it, saving a round trip). */
type RequestBody =
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'object' | 'array'; blob?: Uint8Array; begin?: boolean }
  | { op: 'exec'; sql: string; begin?: boolean }
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

  private async direct<T>(sql: string, params?: unknown[], options?: QueryOptions, begin = false): Promise<ThreadResults<T>> {
    const blob = options?.blob ? new Uint8Array(await options.blob.arrayBuffer()) : undefined;
    return this.send<ThreadResults<T>>({
      op: 'query',
      sql,
      params,
      rowMode: options?.rowMode,
      ...(blob ? { blob } : {}),
      ...(begin ? { begin } : {}),
    });
  }

  /** Runs `work` when no transaction is running; nothing else starts a transaction meanwhile. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.turn.then(work);
    this.turn = run.then(
      () => {},
      () => {},
    );
    return run;
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResults<T>> {
    return this.exclusive(() => this.direct<T>(sql, params, options));
  }

  exec(sql: string): Promise<ThreadResults[]> {
    return this.exclusive(() => this.send<ThreadResults[]>({ op: 'exec', sql }));
  }

  /**
   * BEGIN, the callback's statements, then COMMIT — or ROLLBACK if the callback throws. BEGIN travels
   * with the first statement (one message fewer per transaction: each message waits for this thread's
   * event loop, which is busy with requests); a callback that sends nothing opens no transaction.
   */
  transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.exclusive(async () => {
      let begun = false;
      // Marked when the first statement is sent, synchronously: statements sent together keep their order.
      const opening = () => {
        if (begun) return false;
        begun = true;
        return true;
      };
      const tx: ThreadTransaction = {
        query: (sql, params, options) => this.direct(sql, params, options, opening()),
        exec: (sql) => this.send({ op: 'exec', sql, ...(opening() ? { begin: true } : {}) }),
      };
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        if (begun) await this.direct('ROLLBACK').catch(() => {});
        throw error;
      }
      if (begun) await this.direct('COMMIT');
      return result;
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.exclusive(() => this.send({ op: 'close' }));
    this.closed = true;
    await this.worker.terminate();
  }
}
