import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { ownerContact } from '../../db/console-lists.js';
import { inboxPage, selectPage } from '../../db/paging.js';
import { countOfUserSince, rowById } from '../../db/rows.js';
import { feedback, helpArticles, helpArticleTexts, helpCategories, users } from '../../db/schema.js';

export type CategoryRow = typeof helpCategories.$inferSelect;
export type ArticleRow = typeof helpArticles.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;

/** `%` and `_` typed by a reader are letters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listCategories(db: Db) {
  return db
    .select({
      category: helpCategories,
      articles: sql<number>`(SELECT count(*)::int FROM help_articles a WHERE a.category_id = help_categories.id AND a.published)`,
    })
    .from(helpCategories)
    .orderBy(asc(helpCategories.sort), asc(helpCategories.id));
}

export async function findCategory(db: Db, id: number): Promise<CategoryRow | undefined> {
  return rowById(db, helpCategories, id);
}

/**
 * Published articles in `lang`, each falling back to its English text when not written in `lang`;
 * optionally of one category and matching `q` in the shown title or body.
 */
export async function listArticles(db: Db, lang: string, filter: { categoryId?: number; q?: string; limit: number }) {
  const local = alias(helpArticleTexts, 'local');
  const english = alias(helpArticleTexts, 'english');
  const title = sql<string>`coalesce(${local.title}, ${english.title})`;
  const body = sql<string>`coalesce(${local.body}, ${english.body})`;
  const conditions = [eq(helpArticles.published, true), sql`${title} IS NOT NULL`];
  if (filter.categoryId !== undefined) conditions.push(eq(helpArticles.categoryId, filter.categoryId));
  // A search lists articles whose title matches before those that only mention it in the body.
  const order = [asc(helpArticles.sort), asc(helpArticles.id)];
  if (filter.q) {
    const pattern = likePattern(filter.q);
    conditions.push(sql`(${title} ILIKE ${pattern} OR ${body} ILIKE ${pattern})`);
    order.unshift(sql`(${title} ILIKE ${pattern}) DESC`);
  }
  return db
    .select({
      id: helpArticles.id,
      categoryId: helpArticles.categoryId,
      title,
      body,
      lang: sql<string>`CASE WHEN ${local.title} IS NULL THEN 'en' ELSE ${lang} END`,
      updatedAt: helpArticles.updatedAt,
    })
    .from(helpArticles)
    .leftJoin(local, and(eq(local.articleId, helpArticles.id), eq(local.lang, lang)))
    .leftJoin(english, and(eq(english.articleId, helpArticles.id), eq(english.lang, 'en')))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(filter.limit);
}

export async function findArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  return rowById(db, helpArticles, id);
}

export async function articleTexts(db: Db, articleId: number) {
  return db.select().from(helpArticleTexts).where(eq(helpArticleTexts.articleId, articleId));
}

/** Every article (drafts too), with the languages it is written in, for the console. */
export async function consoleArticles(db: Db, categoryId?: number) {
  return db
    .select({
      article: helpArticles,
      title: sql<
        string | null
      >`(SELECT t.title FROM help_article_texts t WHERE t.article_id = help_articles.id AND t.lang = 'en')`,
      langs: sql<
        string[]
      >`coalesce((SELECT array_agg(t.lang ORDER BY t.lang) FROM help_article_texts t WHERE t.article_id = help_articles.id), '{}')`,
    })
    .from(helpArticles)
    .where(categoryId === undefined ? undefined : eq(helpArticles.categoryId, categoryId))
    .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sort), asc(helpArticles.id));
}

export async function replaceArticleTexts(tx: Db, articleId: number, texts: { lang: string; title: string; body: string }[]) {
  await tx.delete(helpArticleTexts).where(eq(helpArticleTexts.articleId, articleId));
  if (texts.length > 0) await tx.insert(helpArticleTexts).values(texts.map((t) => ({ articleId, ...t })));
}

// ---- feedback ----

export async function insertFeedback(db: Db, values: typeof feedback.$inferInsert): Promise<FeedbackRow> {
  const [row] = await db.insert(feedback).values(values).returning();
  return row!;
}

export async function userFeedback(db: Db, userId: number, limit: number, offset: number) {
  const unread = and(isNotNull(feedback.repliedAt), isNull(feedback.replyReadAt));
  return inboxPage(db, { table: feedback, where: eq(feedback.userId, userId), unread }, { limit, offset });
}

export async function markRepliesRead(db: Db, userId: number): Promise<void> {
  await db
    .update(feedback)
    .set({ replyReadAt: new Date() })
    .where(and(eq(feedback.userId, userId), isNotNull(feedback.repliedAt), isNull(feedback.replyReadAt)));
}

export async function consoleFeedback(db: Db, status: 'open' | 'replied' | 'all', limit: number, offset: number) {
  const where = status === 'open' ? isNull(feedback.repliedAt) : status === 'replied' ? isNotNull(feedback.repliedAt) : undefined;
  const rows = db
    .select({ feedback, ...ownerContact })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .$dynamic();
  const orderBy = [status === 'open' ? asc(feedback.id) : desc(feedback.id)];
  return selectPage(db, { rows, count: feedback, where, orderBy }, { limit, offset });
}

export async function lockFeedback(tx: Db, id: number): Promise<FeedbackRow | undefined> {
  const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update').limit(1);
  return row;
}

export async function countFeedbackSince(db: Db, userId: number, since: Date): Promise<number> {
  return countOfUserSince(db, feedback, userId, since);
}

export async function updateFeedbackReply(
  tx: Db,
  id: number,
  values: { reply: string; repliedBy: number },
): Promise<FeedbackRow> {
  const [row] = await tx
    .update(feedback)
    .set({ ...values, repliedAt: new Date(), replyReadAt: null })
    .where(eq(feedback.id, id))
    .returning();
  return row!;
}
