import { accountSecurityApi } from '@app/shared';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { loginHistory, sessions, userAntiPhishing, users } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { offsetOf, type Paged } from '../../lib/paging.js';
import { forgetUser } from '../../plugins/session-cache.js';
import { revokeSession, revokeUserSessions } from '../auth/service.js';

/**
 * A user's own security: login history, live sessions (and signing the others out), the
 * anti-phishing code shown in every e-mail; and operators freezing an account with a reason.
 */

export async function loginHistoryOf(
  db: Db,
  userId: number,
  page: number,
  limit: number,
): Promise<Paged<accountSecurityApi.LoginRecord>> {
  const where = eq(loginHistory.userId, userId);
  const { rows, total } = await selectPage(
    db,
    { rows: db.select().from(loginHistory).$dynamic(), count: loginHistory, where, orderBy: [desc(loginHistory.id)] },
    { limit, offset: offsetOf(page, limit) },
  );
  return {
    list: rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      user_agent: r.userAgent,
      // (the column is text; recordLogin writes only a LoginResult)
      result: r.result as accountSecurityApi.LoginResult,
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

/** The user's live sessions, newest first; `current` marks the one making the request. */
export async function liveSessionsOf(db: Db, userId: number, currentSessionId: number) {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.id))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    ip: s.ip,
    user_agent: s.userAgent,
    current: s.id === currentSessionId,
    created_at: s.createdAt.toISOString(),
    expires_at: s.expiresAt.toISOString(),
  }));
}

/** Ends one of the user's own sessions; another user's or an ended one → not_found. */
export async function endSession(db: Db, userId: number, sessionId: number): Promise<void> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) throw new AppError('not_found');
  await revokeSession(db, sessionId);
}

/** Signs out every other device: all the user's sessions but this one end. Returns how many were live. */
export async function endOtherSessions(db: Db, userId: number, currentSessionId: number): Promise<number> {
  const before = (await liveSessionsOf(db, userId, currentSessionId)).filter((s) => !s.current).length;
  await revokeUserSessions(db, userId, currentSessionId);
  return before;
}

// ---------------------------------------------------------------- anti-phishing code

/** 4 to 20 letters or digits (any script): part of the API's contract. */
export const ANTI_PHISHING_PATTERN = accountSecurityApi.ANTI_PHISHING_PATTERN;

export async function antiPhishingCodeOf(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: userAntiPhishing.code })
    .from(userAntiPhishing)
    .where(eq(userAntiPhishing.userId, userId));
  return row?.code ?? null;
}

/** Sets the code, or removes it with an empty one. */
export async function setAntiPhishingCode(db: Db, userId: number, code: string): Promise<string | null> {
  if (code === '') {
    await db.delete(userAntiPhishing).where(eq(userAntiPhishing.userId, userId));
    return null;
  }
  await db
    .insert(userAntiPhishing)
    .values({ userId, code })
    .onConflictDoUpdate({ target: userAntiPhishing.userId, set: { code, updatedAt: new Date() } });
  return code;
}

// ---------------------------------------------------------------- freeze (console)

/**
 * Freezes an account with a reason the user is shown when signing in; every session ends once, so the
 * user signs in again into the restricted state (freeze-guard.ts: no new risk, no withdrawal; seeing,
 * closing, cancelling and stops keep working). Unfreezing (reason null) lifts it at once: the cached
 * sessions are forgotten so the next request reads the account afresh. Audited with before/after.
 */
export async function setFrozen(db: Db, request: FastifyRequest, userId: number, reason: string | null) {
  const [user] = await db.select({ id: users.id, frozenReason: users.frozenReason }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  await db.transaction(async (tx) => {
    await tx.update(users).set({ frozenReason: reason }).where(eq(users.id, userId));
    if (reason) await revokeUserSessions(tx, userId);
    // Signed-in requests must not keep a cached copy of the account from before the change.
    forgetUser(userId);
    await audit(
      tx,
      request,
      reason ? 'user.freeze' : 'user.unfreeze',
      `user:${userId}`,
      { frozen_reason: user.frozenReason },
      { frozen_reason: reason },
    );
  });
  return { id: userId, frozen: Boolean(reason), frozen_reason: reason };
}
