import { z } from 'zod';
import { intId } from './fields.js';
import { LANGS } from './langs.js';

/**
 * Request bodies of the sign-in and account routes. Messages are error codes (errors.ts): the server
 * localizes them, the H5 app translates them with `errors.<code>`.
 */

/** Password length bounds: the spec's minimum of 6; the maximum keeps hashing cost bounded. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
/** Operators' passwords are longer than users': a console account reaches every user. */
export const OPERATOR_PASSWORD_MIN = 10;
export const PAY_PASSWORD_PATTERN = /^\d{6}$/;
/** National number without the country code: digits only, as typed on a phone keypad. */
export const PHONE_PATTERN = /^\d{5,15}$/;
export const CODE_PATTERN = /^\d{6}$/;

export const accountTypeSchema = z.enum(['mobile', 'email'], { message: 'validation_failed' });
export type AccountType = z.infer<typeof accountTypeSchema>;

/** What a verification code is for; a code is only accepted for the scene it was sent for. */
export const CODE_SCENES = ['register', 'forget', 'pay_password', 'bind', 'address', 'withdraw'] as const;
export const codeSceneSchema = z.enum(CODE_SCENES, { message: 'scene_unknown' });
export type CodeScene = (typeof CODE_SCENES)[number];

const trimmed = (required: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.string({ message: required }).min(1, required));

export const phoneSchema = trimmed('phone_required').pipe(z.string().regex(PHONE_PATTERN, 'phone_invalid'));
export const emailSchema = trimmed('email_required').pipe(
  z
    .string()
    .max(254, 'email_invalid')
    .email('email_invalid')
    .transform((e) => e.toLowerCase()),
);
export const codeSchema = trimmed('code_required').pipe(z.string().regex(CODE_PATTERN, 'code_invalid'));
export const passwordSchema = z
  .string({ message: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN, 'password_too_short')
  .max(PASSWORD_MAX, 'password_too_long');
export const payPasswordSchema = z.string({ message: 'pay_password_format' }).regex(PAY_PASSWORD_PATTERN, 'pay_password_format');
/**
 * Area code as dialled, without "+" (e.g. "86"); optional for e-mail accounts. A blank one is absent:
 * forms hold an empty area code until their list has loaded, and an e-mail account has none at all.
 * Phone accounts need one; the server checks it against the known codes (`area_code_unknown`).
 */
export const areaCodeSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const dialled = v.replace(/^\+/, '').trim();
    return dialled === '' ? undefined : dialled;
  },
  z
    .string()
    .regex(/^\d{1,4}$/, 'area_code_unknown')
    .optional(),
);

/** A checkbox arrives as "1"/"true"/"on" from forms or as a boolean from JSON. */
export const agreementSchema = z.preprocess(
  (v) => v === true || v === '1' || v === 'true' || v === 'on',
  z.literal(true, { message: 'agreement_required' }),
);

/** The account string of a request, checked by its type. */
function checkUserString(type: AccountType, value: unknown, ctx: z.RefinementCtx, path = 'user_string') {
  const result = (type === 'mobile' ? phoneSchema : emailSchema).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: [path] });
  }
}

const accountShape = {
  type: accountTypeSchema.default('mobile'),
  user_string: z.string({ message: 'validation_failed' }).max(254, 'validation_failed'),
  area_code: areaCodeSchema.optional(),
};

/** Checks `user_string` by `type`, then stores one form per contact: trimmed, e-mail in lower case. */
const withAccount = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...accountShape, ...shape })
    .superRefine((v, ctx) => {
      const { type, user_string } = v as unknown as { type: AccountType; user_string: string };
      checkUserString(type, user_string, ctx);
    })
    .transform((v) => {
      const { type, user_string } = v as unknown as { type: AccountType; user_string: string };
      // An e-mail account has no area code, whatever a form left in its hidden phone field.
      return { ...v, user_string: normalizeContact(type, user_string), ...(type === 'email' ? { area_code: undefined } : {}) };
    });

export function normalizeContact(type: AccountType, value: string): string {
  const trimmedValue = value.trim();
  return type === 'email' ? trimmedValue.toLowerCase() : trimmedValue;
}

const passwordPair = <T extends { password: string; re_password: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.re_password) ctx.addIssue({ code: 'custom', message: 'password_mismatch', path: ['re_password'] });
};

export const registerBody = withAccount({
  password: passwordSchema,
  re_password: z.string({ message: 'password_required' }),
  code: codeSchema,
  extension_code: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v),
    z.string().max(16, 'invite_code_unknown').optional(),
  ),
  agree: agreementSchema,
  area_code_id: intId('field_invalid').optional(),
}).superRefine(passwordPair);
export type RegisterBody = z.infer<typeof registerBody>;

/** Login takes a phone number or an e-mail address in one field, as the original client sends it. */
export const loginBody = z.object({
  user_string: trimmed('account_required').pipe(z.string().max(254, 'login_failed')),
  password: z.string({ message: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX, 'login_failed'),
  area_code: areaCodeSchema.optional(),
  area_code_id: intId('field_invalid').optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

export const sendCodeBody = z.object({
  user_string: z.string({ message: 'validation_failed' }).max(254, 'validation_failed'),
  area_code: areaCodeSchema.optional(),
  scene: codeSceneSchema.default('register'),
});
export type SendCodeBody = z.infer<typeof sendCodeBody>;

export const checkCodeBody = z.object({
  user_string: z.string({ message: 'validation_failed' }).max(254, 'validation_failed'),
  area_code: areaCodeSchema.optional(),
  code: codeSchema,
  scene: codeSceneSchema.default('forget'),
});
export type CheckCodeBody = z.infer<typeof checkCodeBody>;

export const forgetBody = withAccount({
  code: codeSchema,
  password: passwordSchema,
  re_password: z.string({ message: 'password_required' }),
}).superRefine(passwordPair);
export type ForgetBody = z.infer<typeof forgetBody>;

export const updatePasswordBody = z
  .object({
    old_password: z.string({ message: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX, 'old_password_wrong'),
    password: passwordSchema,
    re_password: z.string({ message: 'password_required' }),
  })
  .superRefine(passwordPair);
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

/** Fund (payment) password: exactly six digits, confirmed, authorised by a code sent to the account. */
export const payPasswordBody = z
  .object({
    password: payPasswordSchema,
    re_password: z.string({ message: 'pay_password_format' }),
    code: codeSchema,
  })
  .superRefine(passwordPair);
export type PayPasswordBody = z.infer<typeof payPasswordBody>;

export const setLangBody = z.object({ lang: z.enum(LANGS, { message: 'lang_unknown' }) });

/** Binds the contact method the user did not register with (phone to an e-mail account, or the reverse). */
export const bindContactBody = withAccount({ code: codeSchema });
export type BindContactBody = z.infer<typeof bindContactBody>;

/** An operator's new password: at least OPERATOR_PASSWORD_MIN characters, with a message saying so. */
export const operatorPasswordSchema = z
  .string({ message: 'password_required' })
  .min(1, 'password_required')
  .min(OPERATOR_PASSWORD_MIN, 'operator_password_too_short')
  .max(PASSWORD_MAX, 'password_too_long');

export const operatorPasswordChangeBody = z.object({
  old_password: z.string({ message: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX, 'old_password_wrong'),
  password: operatorPasswordSchema,
});

export const adminLoginBody = z.object({
  email: trimmed('email_required').pipe(z.string().max(254, 'login_failed')),
  password: z.string({ message: 'password_required' }).min(1, 'password_required').max(PASSWORD_MAX, 'login_failed'),
  // The authenticator code, checked together with the password: a missing, wrong or replayed code fails
  // like a wrong password (login_failed). A code that is not six digits is refused here, before either
  // is looked at, so that refusal says nothing about the password either.
  totp: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') || undefined : v),
    z
      .string()
      .regex(/^\d{6}$/, 'totp_invalid')
      .optional(),
  ),
});

/** Verification states of `review_status` and `advanced_user` (spec section 4). */
export const REVIEW_STATUS = { none: 0, pending: 1, verified: 2, rejected: 3 } as const;

export type AreaCode = { id: number; area_code: string; country: string; name: string };
