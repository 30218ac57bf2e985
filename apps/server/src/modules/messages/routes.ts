import { messagesApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLang } from '../../lib/lang.js';
import { ok } from '../../lib/reply.js';
import { readMessages, userMessagesPage } from './service.js';

const tags = ['messages'];

export async function messageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.get(
    '/user/messages',
    {
      ...auth,
      schema: {
        tags,
        summary: "The user's messages, in the request's language",
        querystring: messagesApi.listQuery,
        response: { 200: okReply(messagesApi.listReply) },
      },
    },
    async (request) =>
      ok(await userMessagesPage(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/user/messages/read',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Mark one message (id) or all (all=1) read',
        body: messagesApi.readBody,
        response: { 200: okReply(messagesApi.readReply) },
      },
    },
    async (request) => {
      await readMessages(app.db, request.user!.id, request.body);
      return ok(true as const);
    },
  );
}
