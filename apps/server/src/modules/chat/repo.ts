import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ownerContact } from '../../db/console-lists.js';
import { selectPage } from '../../db/paging.js';
import { rowById } from '../../db/rows.js';
import { adminSessions, admins, chatConversations, chatMessages, users } from '../../db/schema.js';
import { liveAdminSession } from '../../lib/admin-session.js';

export type ConversationRow = typeof chatConversations.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;
export type Side = 'user' | 'agent';
/** Who wrote a message: the user, an agent, or the system (the automatic reply outside opening hours). */
export type Sender = Side | 'system';

/** The operator behind a live console token (the socket handshake has no Fastify request to decorate). */
export async function findAdminByToken(db: Db, token: string) {
  const [row] = await db
    .select({ id: admins.id, email: admins.email, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    // A session limited to setting up two-factor sign-in cannot work the desk.
    .where(and(liveAdminSession(token), eq(adminSessions.scope, 'full')))
    .limit(1);
  return row;
}

/** The user's one conversation, created on first use (concurrent first uses create one row). */
export async function ensureConversation(db: Db, userId: number): Promise<ConversationRow> {
  await db.insert(chatConversations).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId)).limit(1);
  return row!;
}

export async function findConversationOfUser(db: Db, userId: number): Promise<ConversationRow | undefined> {
  const [row] = await db.select().from(chatConversations).where(eq(chatConversations.userId, userId)).limit(1);
  return row;
}

export async function findConversation(db: Db, id: number): Promise<ConversationRow | undefined> {
  return rowById(db, chatConversations, id);
}

export async function lockConversation(tx: Db, id: number): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(chatConversations).where(eq(chatConversations.id, id)).for('update').limit(1);
  return row;
}

export async function findByClientId(db: Db, conversationId: number, sender: Side, clientId: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(
      and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, sender), eq(chatMessages.clientId, clientId)),
    )
    .limit(1);
  return row;
}

/**
 * Stores a message and moves the conversation's last message (and the sender's own read mark: whoever
 * writes has read everything before). A resend with a client id already stored returns the stored one.
 */
export async function insertMessage(
  tx: Db,
  values: typeof chatMessages.$inferInsert,
): Promise<{ message: MessageRow; created: boolean }> {
  const [row] = await tx.insert(chatMessages).values(values).onConflictDoNothing().returning();
  if (!row) {
    const existing = await findByClientId(tx, values.conversationId, values.sender as Side, values.clientId!);
    return { message: existing!, created: false };
  }
  // A system message is nobody's reading: it moves neither side's read mark.
  const readMark = values.sender === 'user' ? { userReadId: row.id } : values.sender === 'agent' ? { agentReadId: row.id } : {};
  await tx
    .update(chatConversations)
    .set({ lastMessageId: row.id, lastMessageAt: row.createdAt, ...readMark })
    .where(eq(chatConversations.id, values.conversationId));
  return { message: row, created: true };
}

/** When the conversation's last system message (automatic reply) was written, if ever. */
export async function lastSystemMessageAt(db: Db, conversationId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: chatMessages.createdAt })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.sender, 'system')))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.at;
}

/** Newest `limit` messages before `beforeId` (or the newest), or the oldest `limit` after `afterId`; ascending. */
export async function listMessages(
  db: Db,
  conversationId: number,
  range: { afterId?: number; beforeId?: number; limit: number },
) {
  const where = [eq(chatMessages.conversationId, conversationId)];
  if (range.afterId !== undefined) {
    where.push(gt(chatMessages.id, range.afterId));
    return db
      .select()
      .from(chatMessages)
      .where(and(...where))
      .orderBy(asc(chatMessages.id))
      .limit(range.limit);
  }
  if (range.beforeId !== undefined) where.push(lt(chatMessages.id, range.beforeId));
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(...where))
    .orderBy(desc(chatMessages.id))
    .limit(range.limit);
  return rows.reverse();
}

/** Raises a side's read mark to `upTo` (never beyond the last message, never down); returns the new mark. */
export async function raiseReadMark(db: Db, conversationId: number, side: Side, upTo: number): Promise<number> {
  const column = side === 'user' ? chatConversations.userReadId : chatConversations.agentReadId;
  const [row] = await db
    .update(chatConversations)
    .set(
      side === 'user'
        ? { userReadId: sql`greatest(${column}, least(${upTo}, ${chatConversations.lastMessageId}))` }
        : { agentReadId: sql`greatest(${column}, least(${upTo}, ${chatConversations.lastMessageId}))` },
    )
    .where(eq(chatConversations.id, conversationId))
    .returning({ mark: column });
  return row?.mark ?? 0;
}

/** Messages of the other side that `side` has not read. */
export async function unreadFor(db: Db, conversation: ConversationRow, side: Side): Promise<number> {
  const mark = side === 'user' ? conversation.userReadId : conversation.agentReadId;
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.conversationId, conversation.id),
        eq(chatMessages.sender, side === 'user' ? 'agent' : 'user'),
        gt(chatMessages.id, mark),
      ),
    );
  return row?.n ?? 0;
}

const agentUnread = sql<number>`(SELECT count(*)::int FROM chat_messages m WHERE m.conversation_id = chat_conversations.id AND m.sender = 'user' AND m.id > chat_conversations.agent_read_id)`;

/** The desk's queue: conversations with messages, newest activity first, with the agents' unread count. */
export async function queue(
  db: Db,
  filter: { kind: 'all' | 'mine' | 'unassigned'; agentId: number; limit: number; offset: number },
) {
  const where = [sql`${chatConversations.lastMessageId} > 0`];
  if (filter.kind === 'mine') where.push(eq(chatConversations.agentId, filter.agentId));
  if (filter.kind === 'unassigned') where.push(isNull(chatConversations.agentId));
  const rows = db
    .select({
      conversation: chatConversations,
      ...ownerContact,
      agentEmail: admins.email,
      unread: agentUnread,
      last: sql<{
        kind: string;
        body: string;
        sender: string;
      } | null>`(SELECT json_build_object('kind', m.kind, 'body', m.body, 'sender', m.sender) FROM chat_messages m WHERE m.id = chat_conversations.last_message_id)`,
    })
    .from(chatConversations)
    .innerJoin(users, eq(users.id, chatConversations.userId))
    .leftJoin(admins, eq(admins.id, chatConversations.agentId))
    .$dynamic();
  return selectPage(
    db,
    {
      rows,
      count: chatConversations,
      where: and(...where),
      orderBy: [desc(chatConversations.lastMessageAt), desc(chatConversations.id)],
    },
    { limit: filter.limit, offset: filter.offset },
  );
}

/** Every unread user message across conversations (the desk's menu badge). */
export async function totalAgentUnread(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chatMessages)
    .innerJoin(chatConversations, eq(chatConversations.id, chatMessages.conversationId))
    .where(and(eq(chatMessages.sender, 'user'), gt(chatMessages.id, chatConversations.agentReadId)));
  return row?.n ?? 0;
}

export async function setAgent(tx: Db, conversationId: number, agentId: number | null): Promise<void> {
  await tx.update(chatConversations).set({ agentId }).where(eq(chatConversations.id, conversationId));
}

/** What an agent needs to know about the person they talk to. */
export async function userProfile(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      phone: users.phone,
      areaCode: users.areaCode,
      name: users.name,
      reviewStatus: users.reviewStatus,
      advancedUser: users.advancedUser,
      lang: users.lang,
      frozenReason: users.frozenReason,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function adminEmail(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ email: admins.email }).from(admins).where(eq(admins.id, id)).limit(1);
  return row?.email;
}

/** Whether `uploadId` is an image of a message in this conversation (a user may then see it). */
export async function conversationHasUpload(db: Db, conversationId: number, uploadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.uploadId, uploadId)))
    .limit(1);
  return Boolean(row);
}
