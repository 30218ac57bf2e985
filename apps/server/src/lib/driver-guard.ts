/**
 * postgres-js 3.4.x can throw from a timer after its socket has gone (a PostgreSQL restart, a dropped
 * connection): `nextWrite` runs from `setImmediate` and calls `socket.write` on a socket it has already
 * set to null (upstream porsager/postgres#1154, #1208). Nothing is lost — the connection is dead and
 * the pool opens a new one, and the query it carried has already failed — but uncaught, the throw ends
 * the process. This recognises exactly that throw and nothing else.
 */
export function isDriverWriteAfterClose(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (!/Cannot read properties of null \(reading 'write'\)/.test(error.message)) return false;
  return /[\\/]node_modules[\\/]postgres[\\/](cjs[\\/])?src[\\/]connection\.js/.test(error.stack ?? '');
}

/** The start of the catalog query postgres-js runs on each new connection (`fetchArrayTypes`). */
const TYPE_FETCH = /select b\.oid, b\.typarray\s+from pg_catalog\.pg_type a/;

/**
 * postgres-js 3.4.x asks each new connection for the server's array types before its first query and
 * drops that query's promise (upstream porsager/postgres#1192, #1223): a connection lost during it (a
 * restart, a dropped link) makes an unhandled rejection. The connection's close has already failed or
 * requeued its queries, and the pool's next connection asks again. The driver's error carries the query
 * it was running, which is how this one is told apart; it may arrive as an Error or, in a test runner,
 * as a serialized copy, so only the `query` text is read.
 */
export function isDriverTypeFetchFailure(reason: unknown): boolean {
  const query = typeof reason === 'object' && reason !== null ? (reason as { query?: unknown }).query : undefined;
  return typeof query === 'string' && TYPE_FETCH.test(query);
}

type Log = { warn: (obj: object, msg: string) => void; fatal: (obj: object, msg: string) => void };

/**
 * The process's last resort: the driver's write-after-close and its lost type fetch are logged and
 * survived; any other uncaught error or unhandled rejection is logged and ends the process as Node would
 * (exit code 1), for the process manager to restart it.
 */
export function guardUncaught(log: Log): void {
  process.on('unhandledRejection', (reason) => {
    if (isDriverTypeFetchFailure(reason)) {
      log.warn({ err: (reason as Error).message }, 'database connection lost while the driver read its types; it reconnects');
      return;
    }
    log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  process.on('uncaughtException', (error) => {
    if (isDriverWriteAfterClose(error)) {
      log.warn({ err: error.message }, 'database driver wrote to a closed connection; the connection is dropped');
      return;
    }
    log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
}
