import { ANY_CONSOLE_ROLE, adminLoginBody, intField } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/reply.js';
import { operatorDeps } from '../operators/deps.js';
import { signIn, signOut, totpEnabled } from '../operators/service.js';
import { liveSessionCount, outboxMessages } from './repo.js';

const tags = ['admin'];

export async function adminRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/admin/login',
    {
      schema: { tags, summary: 'Operator sign-in', body: adminLoginBody },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    // Password and authenticator code together, per-account lockout, audited (modules/operators).
    async (request) => ok(await signIn(operatorDeps(app), request, request.body)),
  );

  // Any signed-in operator, also during 2FA enrolment (console roles: docs/api.md).
  const anyOperator = { preHandler: app.requireAdmin, config: { roles: ANY_CONSOLE_ROLE, enrolment: true } };
  app.post('/admin/logout', { schema: { tags, summary: 'Operator sign-out (audited)' }, ...anyOperator }, async (request) => {
    await signOut(app.db, request);
    return ok(true);
  });

  app.get('/admin/me', { schema: { tags, summary: 'The signed-in operator' }, ...anyOperator }, async (request) => {
    const { id, email, role } = request.admin!;
    const sessions = await liveSessionCount(app.db, id);
    const { scope } = request.admin!;
    return ok({ id, email, role, sessions, totp_enabled: await totpEnabled(app.db, id), scope });
  });

  const outboxQuery = z.object({
    target: z.string().max(254).optional(),
    limit: intField(1, 200, 'validation_failed').default(50),
  });
  /**
   * The development outbox: where codes wait when no SMS or e-mail provider is configured. It does not
   * exist in production (NODE_ENV=production), where codes reach only their owner.
   */
  if (app.config.production) return;
  app.get(
    '/admin/outbox',
    {
      schema: { tags, summary: 'Messages waiting in the development outbox', querystring: outboxQuery },
      preHandler: app.requireAdmin,
    },
    async (request) => {
      const { target, limit } = request.query;
      return ok(await outboxMessages(app.db, target, limit));
    },
  );
}
