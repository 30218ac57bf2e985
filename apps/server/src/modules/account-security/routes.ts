import { accountSecurityApi as api, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import {
  antiPhishingCodeOf,
  endOtherSessions,
  endSession,
  liveSessionsOf,
  loginHistoryOf,
  setAntiPhishingCode,
  setFrozen,
} from './service.js';

const tags = ['account security'];

/** The user's login history, sessions and anti-phishing code; operators' account freeze. */
export async function accountSecurityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.get(
    '/user/security/logins',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Sign-in attempts on the account, newest first',
        querystring: api.loginsQuery,
        response: { 200: okReply(api.loginsReply) },
      },
    },
    async (request) => ok(await loginHistoryOf(app.db, request.user!.id, request.query.page, request.query.limit)),
  );

  app.get(
    '/user/security/sessions',
    { ...auth, schema: { tags, summary: 'Signed-in devices (live sessions)', response: { 200: okReply(api.sessionsReply) } } },
    async (request) => ok(await liveSessionsOf(app.db, request.user!.id, request.user!.sessionId)),
  );

  app.post(
    '/user/security/sessions/revoke',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Sign one of your sessions out',
        body: api.revokeBody,
        response: { 200: okReply(api.revokeReply) },
      },
    },
    async (request) => {
      await endSession(app.db, request.user!.id, request.body.id);
      return ok(true as const);
    },
  );

  app.post(
    '/user/security/sessions/revoke_others',
    { ...auth, schema: { tags, summary: 'Sign every other device out', response: { 200: okReply(api.revokeOthersReply) } } },
    async (request) => ok({ ended: await endOtherSessions(app.db, request.user!.id, request.user!.sessionId) }),
  );

  app.get(
    '/user/security/anti_phishing',
    { ...auth, schema: { tags, summary: 'Your anti-phishing code', response: { 200: okReply(api.antiPhishingReply) } } },
    async (request) => ok({ code: await antiPhishingCodeOf(app.db, request.user!.id) }),
  );

  app.post(
    '/user/security/anti_phishing',
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Set the anti-phishing code (4–20 letters or digits; empty removes it)',
        body: api.antiPhishingBody,
        response: { 200: okReply(api.antiPhishingReply) },
      },
    },
    async (request) => ok({ code: await setAntiPhishingCode(app.db, request.user!.id, request.body.code) }),
  );

  // Console: freezing is compliance's (and super's).
  const compliance = { preHandler: app.requireAdmin, config: { roles: ['compliance'] as const } };
  app.post(
    '/admin/users/:id/freeze',
    {
      ...compliance,
      schema: {
        tags: ['console: users and money'],
        summary:
          'Freeze an account with a reason shown to the user; their sessions end once, and signed in again they may only see, close and cancel (no new risk, no withdrawal)',
        params: api.freezeParams,
        body: api.freezeBody,
        response: { 200: okReply(api.freezeReply) },
      },
    },
    async (request) => ok(await setFrozen(app.db, request, request.params.id, request.body.reason)),
  );

  app.post(
    '/admin/users/:id/unfreeze',
    {
      ...compliance,
      schema: {
        tags: ['console: users and money'],
        summary: 'Lift a freeze',
        params: api.freezeParams,
        response: { 200: okReply(api.freezeReply) },
      },
    },
    async (request) => ok(await setFrozen(app.db, request, request.params.id, null)),
  );
}
