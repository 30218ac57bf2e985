import { eq } from 'drizzle-orm';
import { newestRow } from '../src/db/rows.js';
import { auditLog } from '../src/db/schema.js';
import type { TestApp } from './test-app.js';

/** The newest audit row of `action`, if any. */
export async function lastAudit(t: TestApp, action: string) {
  return newestRow(t.database.db, auditLog, eq(auditLog.action, action));
}
