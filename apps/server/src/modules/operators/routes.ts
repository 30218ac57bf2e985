import { ANY_CONSOLE_ROLE, idParams, okReply, operatorsApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
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
export async function operatorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Every signed-in operator, also with an enrolment-only session: setting up 2FA is what it is for.
  const enrolling = { preHandler: app.requireAdmin, config: { roles: ANY_CONSOLE_ROLE, enrolment: true } };
  const anyOperator = { preHandler: app.requireAdmin, config: { roles: ANY_CONSOLE_ROLE } };
  // No roles declared: super only.
  const superOnly = { preHandler: app.requireAdmin };

  app.post(
    '/admin/totp/setup',
    {
      ...enrolling,
      schema: {
        tags,
        summary: 'Start two-factor enrolment: a new secret and its otpauth URI (shown this once)',
        response: { 200: okReply(operatorsApi.totpSetupReply) },
      },
    },
    async (request) => ok(await startEnrolment(operatorDeps(app), request.admin!)),
  );

  app.post(
    '/admin/totp/enable',
    {
      ...enrolling,
      config: { ...enrolling.config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Confirm enrolment with a code from the authenticator app',
        body: operatorsApi.totpEnableBody,
        response: { 200: okReply(operatorsApi.totpEnableReply) },
      },
    },
    async (request) => ok(await confirmEnrolment(operatorDeps(app), request, request.body.code)),
  );

  app.post(
    '/admin/me/password',
    {
      ...anyOperator,
      config: { ...anyOperator.config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Change your own password (current one first; your other sessions end)',
        body: operatorsApi.changePasswordBody,
        response: { 200: okReply(operatorsApi.changePasswordReply) },
      },
    },
    async (request) => ok(await changeOwnPassword(operatorDeps(app), request, request.body)),
  );

  app.get(
    '/admin/me/sessions',
    {
      ...anyOperator,
      schema: { tags, summary: "The operator's own live sessions", response: { 200: okReply(operatorsApi.sessionsReply) } },
    },
    async (request) => ok(await liveSessions(app.db, request.admin!.sessionId, request.admin!.id)),
  );

  app.post(
    '/admin/sessions/:id/revoke',
    {
      ...anyOperator,
      schema: {
        tags,
        summary: 'End a console session (own sessions; super: any)',
        params: idParams,
        response: { 200: okReply(operatorsApi.revokeReply) },
      },
    },
    async (request) => ok(await revokeSession(app.db, request, request.params.id)),
  );

  app.get(
    '/admin/sessions',
    {
      ...superOnly,
      schema: { tags, summary: "Every operator's live sessions", response: { 200: okReply(operatorsApi.sessionsReply) } },
    },
    async (request) => ok(await liveSessions(app.db, request.admin!.sessionId)),
  );

  app.get(
    '/admin/operators',
    { ...superOnly, schema: { tags, summary: 'Operator accounts', response: { 200: okReply(operatorsApi.listReply) } } },
    async () => ok(await listOperators(app.db)),
  );

  app.post(
    '/admin/operators',
    {
      ...superOnly,
      schema: {
        tags,
        summary: 'Create an operator with a role',
        body: operatorsApi.createBody,
        response: { 200: okReply(operatorsApi.createReply) },
      },
    },
    async (request) => ok(await createOperator(app.db, request, request.body)),
  );

  app.post(
    '/admin/operators/:id',
    {
      ...superOnly,
      schema: {
        tags,
        summary: "Change an operator's role or disable them (their sessions end)",
        params: idParams,
        body: operatorsApi.updateBody,
        response: { 200: okReply(operatorsApi.updateReply) },
      },
    },
    async (request) => ok(await updateOperator(app.db, request, request.params.id, request.body)),
  );

  app.post(
    '/admin/operators/:id/password',
    {
      ...superOnly,
      schema: {
        tags,
        summary: "Set another operator's password: their second factor is removed (they enrol again) and their sessions end",
        params: idParams,
        body: operatorsApi.resetPasswordBody,
        response: { 200: okReply(operatorsApi.resetPasswordReply) },
      },
    },
    async (request) => ok(await resetPassword(operatorDeps(app), request, request.params.id, request.body.password)),
  );

  app.post(
    '/admin/operators/:id/reset-2fa',
    {
      ...superOnly,
      schema: {
        tags,
        summary: "Remove an operator's second factor; they enrol again",
        params: idParams,
        response: { 200: okReply(operatorsApi.resetTotpReply) },
      },
    },
    async (request) => ok(await resetTotp(app.db, request, request.params.id)),
  );
}
