import { type ErrorCode, LANGS, type Lang, newsApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
import { allNewsPage, deleteNews, findNews, insertNews, type NewsTexts, replaceTexts, textsOf, updateNews } from './repo.js';
import { newsDetail, newsList, noticeUnread, readNews } from './service.js';

const tags = ['notices'];
const consoleTags = ['console: announcements'];
const { idParams } = newsApi;

/** Checks the languages: English is required (the fallback), others optional but whole. */
function checkTexts(raw: Record<string, { title: string; body: string }>): NewsTexts {
  const texts: NewsTexts = {};
  const fields: Record<string, ErrorCode> = {};
  for (const [lang, t] of Object.entries(raw)) {
    if (!(LANGS as readonly string[]).includes(lang)) {
      fields[`texts.${lang}`] = 'field_invalid';
      continue;
    }
    if (!t.title && !t.body) continue;
    if (!t.title) fields[`texts.${lang}.title`] = 'field_required';
    if (!t.body) fields[`texts.${lang}.body`] = 'field_required';
    texts[lang as Lang] = t;
  }
  if (!texts.en) {
    fields['texts.en.title'] ??= 'field_required';
    fields['texts.en.body'] ??= 'field_required';
  }
  if (Object.keys(fields).length) {
    const code = Object.values(fields).includes('field_invalid') ? 'field_invalid' : 'field_required';
    throw new AppError(code, { fields });
  }
  return texts;
}

export async function newsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const optional = { preHandler: app.optionalUser };
  const auth = { preHandler: app.requireUser };
  // Announcements are content: the content role edits them (super always may).
  const editor = { preHandler: app.requireAdmin, config: { roles: ['content'] as const } };
  // A POST without a body (the original client sends none for the first page) is the first page.
  const paged = newsApi.listQuery;
  const detail = newsApi.detailQuery;

  // The original client POSTs news/list and news/detail; GET works too (links, caches).
  for (const method of ['get', 'post'] as const) {
    const input = method === 'get' ? 'querystring' : 'body';
    app[method](
      '/news/list',
      {
        ...optional,
        schema: {
          tags,
          summary: 'Published announcements, pinned then newest',
          [input]: paged,
          response: { 200: okReply(newsApi.listReply) },
        },
      },
      async (request) => {
        const q = (method === 'get' ? request.query : request.body) as z.infer<typeof paged>;
        return ok(await newsList(app.db, requestLang(request), request.user?.id, q.page, q.limit));
      },
    );
    app[method](
      '/news/detail',
      {
        ...optional,
        schema: {
          tags,
          summary: 'One announcement (plain text); marks it read',
          [input]: detail,
          response: { 200: okReply(newsApi.detailReply) },
        },
      },
      async (request) => {
        const q = (method === 'get' ? request.query : request.body) as z.infer<typeof detail>;
        return ok(await newsDetail(app.db, requestLang(request), request.user?.id, q.id));
      },
    );
  }

  app.post(
    '/news/read',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mark one announcement (id) or all (all=1) read',
        body: newsApi.readBody,
        response: { 200: okReply(newsApi.readReply) },
      },
    },
    async (request) => {
      await readNews(app.db, request.user!.id, request.body);
      return ok(true as const);
    },
  );

  app.get(
    '/notice/unread',
    { ...auth, schema: { tags, summary: 'Unread announcements and messages', response: { 200: okReply(newsApi.unreadReply) } } },
    async (request) => ok(await noticeUnread(app.db, request.user!.id)),
  );

  // ── console ──
  const view = async (id: number) => {
    const row = await findNews(app.db, id, false);
    if (!row) throw new AppError('not_found');
    return consoleView(row, (await textsOf(app.db, [id])).get(id) ?? {});
  };

  app.get(
    '/admin/news',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Every announcement',
        querystring: newsApi.consoleListQuery,
        response: { 200: okReply(newsApi.consoleListReply) },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { total, rows, texts } = await allNewsPage(app.db, limit, (page - 1) * limit);
      return ok({ list: rows.map((r) => consoleView(r, texts.get(r.id) ?? {})), total, page, limit });
    },
  );

  app.get(
    '/admin/news/:id',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'One announcement',
        params: idParams,
        response: { 200: okReply(newsApi.consoleDetailReply) },
      },
    },
    async (request) => ok(await view(request.params.id)),
  );

  app.post(
    '/admin/news',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Write an announcement (texts per language; English required)',
        body: newsApi.editBody,
        response: { 200: okReply(newsApi.consoleDetailReply) },
      },
    },
    async (request) => {
      const texts = checkTexts(request.body.texts);
      const id = await app.db.transaction(async (tx) => {
        const row = await insertNews(tx, {
          published: request.body.published,
          pinned: request.body.pinned,
          createdBy: request.admin?.id ?? null,
        });
        await replaceTexts(tx, row.id, texts);
        await audit(tx, request, 'news.create', `news:${row.id}`, null, { published: row.published, pinned: row.pinned, texts });
        return row.id;
      });
      return ok(await view(id));
    },
  );

  app.post(
    '/admin/news/:id',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Edit an announcement',
        params: idParams,
        body: newsApi.editBody,
        response: { 200: okReply(newsApi.consoleDetailReply) },
      },
    },
    async (request) => {
      const id = request.params.id;
      const before = await view(id);
      const texts = checkTexts(request.body.texts);
      await app.db.transaction(async (tx) => {
        await updateNews(tx, id, { published: request.body.published, pinned: request.body.pinned });
        await replaceTexts(tx, id, texts);
        await audit(tx, request, 'news.update', `news:${id}`, before, {
          published: request.body.published,
          pinned: request.body.pinned,
          texts,
        });
      });
      return ok(await view(id));
    },
  );

  app.post(
    '/admin/news/:id/delete',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Delete an announcement',
        params: idParams,
        response: { 200: okReply(newsApi.deleteReply) },
      },
    },
    async (request) => {
      const before = await view(request.params.id);
      await app.db.transaction(async (tx) => {
        await deleteNews(tx, request.params.id);
        await audit(tx, request, 'news.delete', `news:${request.params.id}`, before, null);
      });
      return ok(true as const);
    },
  );
}

function consoleView(
  row: { id: number; published: boolean; pinned: boolean; createdAt: Date; updatedAt: Date },
  texts: NewsTexts,
) {
  return {
    id: row.id,
    published: row.published,
    pinned: row.pinned,
    texts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
