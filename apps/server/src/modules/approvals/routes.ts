import { approvalsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { consoleRoles, routeGroup, superOnly } from '../../plugins/route-group.js';
import { fourEyesSetting, requestFourEyesChange } from '../withdrawals/four-eyes.js';
import { consoleApprovals, decideApproval } from './service.js';

const tags = ['console: four eyes'];

/** Console routes of the maker–checker flow (docs/api-money.md "Pending approvals"). */
export async function approvalRoutes(app: FastifyInstance) {
  // Finance makes and checks money moves; super checks everything; which kind a role may decide is
  // checked per request (approvals/request.ts CHECKER_ROLES).
  const finance = routeGroup(app, tags, consoleRoles('finance'));

  finance.get('/admin/approvals', {
    summary: 'Requests waiting for (or decided by) a second operator, newest first',
    querystring: approvalsApi.listQuery,
    reply: approvalsApi.listReply,
    handler: (request) => {
      const { status, page, limit } = request.query;
      return consoleApprovals(app.db, request.admin!, status, page, limit);
    },
  });

  finance.post('/admin/approvals/:id/approve', {
    summary: 'Approve and apply (never your own request)',
    params: approvalsApi.decideParams,
    body: approvalsApi.decideBody,
    reply: approvalsApi.decideReply,
    handler: (request) => decideApproval(app.db, request, request.params.id, 'approve', request.body.note ?? null),
  });

  finance.post('/admin/approvals/:id/reject', {
    summary: 'Reject: nothing changes (never your own request)',
    params: approvalsApi.decideParams,
    body: approvalsApi.decideBody,
    reply: approvalsApi.decideReply,
    handler: (request) => decideApproval(app.db, request, request.params.id, 'reject', request.body.note ?? null),
  });

  finance.get('/admin/withdrawal-four-eyes', {
    summary: 'USDT value above which a payout waits for a second operator',
    reply: approvalsApi.fourEyesReply,
    handler: () => fourEyesSetting(app.db),
  });

  routeGroup(app, tags, superOnly).post('/admin/withdrawal-four-eyes', {
    summary: 'Ask to change the threshold (a second super approves)',
    body: approvalsApi.fourEyesBody,
    reply: approvalsApi.fourEyesChangeReply,
    handler: (request) => requestFourEyesChange(app.db, request, request.body.usdt),
  });
}
