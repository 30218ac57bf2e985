import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { settings } from '../db/schema.js';

// The key-value settings table, read and written by several modules (bank deposit details, the
// four-eyes threshold, the support URL): one place so none of them reaches into another's repo.

/** A setting's stored value, or undefined when it is not set. */
export async function getSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Sets a setting (insert or replace). */
export async function putSetting(tx: Db, key: string, value: unknown): Promise<void> {
  await tx
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

/** Clears a setting. */
export async function deleteSetting(tx: Db, key: string): Promise<void> {
  await tx.delete(settings).where(eq(settings.key, key));
}
