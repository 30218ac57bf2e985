import { z } from 'zod';
import { idParams, intId, isCleanText } from '../fields.js';
import { isoTime, pageFields, pageReply, rowId } from './reply.js';

// The account-security routes: a user's sign-in history, live sessions (and signing them out), the
// anti-phishing code shown in every e-mail; and operators freezing an account with a reason.

/** What a sign-in attempt on a known account came to. */
export const LOGIN_RESULTS = ['ok', 'wrong_password', 'frozen'] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

/** 4 to 20 letters or digits (any script), so it is easy to recognise and cannot carry markup. */
export const ANTI_PHISHING_PATTERN = /^[\p{L}\p{N}]{4,20}$/u;

/** `GET user/security/logins`: sign-in attempts on the account, newest first. */
export const loginsQuery = z.object(pageFields);
export const loginRecord = z.object({
  id: rowId,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  result: z.enum(LOGIN_RESULTS),
  created_at: isoTime,
});
export type LoginRecord = z.infer<typeof loginRecord>;
export const loginsReply = pageReply(loginRecord);
export type LoginsReply = z.infer<typeof loginsReply>;

/** `GET user/security/sessions`: the live sessions, newest first; `current` is the one asking. */
export const userSession = z.object({
  id: rowId,
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
  created_at: isoTime,
  expires_at: isoTime,
});
export type UserSession = z.infer<typeof userSession>;
export const sessionsReply = z.array(userSession);

/** `POST user/security/sessions/revoke`: ends one of the user's own sessions. */
export const revokeBody = z.object({ id: intId('not_found') });
export const revokeReply = z.literal(true);

/** `POST user/security/sessions/revoke_others`: how many other sessions were live and now ended. */
export const revokeOthersReply = z.object({ ended: z.number().int() });
export type RevokeOthersReply = z.infer<typeof revokeOthersReply>;

/** `GET` and `POST user/security/anti_phishing`: the code, null when none is set. */
export const antiPhishingReply = z.object({ code: z.string().nullable() });
export type AntiPhishingReply = z.infer<typeof antiPhishingReply>;
/** An empty (or absent) code removes it. */
export const antiPhishingBody = z.object({
  code: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v),
    z.string({ message: 'field_invalid' }).refine((v) => v === '' || ANTI_PHISHING_PATTERN.test(v), 'field_invalid'),
  ),
});

/** `POST admin/users/:id/freeze` and `.../unfreeze` (console). */
export const freezeParams = idParams;
/** The reason the user is shown: trimmed, 1..300 characters. */
export const freezeBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .max(300, 'field_invalid')
      .refine(isCleanText, 'field_invalid'),
  ),
});
export const freezeReply = z.object({ id: rowId, frozen: z.boolean(), frozen_reason: z.string().nullable() });
export type FreezeReply = z.infer<typeof freezeReply>;
