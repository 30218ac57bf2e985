import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { adminSessions, outbox } from '../../db/schema.js';

/** How many of an operator's sessions are live (not revoked, not expired). */
export async function liveSessionCount(db: Db, adminId: number): Promise<number> {
  const live = await db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, new Date())));
  return live.length;
}

/** The development outbox, newest first, optionally for one target (an e-mail or phone number). */
export async function outboxMessages(db: Db, target: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .where(target ? eq(outbox.target, target.trim().toLowerCase()) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    target: r.target,
    subject: r.subject,
    body: r.body,
    code: r.code,
    delivered: r.delivered,
    created_at: r.createdAt.toISOString(),
  }));
}
