import { z } from 'zod';
import { sendCodeBody } from '../auth.js';
import { isoTime, rowId } from './reply.js';

// The sign-in routes: codes by SMS and e-mail, registration, sign-in and out, password reset and
// change, the fund password, the signed-in user and binding the second contact. The request bodies
// live in ../auth.ts (the H5 forms validate with them too) and are named here by operation:
// sendCodeBody: `POST sms_send`, `POST sms_mail` (the route fixes the channel); checkCodeBody:
// `POST user/check_mobile`, `POST user/check_email` (checks a code without spending it); registerBody:
// `POST user/register`; loginBody: `POST user/login`; forgetBody: `POST user/forget`;
// updatePasswordBody: `POST safe/update_password`; payPasswordBody: `POST user/e_pwd`;
// bindContactBody: `POST user/bind`.
export {
  bindContactBody,
  checkCodeBody,
  forgetBody,
  loginBody,
  payPasswordBody,
  registerBody,
  sendCodeBody,
  updatePasswordBody,
} from '../auth.js';

/** `POST set/sms_other_mail`: a code to the contact the user did not register with (the server knows which kind). */
export const otherContactBody = z.object({
  user_string: z.string({ message: 'validation_failed' }).max(254),
  area_code: sendCodeBody.shape.area_code,
});

/**
 * What the routes that only confirm answer: a sentence in the request's language ("Code sent",
 * "Password changed", ...), for the app to show as it is.
 */
export const doneText = z.string();
export type DoneText = z.infer<typeof doneText>;

/** The signed-in user (`GET user/center`, and inside the sign-in reply). */
export const userCenter = z.object({
  id: rowId,
  /** The contact the account registered with: its e-mail address or national phone number. */
  account_number: z.string(),
  phone: z.string().nullable(),
  area_code: z.string().nullable(),
  email: z.string().nullable(),
  /** Basic and advanced verification: 0 none, 1 pending, 2 verified, 3 rejected (REVIEW_STATUS). */
  review_status: z.number().int(),
  advanced_user: z.number().int(),
  name: z.string().nullable(),
  /** The ID number with all but its first 3 and last 4 characters hidden. */
  card_id: z.string().nullable(),
  extension_code: z.string(),
  has_pay_password: z.boolean(),
  lang: z.string(),
  created_at: isoTime,
  /**
   * Set while operators have frozen the account: it may see, close and cancel what it holds, but opens
   * nothing new and withdraws nothing (`account_frozen`).
   */
  frozen_reason: z.string().nullable(),
});
export type UserCenter = z.infer<typeof userCenter>;
export const centerReply = userCenter;

/** `POST user/login`, `POST user/register`: a session token and the user. */
export const loginReply = z.object({ token: z.string(), expires_at: isoTime, user: userCenter });
export type LoginReply = z.infer<typeof loginReply>;

/** `POST user/has_password`: whether a fund password is set. */
export const hasPasswordReply = z.object({ has_password: z.boolean() });
export type HasPasswordReply = z.infer<typeof hasPasswordReply>;
