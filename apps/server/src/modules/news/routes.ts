import { type ErrorCode, LANGS, type Lang, newsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { consoleRoles, optionallySignedIn, routeGroup, signedIn } from '../../plugins/route-group.js';
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

export async function newsRoutes(app: FastifyInstance) {
  const reader = routeGroup(app, tags, optionallySignedIn);
  const user = routeGroup(app, tags, signedIn);
  // Announcements are content: the content role edits them (super always may).
  const editor = routeGroup(app, consoleTags, consoleRoles('content'));
  // A POST without a body (the original client sends none for the first page) is the first page.
  const paged = newsApi.listQuery;
  const detail = newsApi.detailQuery;

  // The original client POSTs news/list and news/detail; GET works too (links, caches).
  reader.getAndPost('/news/list', {
    summary: 'Published announcements, pinned then newest',
    fields: paged,
    reply: newsApi.listReply,
    handler: (request, q) => newsList(app.db, requestLang(request), request.user?.id, q.page, q.limit),
  });
  reader.getAndPost('/news/detail', {
    summary: 'One announcement (plain text); marks it read',
    fields: detail,
    reply: newsApi.detailReply,
    handler: (request, q) => newsDetail(app.db, requestLang(request), request.user?.id, q.id),
  });

  user.post('/news/read', {
    summary: 'Mark one announcement (id) or all (all=1) read',
    body: newsApi.readBody,
    reply: newsApi.readReply,
    handler: async (request) => {
      await readNews(app.db, request.user!.id, request.body);
      return true as const;
    },
  });

  user.get('/notice/unread', {
    summary: 'Unread announcements and messages',
    reply: newsApi.unreadReply,
    handler: (request) => noticeUnread(app.db, request.user!.id),
  });

  // ── console ──
  const view = async (id: number) => {
    const row = await findNews(app.db, id, false);
    if (!row) throw new AppError('not_found');
    return consoleView(row, (await textsOf(app.db, [id])).get(id) ?? {});
  };

  editor.get('/admin/news', {
    summary: 'Every announcement',
    querystring: newsApi.consoleListQuery,
    reply: newsApi.consoleListReply,
    handler: async (request) => {
      const { page, limit } = request.query;
      const { total, rows, texts } = await allNewsPage(app.db, limit, (page - 1) * limit);
      return { list: rows.map((r) => consoleView(r, texts.get(r.id) ?? {})), total, page, limit };
    },
  });

  editor.get('/admin/news/:id', {
    summary: 'One announcement',
    params: idParams,
    reply: newsApi.consoleDetailReply,
    handler: (request) => view(request.params.id),
  });

  editor.post('/admin/news', {
    summary: 'Write an announcement (texts per language; English required)',
    body: newsApi.editBody,
    reply: newsApi.consoleDetailReply,
    handler: async (request) => {
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
      return view(id);
    },
  });

  editor.post('/admin/news/:id', {
    summary: 'Edit an announcement',
    params: idParams,
    body: newsApi.editBody,
    reply: newsApi.consoleDetailReply,
    handler: async (request) => {
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
      return view(id);
    },
  });

  editor.post('/admin/news/:id/delete', {
    summary: 'Delete an announcement',
    params: idParams,
    reply: newsApi.deleteReply,
    handler: async (request) => {
      const before = await view(request.params.id);
      await app.db.transaction(async (tx) => {
        await deleteNews(tx, request.params.id);
        await audit(tx, request, 'news.delete', `news:${request.params.id}`, before, null);
      });
      return true as const;
    },
  });
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
