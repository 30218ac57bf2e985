import { z } from 'zod';
import { flagField, intId } from '../fields.js';
import { LANGS } from '../langs.js';
import { isoTime, pageFields, pageReply, rowId } from './reply.js';

// Announcements: the published ones for readers (H5) and every one for the content editors (console).

export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;

const id = intId('not_found');
const flag = flagField().default(false);

/** A POST without a body (the original client sends none for the first page) is the first page. */
export const listQuery = z.preprocess((v) => v ?? {}, z.object(pageFields));
export const detailQuery = z.preprocess((v) => v ?? {}, z.object({ id }));
export const idParams = z.object({ id });

const lang = z.enum(LANGS);

/** An announcement in a list: title and the start of its body, in the reader's language (or English). */
export const newsRow = z.object({
  id: rowId,
  title: z.string(),
  summary: z.string(),
  /** The language the text is in: the reader's, else English, else any the operators wrote. */
  lang,
  pinned: z.boolean(),
  /** Always false for a reader who is not signed in. */
  read: z.boolean(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type NewsRow = z.infer<typeof newsRow>;

/** `GET|POST news/list`: published announcements, pinned then newest; `unread` is 0 when signed out. */
export const listReply = pageReply(newsRow).extend({ unread: z.number().int() });
export type ListReply = z.infer<typeof listReply>;

/** `GET|POST news/detail`: one announcement, its body plain text; opening it marks it read. */
export const detailReply = newsRow.omit({ summary: true, read: true }).extend({ body: z.string() });
export type DetailReply = z.infer<typeof detailReply>;

/** `POST news/read`: one announcement (`id`) or all (`all=1`). */
export const readBody = z.object({ id: id.optional(), all: flag });
export const readReply = z.literal(true);

/** `GET notice/unread`: the notices badge. */
export const unreadReply = z.object({ news: z.number().int(), messages: z.number().int(), total: z.number().int() });
export type UnreadReply = z.infer<typeof unreadReply>;

// ── console ──

/** One language's text: both parts, or neither (an empty language is simply not written). */
export const newsText = z.object({
  title: z.string({ message: 'field_invalid' }).trim().max(TITLE_MAX, 'field_invalid').default(''),
  body: z.string({ message: 'field_invalid' }).trim().max(BODY_MAX, 'field_invalid').default(''),
});

/** `POST admin/news`, `POST admin/news/:id`: texts per language (the server checks English is there). */
export const editBody = z.object({
  published: flag,
  pinned: flag,
  texts: z.record(z.string(), newsText, { message: 'field_required' }),
});

/** An announcement as the editors see it: every language's text. */
export const consoleNews = z.object({
  id: rowId,
  published: z.boolean(),
  pinned: z.boolean(),
  texts: z.partialRecord(lang, z.object({ title: z.string(), body: z.string() })),
  created_at: isoTime,
  updated_at: isoTime,
});
export type ConsoleNews = z.infer<typeof consoleNews>;

/** `GET admin/news` */
export const consoleListQuery = listQuery;
export const consoleListReply = pageReply(consoleNews);
export type ConsoleListReply = z.infer<typeof consoleListReply>;

/** `GET admin/news/:id`, and the saved announcement from `POST admin/news` and `POST admin/news/:id` */
export const consoleDetailReply = consoleNews;

/** `POST admin/news/:id/delete` */
export const deleteReply = z.literal(true);
