import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { favorites } from '../../db/schema.js';

/** The user's favourite pair ids, in the order they were added. */
export async function favoritePairIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ pairId: favorites.pairId })
    .from(favorites)
    .where(eq(favorites.userId, userId))
    .orderBy(asc(favorites.createdAt), asc(favorites.pairId));
  return rows.map((r) => r.pairId);
}

export async function addFavorite(db: Db, userId: number, pairId: number): Promise<void> {
  await db.insert(favorites).values({ userId, pairId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: number, pairId: number): Promise<void> {
  await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.pairId, pairId)));
}
