import { type ConsoleRole, intField, LANGS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, idParams, optionalText } from '../../lib/fields.js';
import { requestLang } from '../../lib/lang.js';
import { pageFields } from '../../lib/paging.js';
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
const optionalId = z.preprocess((v) => (v === '' || v === null ? undefined : v), idField.optional());
/** Free text is checked by the service (lib/user-text.ts) so that too long and empty have their own codes. */
const looseText = z.unknown().optional();
const slugField = z
  .string({ message: 'field_required' })
  .trim()
  .min(1, 'field_required')
  .max(60, 'field_invalid')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'field_invalid');
const sortField = intField(0, 100_000, 'field_invalid').default(0);
const textsField = z.partialRecord(
  z.enum(LANGS, { message: 'lang_unknown' }),
  z.object({ title: z.string().optional(), body: z.string().optional() }),
);

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
    { schema: { tags, summary: 'FAQ categories with their number of articles, in the lang header’s language' } },
    async (request) => ok(await helpCategoriesFor(app.db, requestLang(request))),
  );

  app.get(
    '/help/articles',
    {
      schema: {
        tags,
        summary: 'FAQ articles (title + summary), of one category and/or matching q; English where not translated',
        querystring: z.object({ category_id: optionalId, q: optionalText(100) }),
      },
    },
    async (request) =>
      ok(await helpArticlesFor(app.db, requestLang(request), { categoryId: request.query.category_id, q: request.query.q })),
  );

  app.get(
    '/help/article',
    { schema: { tags, summary: 'One FAQ article (plain text body)', querystring: z.object({ id: idField }) } },
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
        body: z.preprocess(
          (v) => v ?? {},
          z.object({ content: looseText, images: z.union([z.string(), z.array(z.string())]).optional() }),
        ),
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
        querystring: z.object(pageFields),
      },
    },
    async (request) => ok(await feedbackPage(app.db, request.user!.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/help/feedback/read',
    { ...auth, schema: { tags, summary: "Marks the operators' replies to the user's feedback as read" } },
    async (request) => {
      await readFeedbackReplies(app.db, request.user!.id);
      return ok(true);
    },
  );

  // ---- console ----

  app.get('/admin/help/categories', { ...editor, schema: { tags: consoleTags, summary: 'FAQ categories' } }, async () =>
    ok(await consoleHelpCategories(app.db)),
  );

  app.post(
    '/admin/help/categories',
    {
      ...editor,
      schema: {
        tags: consoleTags,
        summary: 'Create (no id) or update a FAQ category; names per language, English required',
        body: z.object({
          id: optionalId,
          slug: slugField,
          names: z.partialRecord(z.enum(LANGS, { message: 'lang_unknown' }), z.string().max(200, 'text_too_long')),
          sort: sortField,
        }),
      },
    },
    async (request) => ok(await saveCategory(app.db, request, request.body)),
  );

  app.get(
    '/admin/help/articles',
    {
      ...editor,
      schema: { tags: consoleTags, summary: 'Every FAQ article, drafts too', querystring: z.object({ category_id: optionalId }) },
    },
    async (request) => ok(await consoleHelpArticles(app.db, request.query.category_id)),
  );

  app.get(
    '/admin/help/articles/:id',
    { ...editor, schema: { tags: consoleTags, summary: 'One FAQ article with its text in every language', params: idParams } },
    async (request) => ok(await consoleHelpArticle(app.db, request.params.id)),
  );

  const articleBody = z.object({
    category_id: idField,
    slug: slugField,
    sort: sortField,
    published: z.boolean({ message: 'field_invalid' }).default(true),
    texts: textsField,
  });

  app.post(
    '/admin/help/articles',
    {
      ...editor,
      schema: { tags: consoleTags, summary: 'Create a FAQ article (texts per language, English required)', body: articleBody },
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
      schema: { tags: consoleTags, summary: 'Replace a FAQ article and all its languages', params: idParams, body: articleBody },
    },
    async (request) => {
      const { category_id, ...rest } = request.body;
      return ok(await saveArticle(app.db, request, request.params.id, { categoryId: category_id, ...rest }));
    },
  );

  app.post(
    '/admin/help/articles/:id/delete',
    { ...editor, schema: { tags: consoleTags, summary: 'Delete a FAQ article', params: idParams } },
    async (request) => {
      await deleteArticle(app.db, request, request.params.id);
      return ok(true);
    },
  );

  app.get(
    '/admin/feedback',
    {
      ...inbox,
      schema: {
        tags: consoleTags,
        summary: 'Feedback inbox: open (oldest first), replied or all',
        querystring: z.object({
          status: z.enum(['open', 'replied', 'all'], { message: 'field_invalid' }).default('open'),
          ...pageFields,
        }),
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
        params: idParams,
        body: z.object({ reply: looseText }),
      },
    },
    async (request) => ok(await replyFeedback(app.db, request, request.params.id, request.body.reply)),
  );
}
