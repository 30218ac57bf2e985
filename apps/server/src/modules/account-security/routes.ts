import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idField, idParams, requiredText } from '../../lib/fields.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import {
  ANTI_PHISHING_PATTERN,
  antiPhishingCodeOf,
  endOtherSessions,
  endSession,
  liveSessionsOf,
  loginHistoryOf,
  setAntiPhishingCode,
  setFrozen,
} from './service.js';

const tags = ['account security'];

const antiPhishingBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
    z.string({ message: 'field_invalid' }).refine((v) => v === '' || ANTI_PHISHING_PATTERN.test(v), 'field_invalid'),
  ),
});

/** The user's login history, sessions and anti-phishing code; operators' account freeze. */
export async function accountSecurityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };

  app.get(
    '/user/security/logins',
    { ...auth, schema: { tags, summary: 'Sign-in attempts on the account, newest first', querystring: z.object(pageFields) } },
    async (request) => ok(await loginHistoryOf(app.db, request.user!.id, request.query.page, request.query.limit)),
  );

  app.get(
    '/user/security/sessions',
    { ...auth, schema: { tags, summary: 'Signed-in devices (live sessions)' } },
    async (request) => ok(await liveSessionsOf(app.db, request.user!.id, request.user!.sessionId)),
  );

  app.post(
    '/user/security/sessions/revoke',
    { ...auth, schema: { tags, summary: 'Sign one of your sessions out', body: z.object({ id: idField }) } },
    async (request) => {
      await endSession(app.db, request.user!.id, request.body.id);
      return ok(true);
    },
  );

  app.post(
    '/user/security/sessions/revoke_others',
    { ...auth, schema: { tags, summary: 'Sign every other device out' } },
    async (request) => ok({ ended: await endOtherSessions(app.db, request.user!.id, request.user!.sessionId) }),
  );

  app.get('/user/security/anti_phishing', { ...auth, schema: { tags, summary: 'Your anti-phishing code' } }, async (request) =>
    ok({ code: await antiPhishingCodeOf(app.db, request.user!.id) }),
  );

  app.post(
    '/user/security/anti_phishing',
    {
      ...auth,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Set the anti-phishing code (4–20 letters or digits; empty removes it)', body: antiPhishingBody },
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
        params: idParams,
        body: z.object({ reason: requiredText(300) }),
      },
    },
    async (request) => ok(await setFrozen(app.db, request, request.params.id, request.body.reason)),
  );

  app.post(
    '/admin/users/:id/unfreeze',
    { ...compliance, schema: { tags: ['console: users and money'], summary: 'Lift a freeze', params: idParams } },
    async (request) => ok(await setFrozen(app.db, request, request.params.id, null)),
  );
}
