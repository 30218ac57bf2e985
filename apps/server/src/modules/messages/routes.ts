import { messagesApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { requestLang } from '../../lib/lang.js';
import { routeGroup, signedIn } from '../../plugins/route-group.js';
import { readMessages, userMessagesPage } from './service.js';

const tags = ['messages'];

export async function messageRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);

  user.get('/user/messages', {
    summary: "The user's messages, in the request's language",
    querystring: messagesApi.listQuery,
    reply: messagesApi.listReply,
    handler: async (request) =>
      await userMessagesPage(app.db, requestLang(request), request.user!.id, request.query.page, request.query.limit),
  });

  user.post('/user/messages/read', {
    summary: 'Mark one message (id) or all (all=1) read',
    body: messagesApi.readBody,
    reply: messagesApi.readReply,
    handler: async (request) => {
      await readMessages(app.db, request.user!.id, request.body);
      return true as const;
    },
  });
}
