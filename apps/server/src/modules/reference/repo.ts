import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { areaCodes, users } from '../../db/schema.js';
import { forgetUser } from '../../plugins/session-cache.js';

/** Every dialling code in the operator's order. */
export async function listAreaCodes(db: Db) {
  const rows = await db.select().from(areaCodes).orderBy(asc(areaCodes.sort), asc(areaCodes.id));
  return rows.map((r) => ({ id: r.id, area_code: r.areaCode, country: r.country, name: r.name }));
}

/** Stores a user's language; the cached session is dropped so the next request reads it. */
export async function saveUserLang(db: Db, userId: number, lang: string): Promise<void> {
  await db.update(users).set({ lang }).where(eq(users.id, userId));
  forgetUser(userId);
}
