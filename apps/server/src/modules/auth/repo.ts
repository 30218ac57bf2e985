import type { accountSecurityApi } from '@app/shared';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowById } from '../../db/rows.js';
import { areaCodes, loginHistory, sessions, users } from '../../db/schema.js';
import { forgetSession, forgetUser } from '../../plugins/session-cache.js';

export type UserRow = typeof users.$inferSelect;

/** What a sign-in attempt came to: part of the API's contract (the login history lists it). */
export type LoginResult = accountSecurityApi.LoginResult;

/**
 * Records a sign-in attempt on a known account (unknown accounts have no history). It sits with the
 * sign-in so that auth needs nothing from account-security, which reads the history and uses auth's sessions.
 */
export async function recordLogin(
  db: Db,
  userId: number,
  client: { ip: string; userAgent?: string },
  result: LoginResult,
): Promise<void> {
  await db.insert(loginHistory).values({ userId, ip: client.ip, userAgent: client.userAgent?.slice(0, 300), result });
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** Users with this national number; with an area code at most one. */
export async function findUsersByPhone(db: Db, phone: string, areaCode?: string): Promise<UserRow[]> {
  const where = areaCode ? and(eq(users.phone, phone), eq(users.areaCode, areaCode)) : eq(users.phone, phone);
  return db.select().from(users).where(where).limit(2);
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return rowById(db, users, id);
}

export async function findUserByInviteCode(db: Db, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.extensionCode, code)).limit(1);
  return row;
}

export async function areaCodeExists(db: Db, areaCode: string): Promise<boolean> {
  const [row] = await db.select({ id: areaCodes.id }).from(areaCodes).where(eq(areaCodes.areaCode, areaCode)).limit(1);
  return Boolean(row);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no user');
  return row;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
  // Signed-in requests must see the change (password, fund password, contacts) at once.
  forgetUser(id);
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/**
 * Whether the user ever had a session (live or ended, registration's included) from this user agent
 * (as stored: at most 300 characters): a sign-in from any other is from a new device.
 */
export async function hasSessionWithAgent(db: Db, userId: number, userAgent: string | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), userAgent === undefined ? isNull(sessions.userAgent) : eq(sessions.userAgent, userAgent)),
    )
    .limit(1);
  return Boolean(row);
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  forgetSession(sessionId);
}

/** Revokes every live session of a user, except `keep` when given. */
export async function revokeUserSessions(db: Db, userId: number, keep?: number): Promise<void> {
  const where = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keep !== undefined) where.push(ne(sessions.id, keep));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...where));
  // The cache of every signed-in request drops them (session-cache.ts: also holds them off until commit).
  forgetUser(userId);
}
