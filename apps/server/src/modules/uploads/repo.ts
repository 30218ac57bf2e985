import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { countOfUserSince } from '../../db/rows.js';
import { uploads } from '../../db/schema.js';

export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(db: Db, values: typeof uploads.$inferInsert): Promise<void> {
  await db.insert(uploads).values(values);
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

export async function countUserUploadsSince(db: Db, userId: number, since: Date): Promise<number> {
  return countOfUserSince(db, uploads, userId, since);
}
