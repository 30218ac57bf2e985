import { z } from 'zod';
import { intField, intId, optionalText } from '../fields.js';
import { LANGS } from '../langs.js';
import { isoTime, pageFields, pageReply, rowId } from './reply.js';

// The help centre routes: the FAQ (public, in the reader's language with English as the fallback),
// users' feedback with the operators' replies, and the console's FAQ editor and feedback inbox.

/** A row id in a path, query or body; anything that is not one is simply not found. */
const id = intId('not_found');
/** An id that may be left out; a form's empty field counts as absent. */
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), id.optional());
/** Free text is checked by the server (its user-text rules) so that too long and empty have their own codes. */
const looseText = z.unknown().optional();
const slug = z
  .string({ message: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(60, 'field_invalid')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'field_invalid');
const sort = intField(0, 100_000, 'field_invalid').default(0);
const lang = z.enum(LANGS, { message: 'lang_unknown' });

export const idParams = z.object({ id });

// ---- the FAQ for readers ----

/** `GET help/categories`: categories with published articles, named in the reader's language. */
export const categoryRow = z.object({ id: rowId, slug: z.string(), name: z.string(), article_count: z.number().int() });
export type CategoryRow = z.infer<typeof categoryRow>;
export const categoriesReply = z.array(categoryRow);

/** `GET help/articles`: at most 100 articles; `lang` is the language shown ('en' where not translated). */
export const articlesQuery = z.object({ category_id: optionalId, q: optionalText(100) });
export const articleRow = z.object({
  id: rowId,
  category_id: rowId,
  title: z.string(),
  /** The body's first 120 characters on one line. */
  summary: z.string(),
  lang: z.string(),
  updated_at: isoTime,
});
export type ArticleRow = z.infer<typeof articleRow>;
export const articlesReply = z.array(articleRow);

/** `GET help/article`: one published article, plain text. */
export const articleQuery = z.object({ id });
export const articleReply = z.object({
  id: rowId,
  category_id: rowId,
  /** Empty when the category is gone. */
  category_name: z.string(),
  title: z.string(),
  body: z.string(),
  lang: z.string(),
  updated_at: isoTime,
});
export type ArticleReply = z.infer<typeof articleReply>;

// ---- feedback ----

/** One feedback with the operators' reply (null until replied) and its images. */
export const feedbackRow = z.object({
  id: rowId,
  content: z.string(),
  images: z.array(z.object({ id: z.string(), url: z.string() })),
  reply: z.string().nullable(),
  replied_at: isoTime.nullable(),
  /** A reply the user has not seen yet. */
  reply_unread: z.boolean(),
  created_at: isoTime,
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

/** `POST help/feedback`: content and upload ids (an array or comma-separated), checked by the server. */
export const feedbackBody = z.preprocess(
  (v) => v ?? {},
  z.object({ content: looseText, images: z.union([z.string(), z.array(z.string())]).optional() }),
);
export const feedbackReply = feedbackRow;

/** `GET help/feedback`: newest first, with how many replies are unread. */
export const feedbackListQuery = z.object(pageFields);
export const feedbackListReply = pageReply(feedbackRow).extend({ unread: z.number().int() });
export type FeedbackListReply = z.infer<typeof feedbackListReply>;

/** `POST help/feedback/read` */
export const feedbackReadReply = z.literal(true);

// ---- console: the FAQ editor ----

/** `GET admin/help/categories`: every category, its names per language. */
export const consoleCategoryRow = z.object({
  id: rowId,
  slug: z.string(),
  names: z.record(z.string(), z.string()),
  sort: z.number().int(),
  article_count: z.number().int(),
});
export type ConsoleCategoryRow = z.infer<typeof consoleCategoryRow>;
export const consoleCategoriesReply = z.array(consoleCategoryRow);

/** `POST admin/help/categories`: create (no id) or update; English name required. */
export const saveCategoryBody = z.object({
  id: optionalId,
  slug,
  names: z.partialRecord(lang, z.string().max(200, 'text_too_long')),
  sort,
});
export const saveCategoryReply = z.object({ id: rowId });

/** `GET admin/help/articles`: drafts too; `title` is the English one ('' without it). */
export const consoleArticlesQuery = z.object({ category_id: optionalId });
export const consoleArticleRow = z.object({
  id: rowId,
  category_id: rowId,
  slug: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  title: z.string(),
  /** The languages it is written in. */
  langs: z.array(z.string()),
  updated_at: isoTime,
});
export type ConsoleArticleRow = z.infer<typeof consoleArticleRow>;
export const consoleArticlesReply = z.array(consoleArticleRow);

/** `GET admin/help/articles/:id`, and what saving one answers: its text in every language it has. */
export const consoleArticleReply = consoleArticleRow.omit({ title: true, langs: true }).extend({
  texts: z.record(z.string(), z.object({ title: z.string(), body: z.string() })),
});
export type ConsoleArticleReply = z.infer<typeof consoleArticleReply>;

/** `POST admin/help/articles(/:id)`: texts per language, English required. */
export const articleBody = z.object({
  category_id: id,
  slug,
  sort,
  published: z.boolean({ message: 'field_invalid' }).default(true),
  texts: z.partialRecord(lang, z.object({ title: z.string().optional(), body: z.string().optional() })),
});

/** `POST admin/help/articles/:id/delete` */
export const deleteArticleReply = z.literal(true);

// ---- console: the feedback inbox ----

export const FEEDBACK_STATUSES = ['open', 'replied', 'all'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

/** `GET admin/feedback`: open oldest first, replied or all newest first. */
export const consoleFeedbackQuery = z.object({
  status: z.enum(FEEDBACK_STATUSES, { message: 'field_invalid' }).default('open'),
  ...pageFields,
});
export const consoleFeedbackRow = feedbackRow.extend({
  user: z.object({ id: rowId, email: z.string().nullable(), phone: z.string().nullable(), area_code: z.string().nullable() }),
  /** The operator who replied last. */
  replied_by: rowId.nullable(),
});
export type ConsoleFeedbackRow = z.infer<typeof consoleFeedbackRow>;
export const consoleFeedbackReply = pageReply(consoleFeedbackRow);

/** `POST admin/feedback/:id/reply`: a second reply replaces the first. */
export const replyBody = z.object({ reply: looseText });
export const replyReply = feedbackRow;
