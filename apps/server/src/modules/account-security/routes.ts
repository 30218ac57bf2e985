import { accountSecurityApi as api } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { consoleRoles, routeGroup, signedIn } from '../../plugins/route-group.js';
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
export async function accountSecurityRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  const compliance = routeGroup(app, ['console: users and money'], consoleRoles('compliance'));

  user.get('/user/security/logins', {
    summary: 'Sign-in attempts on the account, newest first',
    querystring: api.loginsQuery,
    reply: api.loginsReply,
    handler: (request) => loginHistoryOf(app.db, request.user!.id, request.query.page, request.query.limit),
  });

  user.get('/user/security/sessions', {
    summary: 'Signed-in devices (live sessions)',
    reply: api.sessionsReply,
    handler: (request) => liveSessionsOf(app.db, request.user!.id, request.user!.sessionId),
  });

  user.post('/user/security/sessions/revoke', {
    summary: 'Sign one of your sessions out',
    body: api.revokeBody,
    reply: api.revokeReply,
    handler: async (request) => {
      await endSession(app.db, request.user!.id, request.body.id);
      return true as const;
    },
  });

  user.post('/user/security/sessions/revoke_others', {
    summary: 'Sign every other device out',
    reply: api.revokeOthersReply,
    handler: async (request) => ({ ended: await endOtherSessions(app.db, request.user!.id, request.user!.sessionId) }),
  });

  user.get('/user/security/anti_phishing', {
    summary: 'Your anti-phishing code',
    reply: api.antiPhishingReply,
    handler: async (request) => ({ code: await antiPhishingCodeOf(app.db, request.user!.id) }),
  });

  user.post('/user/security/anti_phishing', {
    summary: 'Set the anti-phishing code (4–20 letters or digits; empty removes it)',
    body: api.antiPhishingBody,
    reply: api.antiPhishingReply,
    rateLimitPerMinute: 10,
    handler: async (request) => ({ code: await setAntiPhishingCode(app.db, request.user!.id, request.body.code) }),
  });

  // Console: freezing is compliance's (and super's).
  compliance.post('/admin/users/:id/freeze', {
    summary:
      'Freeze an account with a reason shown to the user; their sessions end once, and signed in again they may only see, close and cancel (no new risk, no withdrawal)',
    params: api.freezeParams,
    body: api.freezeBody,
    reply: api.freezeReply,
    handler: (request) => setFrozen(app.db, request, request.params.id, request.body.reason),
  });

  compliance.post('/admin/users/:id/unfreeze', {
    summary: 'Lift a freeze',
    params: api.freezeParams,
    reply: api.freezeReply,
    handler: (request) => setFrozen(app.db, request, request.params.id, null),
  });
}
