import { z } from 'zod';
import { adminLoginBody } from '../auth.js';
import { CONSOLE_ROLES } from '../console-roles.js';
import { intField } from '../fields.js';
import { isoTime, rowId } from './reply.js';

// The console's own routes: operator sign-in and sign-out, the signed-in operator, the development outbox.

/** An operator's role as a reply names it. */
export const consoleRole = z.enum(CONSOLE_ROLES);

/** A console session's reach: `enrol` can do nothing but set up the second factor. */
export const SESSION_SCOPES = ['full', 'enrol'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];
export const sessionScope = z.enum(SESSION_SCOPES);

/** `POST admin/login`: password and authenticator code together. */
export const loginBody = adminLoginBody;
export const loginReply = z.object({
  token: z.string(),
  expires_at: isoTime,
  admin: z.object({ id: rowId, email: z.string(), role: consoleRole, totp_enabled: z.boolean() }),
  /** True for an operator without a second factor yet: the session can only enrol one. */
  totp_enrolment_required: z.boolean(),
});
export type LoginReply = z.infer<typeof loginReply>;

/** `POST admin/logout` */
export const logoutReply = z.literal(true);

/** `GET admin/me`: the signed-in operator, their live sessions and their session's reach. */
export const meReply = z.object({
  id: rowId,
  email: z.string(),
  role: consoleRole,
  sessions: z.number().int(),
  totp_enabled: z.boolean(),
  scope: sessionScope,
});
export type MeReply = z.infer<typeof meReply>;

/** `GET admin/outbox` (not in production): the messages no provider sent, newest first. */
export const outboxQuery = z.object({
  target: z.string().max(254).optional(),
  limit: intField(1, 200, 'validation_failed').default(50),
});
export const outboxRow = z.object({
  id: rowId,
  channel: z.string(),
  target: z.string(),
  subject: z.string(),
  body: z.string(),
  code: z.string().nullable(),
  /** How it left: `outbox` (no provider; this row is the only copy), or the provider that sent it. */
  delivered: z.string(),
  created_at: isoTime,
});
export type OutboxRow = z.infer<typeof outboxRow>;
export const outboxReply = z.array(outboxRow);
