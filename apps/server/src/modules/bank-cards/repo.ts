import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bankCards } from '../../db/schema.js';

export type BankCardRow = typeof bankCards.$inferSelect;
export type BankCardValues = Omit<typeof bankCards.$inferInsert, 'id' | 'userId' | 'updatedAt'>;

export async function findCard(db: Db, userId: number): Promise<BankCardRow | undefined> {
  const [row] = await db.select().from(bankCards).where(eq(bankCards.userId, userId)).limit(1);
  return row;
}

/** One card per user: saving again replaces it. */
export async function saveCard(db: Db, userId: number, values: BankCardValues): Promise<void> {
  await db
    .insert(bankCards)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: bankCards.userId, set: { ...values, updatedAt: new Date() } });
}
