import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { adminSessions, admins } from '../db/schema.js';
import { sha256 } from './secrets.js';

/**
 * A console token that still signs in: its session neither revoked nor expired, its operator not
 * disabled. For a query over admin_sessions joined to admins.
 */
export function liveAdminSession(token: string): SQL {
  return and(
    eq(adminSessions.tokenHash, sha256(token)),
    isNull(adminSessions.revokedAt),
    gt(adminSessions.expiresAt, new Date()),
    isNull(admins.disabledAt),
  )!;
}
