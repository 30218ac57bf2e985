import { z } from 'zod';
import { emailSchema, operatorPasswordChangeBody, operatorPasswordSchema } from '../auth.js';
import { consoleRoleSchema } from '../console-roles.js';
import { consoleRole, sessionScope } from './admin.js';
import { isoTime, rowId } from './reply.js';

// Operators' two-factor enrolment, operator accounts (super admin) and console sessions.

/** `POST admin/totp/setup`: a new secret and its otpauth URI, shown this once. */
export const totpSetupReply = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpSetupReply = z.infer<typeof totpSetupReply>;

/** `POST admin/totp/enable`: a code from the authenticator app (spaces allowed, as apps group digits). */
export const totpEnableBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z
      .string({ message: 'totp_required' })
      .min(1, 'totp_required')
      .regex(/^\d{6}$/, 'totp_invalid'),
  ),
});
export const totpEnableReply = z.object({ totp_enabled: z.boolean() });

/** `POST admin/me/password`: the current password first; the operator's other sessions end. */
export const changePasswordBody = operatorPasswordChangeBody;
export const changePasswordReply = z.object({ other_sessions_ended: z.number().int() });

/** A live console session. */
export const sessionRow = z.object({
  id: rowId,
  admin_id: rowId,
  admin_email: z.string(),
  role: consoleRole,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  scope: sessionScope,
  /** The session this request came with. */
  current: z.boolean(),
  created_at: isoTime,
  expires_at: isoTime,
});
export type SessionRow = z.infer<typeof sessionRow>;
/** `GET admin/me/sessions`, `GET admin/sessions` */
export const sessionsReply = z.array(sessionRow);

/** `POST admin/sessions/:id/revoke` */
export const revokeReply = z.boolean();

/** An operator account as the super admin manages it. */
export const operatorRow = z.object({
  id: rowId,
  email: z.string(),
  role: consoleRole,
  disabled: z.boolean(),
  disabled_at: isoTime.nullable(),
  totp_enabled: z.boolean(),
  created_at: isoTime,
});
export type OperatorRow = z.infer<typeof operatorRow>;

/** `GET admin/operators` */
export const listReply = z.array(operatorRow);

/** `POST admin/operators` */
export const createBody = z.object({ email: emailSchema, password: operatorPasswordSchema, role: consoleRoleSchema });
export const createReply = operatorRow;

/** `POST admin/operators/:id`: on/off as forms send it. */
export const updateBody = z.object({
  role: consoleRoleSchema.optional(),
  disabled: z.preprocess(
    (v) => (v === '1' || v === 'true' || v === true ? true : v === '0' || v === 'false' || v === false ? false : v),
    z.boolean({ message: 'field_invalid' }).optional(),
  ),
});
export const updateReply = operatorRow;

/** `POST admin/operators/:id/password`: their second factor is removed and their sessions end. */
export const resetPasswordBody = z.object({ password: operatorPasswordSchema });
export const resetPasswordReply = operatorRow.extend({ sessions_ended: z.number().int() });
export type ResetPasswordReply = z.infer<typeof resetPasswordReply>;

/** `POST admin/operators/:id/reset-2fa` */
export const resetTotpReply = operatorRow;
