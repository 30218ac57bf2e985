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
