import { flagField, intId } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLang } from '../../lib/lang.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { readMessages, userMessagesPage } from './service.js';

const tags = ['messages'];
const flag = flagField().default(false);

export async function messageRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.get(
    '/user/messages',
    { ...auth, schema: { tags, summary: "The user's messages, in the request's language", querystring: z.object(pageFields) } },
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
        body: z.object({
          id: intId('not_found').optional(),
          all: flag,
        }),
      },
    },
    async (request) => {
      await readMessages(app.db, request.user!.id, request.body);
      return ok(true);
    },
  );
}
