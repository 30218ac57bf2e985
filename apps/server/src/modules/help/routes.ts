import { type ConsoleRole, helpApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
import {
  consoleFeedbackPage,
  consoleHelpArticle,
  consoleHelpArticles,
  consoleHelpCategories,
  deleteArticle,
  FEEDBACK_MAX_CHARS,
  FEEDBACK_MAX_IMAGES,
  feedbackPage,
  helpArticleFor,
  helpArticlesFor,
  helpCategoriesFor,
  readFeedbackReplies,
  replyFeedback,
  saveArticle,
  saveCategory,
  submitFeedback,
} from './service.js';

const tags = ['help centre'];
const FAQ_EDITOR_ROLES: readonly ConsoleRole[] = ['support', 'content'];
const FEEDBACK_ROLES: readonly ConsoleRole[] = ['support'];
const consoleTags = ['console: help centre'];
/**
 * Help centre: the FAQ (public, in the reader's language with English as fallback), feedback (signed-in
 * users) and their console editors. API in docs/api-support.md.
 */
export async function helpRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Console roles: the FAQ editor for support and content operators, the inbox for support.
  const editor = { preHandler: app.requireAdmin, config: { roles: FAQ_EDITOR_ROLES } };
  const inbox = { preHandler: app.requireAdmin, config: { roles: FEEDBACK_ROLES } };

  app.get(
    '/help/categories',
    {
      schema: {
        tags,
        summary: 'FAQ categories with their number of articles, in the lang header’s language',
        response: { 200: okReply(helpApi.categoriesReply) },
      },
    },
    async (request) => ok(await helpCategoriesFor(app.db, requestLang(request))),
  );

  app.get(
    '/help/articles',
    {
      schema: {
        tags,
        summary: 'FAQ articles (title + summary), of one category and/or matching q; English where not translated',
        querystring: helpApi.articlesQuery,
        response: { 200: okReply(helpApi.articlesReply) },
      },
    },
    async (request) =>
      ok(await helpArticlesFor(app.db, requestLang(request), { categoryId: request.query.category_id, q: request.query.q })),
  );

  app.get(
    '/help/article',
    {
      schema: {
        tags,
        summary: 'One FAQ article (plain text body)',
        querystring: helpApi.articleQuery,
        response: { 200: okReply(helpApi.articleReply) },
      },
    },
    async (request) => ok(await helpArticleFor(app.db, requestLang(request), request.query.id)),
  );

  app.post(
    '/help/feedback',
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: `Send feedback: content (1..${FEEDBACK_MAX_CHARS} characters) and up to ${FEEDBACK_MAX_IMAGES} images (ids from POST upload with purpose feedback; array or comma-separated)`,
        body: helpApi.feedbackBody,
        response: { 200: okReply(helpApi.feedbackReply) },
      },
    },
    async (request) => ok(await submitFeedback(app.db, request.user!.id, request.body)),
  );

  app.get(
    '/help/feedback',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's feedback with the operators' replies, newest first",
        querystring: helpApi.feedbackListQuery,
        response: { 200: okReply(helpApi.feedbackListReply) },
      },
    },
    async (request) => ok(await feedbackPage(app.db, request.user!.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/help/feedback/read',
    {
      ...auth,
      schema: {
        tags,
        summary: "Marks the operators' replies to the user's feedback as read",
        response: { 200: okReply(helpApi.feedbackReadReply) },
      },
    },
    async (request) => {
      await readFeedbackReplies(app.db, request.user!.id);
      return ok(true as const);
    },
  );

  // ---- console ----

  app.get(
    '/admin/help/categories',
    {
      ...editor,
      schema: { tags: consoleTags, summary: 'FAQ categories', response: { 200: okReply(helpApi.consoleCategoriesReply) } },
    },
    async () => ok(await consoleHelpCategories(app.db)),
  );

  app.post(
    '/admin/help/categories',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Create (no id) or update a FAQ category; names per language, English required',
        body: helpApi.saveCategoryBody,
        response: { 200: okReply(helpApi.saveCategoryReply) },
      },
    },
    async (request) => ok(await saveCategory(app.db, request, request.body)),
  );

  app.get(
    '/admin/help/articles',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Every FAQ article, drafts too',
        querystring: helpApi.consoleArticlesQuery,
        response: { 200: okReply(helpApi.consoleArticlesReply) },
      },
    },
    async (request) => ok(await consoleHelpArticles(app.db, request.query.category_id)),
  );

  app.get(
    '/admin/help/articles/:id',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'One FAQ article with its text in every language',
        params: helpApi.idParams,
        response: { 200: okReply(helpApi.consoleArticleReply) },
      },
    },
    async (request) => ok(await consoleHelpArticle(app.db, request.params.id)),
  );

  app.post(
    '/admin/help/articles',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Create a FAQ article (texts per language, English required)',
        body: helpApi.articleBody,
        response: { 200: okReply(helpApi.consoleArticleReply) },
      },
    },
    async (request) => {
      const { category_id, ...rest } = request.body;
      return ok(await saveArticle(app.db, request, undefined, { categoryId: category_id, ...rest }));
    },
  );

  app.post(
    '/admin/help/articles/:id',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Replace a FAQ article and all its languages',
        params: helpApi.idParams,
        body: helpApi.articleBody,
        response: { 200: okReply(helpApi.consoleArticleReply) },
      },
    },
    async (request) => {
      const { category_id, ...rest } = request.body;
      return ok(await saveArticle(app.db, request, request.params.id, { categoryId: category_id, ...rest }));
    },
  );

  app.post(
    '/admin/help/articles/:id/delete',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Delete a FAQ article',
        params: helpApi.idParams,
        response: { 200: okReply(helpApi.deleteArticleReply) },
      },
    },
    async (request) => {
      await deleteArticle(app.db, request, request.params.id);
      return ok(true as const);
    },
  );

  app.get(
    '/admin/feedback',
    {
      ...inbox,
      schema: {
        tags: consoleTags,
        summary: 'Feedback inbox: open (oldest first), replied or all',
        querystring: helpApi.consoleFeedbackQuery,
        response: { 200: okReply(helpApi.consoleFeedbackReply) },
      },
    },
    async (request) => ok(await consoleFeedbackPage(app.db, request.query.status, request.query.page, request.query.limit)),
  );

  app.post(
    '/admin/feedback/:id/reply',
    {
      ...inbox,
      schema: {
        tags: consoleTags,
        summary: 'Reply to feedback (the user sees it in the help centre)',
        params: helpApi.idParams,
        body: helpApi.replyBody,
        response: { 200: okReply(helpApi.replyReply) },
      },
    },
    async (request) => ok(await replyFeedback(app.db, request, request.params.id, request.body.reply)),
  );
}
