import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { verificationCodes } from '../../db/schema.js';

export type CodeRow = typeof verificationCodes.$inferSelect;

export async function insertCode(db: Db, row: typeof verificationCodes.$inferInsert): Promise<void> {
  await db.insert(verificationCodes).values(row);
}

export async function countCodesSince(db: Db, by: { target?: string; ip?: string }, since: Date): Promise<number> {
  const where = [gt(verificationCodes.createdAt, since)];
  if (by.target) where.push(eq(verificationCodes.target, by.target));
  if (by.ip) where.push(eq(verificationCodes.ip, by.ip));
  const [row] = await db
    .select({ n: count() })
    .from(verificationCodes)
    .where(and(...where));
  return row?.n ?? 0;
}

export async function latestCode(db: Db, target: string, scene: string): Promise<CodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.target, target), eq(verificationCodes.scene, scene)))
    .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
    .limit(1);
  return row;
}

export async function addAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(eq(verificationCodes.id, id));
}

/** Marks a code used; false when another request used it first. */
export async function markUsed(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(verificationCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.usedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length === 1;
}
