import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inboxPage } from '../../db/paging.js';
import { userMessages } from '../../db/schema.js';

export type MessageRow = typeof userMessages.$inferSelect;

export async function insertMessage(db: Db, values: typeof userMessages.$inferInsert): Promise<void> {
  await db.insert(userMessages).values(values);
}

export async function listMessages(db: Db, userId: number, limit: number, offset: number) {
  const inbox = { table: userMessages, where: eq(userMessages.userId, userId), unread: isNull(userMessages.readAt) };
  return inboxPage(db, inbox, { limit, offset });
}

/** Marks one message (or, without an id, all) of a user read; returns how many rows were the user's. */
export async function markRead(db: Db, userId: number, id?: number): Promise<number> {
  const mine = id === undefined ? eq(userMessages.userId, userId) : and(eq(userMessages.userId, userId), eq(userMessages.id, id));
  await db
    .update(userMessages)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(userMessages.readAt)));
  const [row] = await db.select({ n: count() }).from(userMessages).where(mine);
  return row?.n ?? 0;
}

/** How many of a user's messages are unread (the notices badge). */
export async function unreadMessages(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)));
  return row?.n ?? 0;
}
