import { LANGS, type Lang } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { helpArticles, helpCategories } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { userText } from '../../lib/user-text.js';
import { requireOwnUpload } from '../uploads/service.js';
import {
  articleTexts,
  consoleArticles,
  consoleFeedback,
  countFeedbackSince,
  type FeedbackRow,
  findArticle,
  findCategory,
  insertFeedback,
  listArticles,
  listCategories,
  lockFeedback,
  markRepliesRead,
  replaceArticleTexts,
  updateFeedbackReply,
  userFeedback,
} from './repo.js';

export const FEEDBACK_MAX_CHARS = 2000;
export const FEEDBACK_MAX_IMAGES = 4;
export const REPLY_MAX_CHARS = 2000;
/** Feedback one user may send in a day: plenty for a person, too few to flood the inbox. */
export const FEEDBACK_PER_DAY = 20;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_BODY_MAX = 20_000;

/** A category's name in `lang`, else English, else its slug. */
const nameIn = (names: Record<string, string>, lang: Lang, slug: string) => names[lang] || names.en || slug;
const summaryOf = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}…` : flat;
};

// ---- FAQ for readers ----

export async function helpCategoriesFor(db: Db, lang: Lang) {
  const rows = await listCategories(db);
  return rows
    .filter((r) => r.articles > 0)
    .map(({ category, articles }) => ({
      id: category.id,
      slug: category.slug,
      name: nameIn(category.names, lang, category.slug),
      article_count: articles,
    }));
}

export async function helpArticlesFor(db: Db, lang: Lang, filter: { categoryId?: number; q?: string }) {
  if (filter.categoryId !== undefined && !(await findCategory(db, filter.categoryId))) throw new AppError('not_found');
  const rows = await listArticles(db, lang, { ...filter, limit: 100 });
  return rows.map((r) => ({
    id: r.id,
    category_id: r.categoryId,
    title: r.title,
    summary: summaryOf(r.body),
    lang: r.lang,
    updated_at: r.updatedAt.toISOString(),
  }));
}

/** One published article in `lang` (English when not written in it); drafts and unknown ids are not_found. */
export async function helpArticleFor(db: Db, lang: Lang, id: number) {
  const article = await findArticle(db, id);
  if (!article?.published) throw new AppError('not_found');
  const texts = await articleTexts(db, id);
  const text = texts.find((t) => t.lang === lang) ?? texts.find((t) => t.lang === 'en');
  if (!text) throw new AppError('not_found');
  const category = await findCategory(db, article.categoryId);
  return {
    id: article.id,
    category_id: article.categoryId,
    category_name: category ? nameIn(category.names, lang, category.slug) : '',
    title: text.title,
    body: text.body,
    lang: text.lang,
    updated_at: article.updatedAt.toISOString(),
  };
}

// ---- FAQ editor (console) ----

export type TextsInput = Partial<Record<Lang, { title?: string; body?: string }>>;

/** Checks the per-language texts: English is required (the fallback), others optional but complete. */
function checkTexts(texts: TextsInput | undefined): { lang: Lang; title: string; body: string }[] {
  const out: { lang: Lang; title: string; body: string }[] = [];
  for (const lang of LANGS) {
    const t = texts?.[lang];
    const blank = !t || (!t.title?.trim() && !t.body?.trim());
    if (blank) {
      if (lang === 'en') throw new AppError('field_required', { fields: { 'texts.en': 'field_required' } });
      continue;
    }
    out.push({
      lang,
      title: userText(t.title, ARTICLE_TITLE_MAX, `texts.${lang}.title`),
      body: userText(t.body, ARTICLE_BODY_MAX, `texts.${lang}.body`),
    });
  }
  return out;
}

export async function consoleHelpCategories(db: Db) {
  const rows = await listCategories(db);
  return rows.map(({ category, articles }) => ({
    id: category.id,
    slug: category.slug,
    names: category.names,
    sort: category.sort,
    article_count: articles,
  }));
}

export type CategoryInput = { id?: number; slug: string; names: Partial<Record<Lang, string>>; sort: number };

export async function saveCategory(db: Db, request: FastifyRequest, input: CategoryInput) {
  const names: Record<string, string> = {};
  for (const lang of LANGS) {
    const name = input.names[lang]?.trim();
    if (name) names[lang] = userText(name, 80, `names.${lang}`);
  }
  if (!names.en) throw new AppError('field_required', { fields: { 'names.en': 'field_required' } });
  return db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [row] = await tx.insert(helpCategories).values({ slug: input.slug, names, sort: input.sort }).returning();
      await audit(tx, request, 'help.category_create', `help_category:${row!.id}`, null, row);
      return { id: row!.id };
    }
    const before = await findCategory(tx, input.id);
    if (!before) throw new AppError('not_found');
    const [after] = await tx
      .update(helpCategories)
      .set({ slug: input.slug, names, sort: input.sort })
      .where(eq(helpCategories.id, input.id))
      .returning();
    await audit(tx, request, 'help.category_update', `help_category:${input.id}`, before, after);
    return { id: input.id };
  });
}

export async function consoleHelpArticles(db: Db, categoryId?: number) {
  const rows = await consoleArticles(db, categoryId);
  return rows.map(({ article, title, langs }) => ({
    id: article.id,
    category_id: article.categoryId,
    slug: article.slug,
    sort: article.sort,
    published: article.published,
    title: title ?? '',
    langs,
    updated_at: article.updatedAt.toISOString(),
  }));
}

export async function consoleHelpArticle(db: Db, id: number) {
  const article = await findArticle(db, id);
  if (!article) throw new AppError('not_found');
  const texts = await articleTexts(db, id);
  return {
    id: article.id,
    category_id: article.categoryId,
    slug: article.slug,
    sort: article.sort,
    published: article.published,
    updated_at: article.updatedAt.toISOString(),
    texts: Object.fromEntries(texts.map((t) => [t.lang, { title: t.title, body: t.body }])),
  };
}

export type ArticleInput = {
  categoryId: number;
  slug: string;
  sort: number;
  published: boolean;
  texts: TextsInput;
};

/** Creates (`id` undefined) or replaces an article with all its languages; audited with before/after. */
export async function saveArticle(db: Db, request: FastifyRequest, id: number | undefined, input: ArticleInput) {
  const texts = checkTexts(input.texts);
  if (!(await findCategory(db, input.categoryId))) {
    throw new AppError('not_found', { fields: { category_id: 'not_found' } });
  }
  return db.transaction(async (tx) => {
    const values = { categoryId: input.categoryId, slug: input.slug, sort: input.sort, published: input.published };
    let articleId: number;
    let before: unknown = null;
    if (id === undefined) {
      const [row] = await tx.insert(helpArticles).values(values).returning({ id: helpArticles.id });
      articleId = row!.id;
    } else {
      before = await consoleHelpArticle(tx, id);
      await tx
        .update(helpArticles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(helpArticles.id, id));
      articleId = id;
    }
    await replaceArticleTexts(tx, articleId, texts);
    const after = await consoleHelpArticle(tx, articleId);
    await audit(
      tx,
      request,
      id === undefined ? 'help.article_create' : 'help.article_update',
      `help_article:${articleId}`,
      before,
      after,
    );
    return after;
  });
}

export async function deleteArticle(db: Db, request: FastifyRequest, id: number) {
  await db.transaction(async (tx) => {
    const before = await consoleHelpArticle(tx, id);
    await tx.delete(helpArticles).where(eq(helpArticles.id, id));
    await audit(tx, request, 'help.article_delete', `help_article:${id}`, before, null);
  });
}

// ---- feedback ----

/** Accepts the images as an array, or one comma-separated string (a form field). */
export function imageList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list.map((v) => String(v).trim()).filter(Boolean);
}

const feedbackView = (row: FeedbackRow) => ({
  id: row.id,
  content: row.content,
  images: row.images.map((id) => ({ id, url: `/api/upload/${id}` })),
  reply: row.reply,
  replied_at: row.repliedAt?.toISOString() ?? null,
  reply_unread: row.repliedAt !== null && row.replyReadAt === null,
  created_at: row.createdAt.toISOString(),
});

export async function submitFeedback(db: Db, userId: number, input: { content?: unknown; images?: unknown }) {
  const content = userText(input.content, FEEDBACK_MAX_CHARS, 'content');
  const requested = imageList(input.images);
  if (requested.length > FEEDBACK_MAX_IMAGES) {
    throw new AppError('too_many_images', { fields: { images: 'too_many_images' }, values: { max: FEEDBACK_MAX_IMAGES } });
  }
  // Each must be one of this user's own uploaded images (the upload module checked the bytes).
  const images: string[] = [];
  for (const id of requested) images.push(await requireOwnUpload(db, userId, id, 'images'));
  if ((await countFeedbackSince(db, userId, new Date(Date.now() - 86_400_000))) >= FEEDBACK_PER_DAY) {
    throw new AppError('rate_limited');
  }
  return feedbackView(await insertFeedback(db, { userId, content, images: [...new Set(images)] }));
}

export async function feedbackPage(db: Db, userId: number, page: number, limit: number) {
  const { total, unread, rows } = await userFeedback(db, userId, limit, (page - 1) * limit);
  return { list: rows.map(feedbackView), total, page, limit, unread };
}

export const readFeedbackReplies = (db: Db, userId: number) => markRepliesRead(db, userId);

export async function consoleFeedbackPage(db: Db, status: 'open' | 'replied' | 'all', page: number, limit: number) {
  const { total, rows } = await consoleFeedback(db, status, limit, (page - 1) * limit);
  return {
    list: rows.map((r) => ({
      ...feedbackView(r.feedback),
      user: { id: r.feedback.userId, email: r.email, phone: r.phone, area_code: r.areaCode },
      replied_by: r.feedback.repliedBy,
    })),
    total,
    page,
    limit,
  };
}

/** The operator's answer; a second reply replaces the first (the user sees the newest), audited. */
export async function replyFeedback(db: Db, request: FastifyRequest, id: number, text: unknown) {
  const reply = userText(text, REPLY_MAX_CHARS, 'reply');
  return db.transaction(async (tx) => {
    const before = await lockFeedback(tx, id);
    if (!before) throw new AppError('not_found');
    const after = await updateFeedbackReply(tx, id, { reply, repliedBy: request.admin!.id });
    await audit(tx, request, 'feedback.reply', `feedback:${id}`, { reply: before.reply }, { reply: after.reply });
    return feedbackView(after);
  });
}
