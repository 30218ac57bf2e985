/**
 * The constraint a unique violation (SQLSTATE 23505) hit, or undefined for any other error. Drivers
 * differ (PGlite, postgres-js) and drizzle may wrap the driver's error in `cause`.
 */
export function isUniqueViolation(error: unknown): string | undefined {
  for (let e = error as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505') return e.constraint ?? e.constraint_name ?? 'unique';
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Whether the error, or one it wraps (drizzle puts the driver's in `cause`), carries this SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === state) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** postgres-js's own codes for a connection that is gone or never came. */
const DRIVER_CONNECTION_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  // Not the driver's: a quick transaction that got no answer in time (db/quick-transaction.ts).
  'TRANSACTION_DEADLINE',
]);

/**
 * Whether an error means the database could not be reached (restarting, down, the network between):
 * the request did nothing and may be tried again, unlike a fault in the request or the code. SQLSTATE
 * class 08 (connection exception) and 57P01–57P03 (shutting down, crashed, not accepting yet) count,
 * with the driver's own connection codes.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; errno?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (DRIVER_CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
