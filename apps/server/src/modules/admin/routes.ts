import { adminApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { anyOperator, anyone, routeGroup, superOnly } from '../../plugins/route-group.js';
import { operatorDeps } from '../operators/deps.js';
import { signIn, signOut, totpEnabled } from '../operators/service.js';
import { liveSessionCount, outboxMessages } from './repo.js';

const tags = ['admin'];

export async function adminRoutes(app: FastifyInstance) {
  routeGroup(app, tags, anyone).post('/admin/login', {
    summary: 'Operator sign-in',
    body: adminApi.loginBody,
    reply: adminApi.loginReply,
    rateLimitPerMinute: 10,
    // Password and authenticator code together, per-account lockout, audited (modules/operators).
    handler: (request) => signIn(operatorDeps(app), request, request.body),
  });

  // Any signed-in operator, also during 2FA enrolment (console roles: docs/api.md).
  const operator = routeGroup(app, tags, { ...anyOperator, enrolment: true });
  operator.post('/admin/logout', {
    summary: 'Operator sign-out (audited)',
    reply: adminApi.logoutReply,
    handler: async (request) => {
      await signOut(app.db, request);
      return true as const;
    },
  });

  operator.get('/admin/me', {
    summary: 'The signed-in operator',
    reply: adminApi.meReply,
    handler: async (request) => {
      const { id, email, role } = request.admin!;
      const sessions = await liveSessionCount(app.db, id);
      const { scope } = request.admin!;
      return {
        id,
        email,
        // Roles are written only through the console's role field (and the seed's 'super'); scopes only
        // as 'full' or 'enrol' (operators/service.ts), and requireAdmin always reads it.
        role: role as adminApi.MeReply['role'],
        sessions,
        totp_enabled: await totpEnabled(app.db, id),
        scope: scope as adminApi.SessionScope,
      };
    },
  });

  /**
   * The development outbox: where codes wait when no SMS or e-mail provider is configured. It does not
   * exist in production (NODE_ENV=production), where codes reach only their owner.
   */
  if (app.config.production) return;
  routeGroup(app, tags, superOnly).get('/admin/outbox', {
    summary: 'Messages waiting in the development outbox',
    querystring: adminApi.outboxQuery,
    reply: adminApi.outboxReply,
    handler: (request) => {
      const { target, limit } = request.query;
      return outboxMessages(app.db, target, limit);
    },
  });
}
