import { identityApi as api, IDENTITY_REVIEW_ROLES, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { approveCheck, consoleIdentityList, rejectCheck, submitAdvanced, submitBasic, verificationCenter } from './service.js';

const tags = ['verification'];
const consoleTags = ['console: verification'];

export async function identityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Console roles (docs/api.md): identity reviews are compliance's.
  const operator = { preHandler: app.requireAdmin, config: { roles: IDENTITY_REVIEW_ROLES } };

  app.post(
    '/user/real_name',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Submit basic verification (country, name, ID number)',
        body: api.basicBody,
        response: { 200: okReply(api.submitReply) },
      },
    },
    async (request) => ok(await submitBasic(app.db, request.user!, request.body)),
  );

  app.post(
    '/user/real_name2',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Submit advanced verification (address and three uploaded photos)',
        body: api.advancedBody,
        response: { 200: okReply(api.submitReply) },
      },
    },
    async (request) => ok(await submitAdvanced(app.db, request.user!, request.body)),
  );

  app.get(
    '/user/center2',
    { ...auth, schema: { tags, summary: 'Verification state of both tiers', response: { 200: okReply(api.centerReply) } } },
    async (request) => ok(await verificationCenter(app.db, request.user!)),
  );

  app.get(
    '/admin/identity',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Verification submissions with photo urls',
        querystring: api.consoleQuery,
        response: { 200: okReply(api.consoleReply) },
      },
    },
    async (request) => {
      const { status, tier, page, limit } = request.query;
      return ok(await consoleIdentityList(app.db, { status, tier }, page, limit));
    },
  );

  app.post(
    '/admin/identity/:id/approve',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "Approve; the user's tier becomes verified",
        params: api.reviewParams,
        response: { 200: okReply(api.reviewReply) },
      },
    },
    async (request) => {
      const check = await approveCheck(app.db, request, request.params.id);
      return ok({ id: check.id, status: check.status });
    },
  );

  app.post(
    '/admin/identity/:id/reject',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Reject with a reason',
        params: api.reviewParams,
        body: api.rejectBody,
        response: { 200: okReply(api.reviewReply) },
      },
    },
    async (request) => {
      const check = await rejectCheck(app.db, request, request.params.id, request.body.reason);
      return ok({ id: check.id, status: check.status });
    },
  );
}
