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

type Log = { warn: (obj: object, msg: string) => void; fatal: (obj: object, msg: string) => void };

/**
 * The process's last resort: the driver's write-after-close is logged and survived; any other
 * uncaught error is logged and ends the process as Node would (exit code 1), for the process manager
 * to restart it.
 */
export function guardUncaught(log: Log): void {
  process.on('uncaughtException', (error) => {
    if (isDriverWriteAfterClose(error)) {
      log.warn({ err: error.message }, 'database driver wrote to a closed connection; the connection is dropped');
      return;
    }
    log.fatal({ err: error }, 'uncaught exception');
    process.exit(1);
  });
}
