import type { Lang } from '@app/shared';
import { and, count, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type PageWindow, selectPage } from '../../db/paging.js';
import { news, newsReads, newsTexts } from '../../db/schema.js';

export type NewsText = { title: string; body: string };
export type NewsTexts = Partial<Record<Lang, NewsText>>;

const published = eq(news.published, true);

/** A page of announcements with every language's text. */
async function pageWithTexts(db: Db, where: SQL | undefined, orderBy: SQL[], window: PageWindow) {
  const { total, rows } = await selectPage(db, { rows: db.select().from(news).$dynamic(), count: news, where, orderBy }, window);
  return {
    total,
    rows,
    texts: await textsOf(
      db,
      rows.map((r) => r.id),
    ),
  };
}

/** A page of published announcements, pinned first then newest, with every language's text. */
export async function publishedPage(db: Db, limit: number, offset: number) {
  return pageWithTexts(db, published, [desc(news.pinned), desc(news.id)], { limit, offset });
}

export async function textsOf(db: Db, ids: number[]): Promise<Map<number, NewsTexts>> {
  const out = new Map<number, NewsTexts>();
  if (!ids.length) return out;
  const rows = await db.select().from(newsTexts).where(inArray(newsTexts.newsId, ids));
  for (const r of rows) {
    const texts = out.get(r.newsId) ?? {};
    texts[r.lang as Lang] = { title: r.title, body: r.body };
    out.set(r.newsId, texts);
  }
  return out;
}

export async function findNews(db: Db, id: number, onlyPublished: boolean) {
  const [row] = await db
    .select()
    .from(news)
    .where(onlyPublished ? and(eq(news.id, id), published) : eq(news.id, id))
    .limit(1);
  return row;
}

/** Which of these announcements the user has read. */
export async function readIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: newsReads.newsId })
    .from(newsReads)
    .where(and(eq(newsReads.userId, userId), inArray(newsReads.newsId, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Published announcements the user has not opened. */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(news)
    .where(
      and(
        published,
        notExists(
          db
            .select({ one: sql`1` })
            .from(newsReads)
            .where(and(eq(newsReads.newsId, news.id), eq(newsReads.userId, userId))),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function markNewsRead(db: Db, userId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .insert(newsReads)
    .values(ids.map((newsId) => ({ userId, newsId })))
    .onConflictDoNothing();
}

export async function publishedIds(db: Db): Promise<number[]> {
  return (await db.select({ id: news.id }).from(news).where(published)).map((r) => r.id);
}

/** Console: every announcement, newest first. */
export async function allNewsPage(db: Db, limit: number, offset: number) {
  return pageWithTexts(db, undefined, [desc(news.id)], { limit, offset });
}

export async function insertNews(db: Db, values: { published: boolean; pinned: boolean; createdBy: number | null }) {
  const [row] = await db.insert(news).values(values).returning();
  return row!;
}

export async function updateNews(db: Db, id: number, values: { published: boolean; pinned: boolean }) {
  await db
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id));
}

/** Replaces an announcement's texts with these (languages left out are removed). */
export async function replaceTexts(db: Db, id: number, texts: NewsTexts): Promise<void> {
  await db.delete(newsTexts).where(eq(newsTexts.newsId, id));
  const rows = Object.entries(texts).map(([lang, t]) => ({ newsId: id, lang, title: t!.title, body: t!.body }));
  if (rows.length) await db.insert(newsTexts).values(rows);
}

export async function deleteNews(db: Db, id: number): Promise<void> {
  await db.delete(newsReads).where(eq(newsReads.newsId, id));
  await db.delete(newsTexts).where(eq(newsTexts.newsId, id));
  await db.delete(news).where(eq(news.id, id));
}
