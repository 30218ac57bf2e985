import { idParams, operatorsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { anyOperator, routeGroup, superOnly } from '../../plugins/route-group.js';
import { operatorDeps } from './deps.js';
import {
  changeOwnPassword,
  confirmEnrolment,
  createOperator,
  listOperators,
  liveSessions,
  resetPassword,
  resetTotp,
  revokeSession,
  startEnrolment,
  updateOperator,
} from './service.js';

const tags = ['console: operators'];

/**
 * Operators' two-factor enrolment, operator accounts (super admin) and console sessions. Sign-in
 * itself is `admin/login` (modules/admin), which calls this module's service.
 */
export async function operatorRoutes(app: FastifyInstance) {
  // Every signed-in operator, also with an enrolment-only session: setting up 2FA is what it is for.
  const enrolling = routeGroup(app, tags, { ...anyOperator, enrolment: true });
  const operator = routeGroup(app, tags, anyOperator);
  // No roles declared: super only.
  const onlySuper = routeGroup(app, tags, superOnly);

  enrolling.post('/admin/totp/setup', {
    summary: 'Start two-factor enrolment: a new secret and its otpauth URI (shown this once)',
    reply: operatorsApi.totpSetupReply,
    handler: (request) => startEnrolment(operatorDeps(app), request.admin!),
  });

  enrolling.post('/admin/totp/enable', {
    summary: 'Confirm enrolment with a code from the authenticator app',
    body: operatorsApi.totpEnableBody,
    reply: operatorsApi.totpEnableReply,
    rateLimitPerMinute: 10,
    handler: (request) => confirmEnrolment(operatorDeps(app), request, request.body.code),
  });

  operator.post('/admin/me/password', {
    summary: 'Change your own password (current one first; your other sessions end)',
    body: operatorsApi.changePasswordBody,
    reply: operatorsApi.changePasswordReply,
    rateLimitPerMinute: 10,
    handler: (request) => changeOwnPassword(operatorDeps(app), request, request.body),
  });

  operator.get('/admin/me/sessions', {
    summary: "The operator's own live sessions",
    reply: operatorsApi.sessionsReply,
    handler: (request) => liveSessions(app.db, request.admin!.sessionId, request.admin!.id),
  });

  operator.post('/admin/sessions/:id/revoke', {
    summary: 'End a console session (own sessions; super: any)',
    params: idParams,
    reply: operatorsApi.revokeReply,
    handler: (request) => revokeSession(app.db, request, request.params.id),
  });

  onlySuper.get('/admin/sessions', {
    summary: "Every operator's live sessions",
    reply: operatorsApi.sessionsReply,
    handler: (request) => liveSessions(app.db, request.admin!.sessionId),
  });

  onlySuper.get('/admin/operators', {
    summary: 'Operator accounts',
    reply: operatorsApi.listReply,
    handler: () => listOperators(app.db),
  });

  onlySuper.post('/admin/operators', {
    summary: 'Create an operator with a role',
    body: operatorsApi.createBody,
    reply: operatorsApi.createReply,
    handler: (request) => createOperator(app.db, request, request.body),
  });

  onlySuper.post('/admin/operators/:id', {
    summary: "Change an operator's role or disable them (their sessions end)",
    params: idParams,
    body: operatorsApi.updateBody,
    reply: operatorsApi.updateReply,
    handler: (request) => updateOperator(app.db, request, request.params.id, request.body),
  });

  onlySuper.post('/admin/operators/:id/password', {
    summary: "Set another operator's password: their second factor is removed (they enrol again) and their sessions end",
    params: idParams,
    body: operatorsApi.resetPasswordBody,
    reply: operatorsApi.resetPasswordReply,
    handler: (request) => resetPassword(operatorDeps(app), request, request.params.id, request.body.password),
  });

  onlySuper.post('/admin/operators/:id/reset-2fa', {
    summary: "Remove an operator's second factor; they enrol again",
    params: idParams,
    reply: operatorsApi.resetTotpReply,
    handler: (request) => resetTotp(app.db, request, request.params.id),
  });
}
