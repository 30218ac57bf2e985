import { type ConsoleRole, helpApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../lib/lang.js';
import { anyone, consoleRoles, routeGroup, signedIn } from '../../plugins/route-group.js';
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
export async function helpRoutes(app: FastifyInstance) {
  const visitor = routeGroup(app, tags, anyone);
  const user = routeGroup(app, tags, signedIn);
  // Console roles: the FAQ editor for support and content operators, the inbox for support.
  const editor = routeGroup(app, consoleTags, consoleRoles(...FAQ_EDITOR_ROLES));
  const inbox = routeGroup(app, consoleTags, consoleRoles(...FEEDBACK_ROLES));

  visitor.get('/help/categories', {
    summary: 'FAQ categories with their number of articles, in the lang header’s language',
    reply: helpApi.categoriesReply,
    handler: (request) => helpCategoriesFor(app.db, requestLang(request)),
  });

  visitor.get('/help/articles', {
    summary: 'FAQ articles (title + summary), of one category and/or matching q; English where not translated',
    querystring: helpApi.articlesQuery,
    reply: helpApi.articlesReply,
    handler: async (request) =>
      await helpArticlesFor(app.db, requestLang(request), { categoryId: request.query.category_id, q: request.query.q }),
  });

  visitor.get('/help/article', {
    summary: 'One FAQ article (plain text body)',
    querystring: helpApi.articleQuery,
    reply: helpApi.articleReply,
    handler: (request) => helpArticleFor(app.db, requestLang(request), request.query.id),
  });

  user.post('/help/feedback', {
    summary: `Send feedback: content (1..${FEEDBACK_MAX_CHARS} characters) and up to ${FEEDBACK_MAX_IMAGES} images (ids from POST upload with purpose feedback; array or comma-separated)`,
    body: helpApi.feedbackBody,
    reply: helpApi.feedbackReply,
    rateLimitPerMinute: 10,
    handler: (request) => submitFeedback(app.db, request.user!.id, request.body),
  });

  user.get('/help/feedback', {
    summary: "The user's feedback with the operators' replies, newest first",
    querystring: helpApi.feedbackListQuery,
    reply: helpApi.feedbackListReply,
    handler: (request) => feedbackPage(app.db, request.user!.id, request.query.page, request.query.limit),
  });

  user.post('/help/feedback/read', {
    summary: "Marks the operators' replies to the user's feedback as read",
    reply: helpApi.feedbackReadReply,
    handler: async (request) => {
      await readFeedbackReplies(app.db, request.user!.id);
      return true as const;
    },
  });

  // ---- console ----

  editor.get('/admin/help/categories', {
    summary: 'FAQ categories',
    reply: helpApi.consoleCategoriesReply,
    handler: () => consoleHelpCategories(app.db),
  });

  editor.post('/admin/help/categories', {
    summary: 'Create (no id) or update a FAQ category; names per language, English required',
    body: helpApi.saveCategoryBody,
    reply: helpApi.saveCategoryReply,
    handler: (request) => saveCategory(app.db, request, request.body),
  });

  editor.get('/admin/help/articles', {
    summary: 'Every FAQ article, drafts too',
    querystring: helpApi.consoleArticlesQuery,
    reply: helpApi.consoleArticlesReply,
    handler: (request) => consoleHelpArticles(app.db, request.query.category_id),
  });

  editor.get('/admin/help/articles/:id', {
    summary: 'One FAQ article with its text in every language',
    params: helpApi.idParams,
    reply: helpApi.consoleArticleReply,
    handler: (request) => consoleHelpArticle(app.db, request.params.id),
  });

  editor.post('/admin/help/articles', {
    summary: 'Create a FAQ article (texts per language, English required)',
    body: helpApi.articleBody,
    reply: helpApi.consoleArticleReply,
    handler: (request) => {
      const { category_id, ...rest } = request.body;
      return saveArticle(app.db, request, undefined, { categoryId: category_id, ...rest });
    },
  });

  editor.post('/admin/help/articles/:id', {
    summary: 'Replace a FAQ article and all its languages',
    params: helpApi.idParams,
    body: helpApi.articleBody,
    reply: helpApi.consoleArticleReply,
    handler: (request) => {
      const { category_id, ...rest } = request.body;
      return saveArticle(app.db, request, request.params.id, { categoryId: category_id, ...rest });
    },
  });

  editor.post('/admin/help/articles/:id/delete', {
    summary: 'Delete a FAQ article',
    params: helpApi.idParams,
    reply: helpApi.deleteArticleReply,
    handler: async (request) => {
      await deleteArticle(app.db, request, request.params.id);
      return true as const;
    },
  });

  inbox.get('/admin/feedback', {
    summary: 'Feedback inbox: open (oldest first), replied or all',
    querystring: helpApi.consoleFeedbackQuery,
    reply: helpApi.consoleFeedbackReply,
    handler: (request) => consoleFeedbackPage(app.db, request.query.status, request.query.page, request.query.limit),
  });

  inbox.post('/admin/feedback/:id/reply', {
    summary: 'Reply to feedback (the user sees it in the help centre)',
    params: helpApi.idParams,
    body: helpApi.replyBody,
    reply: helpApi.replyReply,
    handler: (request) => replyFeedback(app.db, request, request.params.id, request.body.reply),
  });
}
