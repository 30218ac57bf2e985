import { LANGS, type Lang } from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { unreadMessages } from '../messages/service.js';
import {
  findNews,
  markNewsRead,
  type NewsText,
  type NewsTexts,
  publishedIds,
  publishedPage,
  readIds,
  textsOf,
  unreadCount,
} from './repo.js';

/** How much of the body a list shows. */
export const SUMMARY_CHARS = 120;

/** An announcement's text in `lang`, else English, else any language the operator wrote. */
export function pickText(texts: NewsTexts | undefined, lang: Lang): { lang: Lang; text: NewsText } | null {
  if (!texts) return null;
  for (const l of [lang, 'en' as Lang, ...LANGS]) {
    const text = texts[l];
    if (text) return { lang: l, text };
  }
  return null;
}

const summary = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS)}…` : flat;
};

/** `news/list`: published announcements in the reader's language; read flags for a signed-in reader. */
export async function newsList(db: Db, lang: Lang, userId: number | undefined, page: number, limit: number) {
  const { total, rows, texts } = await publishedPage(db, limit, (page - 1) * limit);
  const ids = rows.map((r) => r.id);
  const [read, unread] = userId ? await Promise.all([readIds(db, userId, ids), unreadCount(db, userId)]) : [new Set<number>(), 0];
  return {
    list: rows.flatMap((r) => {
      const picked = pickText(texts.get(r.id), lang);
      if (!picked) return [];
      return [
        {
          id: r.id,
          title: picked.text.title,
          summary: summary(picked.text.body),
          lang: picked.lang,
          pinned: r.pinned,
          read: read.has(r.id),
          created_at: r.createdAt.toISOString(),
          updated_at: r.updatedAt.toISOString(),
        },
      ];
    }),
    total,
    page,
    limit,
    unread,
  };
}

/** `news/detail`: one published announcement (plain text body); opening it marks it read. */
export async function newsDetail(db: Db, lang: Lang, userId: number | undefined, id: number) {
  const row = await findNews(db, id, true);
  const picked = row ? pickText((await textsOf(db, [row.id])).get(row.id), lang) : null;
  if (!row || !picked) throw new AppError('not_found');
  if (userId) await markNewsRead(db, userId, [row.id]);
  return {
    id: row.id,
    title: picked.text.title,
    body: picked.text.body,
    lang: picked.lang,
    pinned: row.pinned,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Marks one announcement (unknown → not_found) or all published ones read. */
export async function readNews(db: Db, userId: number, target: { id?: number; all: boolean }) {
  if (target.all) {
    await markNewsRead(db, userId, await publishedIds(db));
    return;
  }
  if (target.id === undefined) throw new AppError('field_required', { fields: { id: 'field_required' } });
  if (!(await findNews(db, target.id, true))) throw new AppError('not_found');
  await markNewsRead(db, userId, [target.id]);
}

/** The notices badge: unread announcements and unread messages. */
export async function noticeUnread(db: Db, userId: number) {
  const [news, messages] = await Promise.all([unreadCount(db, userId), unreadMessages(db, userId)]);
  return { news, messages, total: news + messages };
}
