import { approvalsApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { fourEyesSetting, requestFourEyesChange } from '../withdrawals/four-eyes.js';
import { consoleApprovals, decideApproval } from './service.js';

const tags = ['console: four eyes'];

/** Console routes of the maker–checker flow (docs/api-money.md "Pending approvals"). */
export async function approvalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Finance makes and checks money moves; super checks everything; which kind a role may decide is
  // checked per request (approvals/request.ts CHECKER_ROLES).
  const finance = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };
  const superOnly = { preHandler: app.requireAdmin };

  app.get(
    '/admin/approvals',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Requests waiting for (or decided by) a second operator, newest first',
        querystring: approvalsApi.listQuery,
        response: { 200: okReply(approvalsApi.listReply) },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      return ok(await consoleApprovals(app.db, request.admin!, status, page, limit));
    },
  );

  app.post(
    '/admin/approvals/:id/approve',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Approve and apply (never your own request)',
        params: approvalsApi.decideParams,
        body: approvalsApi.decideBody,
        response: { 200: okReply(approvalsApi.decideReply) },
      },
    },
    async (request) => ok(await decideApproval(app.db, request, request.params.id, 'approve', request.body.note ?? null)),
  );

  app.post(
    '/admin/approvals/:id/reject',
    {
      ...finance,
      schema: {
        tags,
        summary: 'Reject: nothing changes (never your own request)',
        params: approvalsApi.decideParams,
        body: approvalsApi.decideBody,
        response: { 200: okReply(approvalsApi.decideReply) },
      },
    },
    async (request) => ok(await decideApproval(app.db, request, request.params.id, 'reject', request.body.note ?? null)),
  );

  app.get(
    '/admin/withdrawal-four-eyes',
    {
      ...finance,
      schema: {
        tags,
        summary: 'USDT value above which a payout waits for a second operator',
        response: { 200: okReply(approvalsApi.fourEyesReply) },
      },
    },
    async () => ok(await fourEyesSetting(app.db)),
  );

  app.post(
    '/admin/withdrawal-four-eyes',
    {
      ...superOnly,
      schema: {
        tags,
        summary: 'Ask to change the threshold (a second super approves)',
        body: approvalsApi.fourEyesBody,
        response: { 200: okReply(approvalsApi.fourEyesChangeReply) },
      },
    },
    async (request) => ok(await requestFourEyesChange(app.db, request, request.body.usdt)),
  );
}
