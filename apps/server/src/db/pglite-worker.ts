import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import type { ThreadReply, ThreadRequest } from './pglite-thread.js';

/**
 * The embedded database on a thread of its own (see pglite-thread.ts): opens PGlite in the data
 * directory it is given and answers one request at a time, in the order they come. Transactions are
 * ordered by the main thread, which sends BEGIN … COMMIT as plain statements and holds everything else
 * back meanwhile.
 */

// The parsers drizzle asks for: date and time values stay as the strings PostgreSQL sends.
const keep = (value: string) => value;
const PARSERS = { [types.TIMESTAMP]: keep, [types.TIMESTAMPTZ]: keep, [types.INTERVAL]: keep, [types.DATE]: keep };

const port = parentPort;
if (!port) throw new Error('pglite-worker runs as a worker thread');
const { dataDir } = workerData as { dataDir: string };

const opening = PGlite.create({ dataDir });

/** The fields of a database error the server reads (the SQLSTATE code, the constraint, details). */
function describe(error: unknown): ThreadReply['error'] {
  const e = error as Record<string, unknown>;
  const out: Record<string, string | undefined> = { message: String(e?.message ?? error) };
  for (const key of ['code', 'constraint', 'detail', 'table', 'column', 'schema', 'severity', 'hint']) {
    if (typeof e?.[key] === 'string') out[key] = e[key] as string;
  }
  return out as ThreadReply['error'];
}

async function handle(db: PGlite, request: ThreadRequest): Promise<unknown> {
  // A transaction's first statement: if BEGIN fails, the statement is not run (and the caller, seeing
  // the error, sends ROLLBACK, which is harmless without a transaction).
  if ((request.op === 'query' || request.op === 'exec') && request.begin) await db.exec('BEGIN');
  if ((request.op !== 'query' && request.op !== 'exec') || !request.commit) return run(db, request);
  // The transaction's last statement: COMMIT behind it, or ROLLBACK if it failed (the caller sends
  // nothing more of this transaction, and what it sends next belongs to another).
  let result: unknown;
  try {
    result = await run(db, request);
  } catch (error) {
    await db.exec('ROLLBACK');
    throw error;
  }
  await db.exec('COMMIT');
  return result;
}

async function run(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const options = {
        rowMode: request.rowMode ?? 'object',
        parsers: PARSERS,
        ...(request.blob ? { blob: new Blob([request.blob]) } : {}),
      } as const;
      const result = await db.query(request.sql, request.params ?? [], options);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec':
      return (await db.exec(request.sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    case 'dump': {
      // A checkpoint first: the data files then hold every committed page, and the restored copy has
      // little write-ahead log to replay when it opens.
      await db.exec('CHECKPOINT');
      // The file system's errors are plain objects with an errno (a socket in the directory, say).
      const blob = (await db.dumpDataDir('gzip').catch((error: { errno?: number; message?: string }) => {
        throw new Error(`the data directory could not be copied: ${error?.message ?? `errno ${error?.errno}`}`);
      })) as Blob;
      return new Uint8Array(await blob.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
  }
}

let chain: Promise<void> = Promise.resolve();
port.on('message', (request: ThreadRequest) => {
  chain = chain.then(async () => {
    try {
      const db = await opening;
      const result = await handle(db, request);
      // A dump's bytes move to the main thread rather than being copied.
      const transfer = result instanceof Uint8Array ? [result.buffer as ArrayBuffer] : [];
      port.postMessage({ id: request.id, result } satisfies ThreadReply, transfer);
    } catch (error) {
      port.postMessage({ id: request.id, error: describe(error) } satisfies ThreadReply);
    }
  });
});

opening.then(
  () => port.postMessage({ id: 0, result: 'ready' } satisfies ThreadReply),
  (error) => port.postMessage({ id: 0, error: describe(error) } satisfies ThreadReply),
);
