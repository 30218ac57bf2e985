type DriverError = { code?: unknown; constraint?: string; constraint_name?: string; cause?: unknown };

/**
 * The error and those it wraps, outermost first: drivers differ (PGlite, postgres-js) and drizzle may
 * wrap the driver's error in `cause`. A few levels at most, so a cycle of causes cannot loop.
 */
function* errorChain(error: unknown): Generator<DriverError> {
  let e = error as DriverError | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e;
    e = e.cause as DriverError | undefined;
  }
}

/** The constraint a unique violation (SQLSTATE 23505) hit, or undefined for any other error. */
export function isUniqueViolation(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    if (e.code === '23505') return e.constraint ?? e.constraint_name ?? 'unique';
  }
  return undefined;
}

/** Whether the error, or one it wraps, carries this SQLSTATE. */
export function hasSqlState(error: unknown, state: string): boolean {
  for (const e of errorChain(error)) if (e.code === state) return true;
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
  for (const e of errorChain(error)) {
    const code = typeof e.code === 'string' ? e.code : undefined;
    if (code && (DRIVER_CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))) return true;
  }
  return false;
}
