import { ANY_CONSOLE_ROLE, adminApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
      schema: { tags, summary: 'Operator sign-in', body: adminApi.loginBody, response: { 200: okReply(adminApi.loginReply) } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    // Password and authenticator code together, per-account lockout, audited (modules/operators).
    async (request) => ok(await signIn(operatorDeps(app), request, request.body)),
  );

  // Any signed-in operator, also during 2FA enrolment (console roles: docs/api.md).
  const anyOperator = { preHandler: app.requireAdmin, config: { roles: ANY_CONSOLE_ROLE, enrolment: true } };
  app.post(
    '/admin/logout',
    {
      schema: { tags, summary: 'Operator sign-out (audited)', response: { 200: okReply(adminApi.logoutReply) } },
      ...anyOperator,
    },
    async (request) => {
      await signOut(app.db, request);
      return ok(true as const);
    },
  );

  app.get(
    '/admin/me',
    { schema: { tags, summary: 'The signed-in operator', response: { 200: okReply(adminApi.meReply) } }, ...anyOperator },
    async (request) => {
      const { id, email, role } = request.admin!;
      const sessions = await liveSessionCount(app.db, id);
      const { scope } = request.admin!;
      return ok({
        id,
        email,
        // Roles are written only through the console's role field (and the seed's 'super'); scopes only
        // as 'full' or 'enrol' (operators/service.ts), and requireAdmin always reads it.
        role: role as adminApi.MeReply['role'],
        sessions,
        totp_enabled: await totpEnabled(app.db, id),
        scope: scope as adminApi.SessionScope,
      });
    },
  );

  /**
   * The development outbox: where codes wait when no SMS or e-mail provider is configured. It does not
   * exist in production (NODE_ENV=production), where codes reach only their owner.
   */
  if (app.config.production) return;
  app.get(
    '/admin/outbox',
    {
      schema: {
        tags,
        summary: 'Messages waiting in the development outbox',
        querystring: adminApi.outboxQuery,
        response: { 200: okReply(adminApi.outboxReply) },
      },
      preHandler: app.requireAdmin,
    },
    async (request) => {
      const { target, limit } = request.query;
      return ok(await outboxMessages(app.db, target, limit));
    },
  );
}
