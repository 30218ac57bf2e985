import { identityApi as api, IDENTITY_REVIEW_ROLES } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { rejectRoute } from '../../plugins/review-queue-routes.js';
import { consoleRoles, routeGroup, signedIn } from '../../plugins/route-group.js';
import { approveCheck, consoleIdentityList, rejectCheck, submitAdvanced, submitBasic, verificationCenter } from './service.js';

const tags = ['verification'];
const consoleTags = ['console: verification'];

export async function identityRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  // Console roles (docs/api.md): identity reviews are compliance's.
  const reviewer = routeGroup(app, consoleTags, consoleRoles(...IDENTITY_REVIEW_ROLES));

  user.post('/user/real_name', {
    summary: 'Submit basic verification (country, name, ID number)',
    body: api.basicBody,
    reply: api.submitReply,
    handler: (request) => submitBasic(app.db, request.user!, request.body),
  });

  user.post('/user/real_name2', {
    summary: 'Submit advanced verification (address and three uploaded photos)',
    body: api.advancedBody,
    reply: api.submitReply,
    handler: (request) => submitAdvanced(app.db, request.user!, request.body),
  });

  user.get('/user/center2', {
    summary: 'Verification state of both tiers',
    reply: api.centerReply,
    handler: (request) => verificationCenter(app.db, request.user!),
  });

  reviewer.get('/admin/identity', {
    summary: 'Verification submissions with photo urls',
    querystring: api.consoleQuery,
    reply: api.consoleReply,
    handler: (request) => {
      const { status, tier, page, limit } = request.query;
      return consoleIdentityList(app.db, { status, tier }, page, limit);
    },
  });

  reviewer.post('/admin/identity/:id/approve', {
    summary: "Approve; the user's tier becomes verified",
    params: api.reviewParams,
    reply: api.reviewReply,
    handler: async (request) => {
      const check = await approveCheck(app.db, request, request.params.id);
      return { id: check.id, status: check.status };
    },
  });

  const rejection = { rejectParams: api.reviewParams, rejectBody: api.rejectBody, rejectReply: api.reviewReply };
  rejectRoute(reviewer, '/admin/identity', rejection, 'Reject with a reason', (request, id, reason) =>
    rejectCheck(app.db, request, id, reason),
  );
}
