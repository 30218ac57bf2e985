import { type AccountType, emailSchema, loginBody, phoneSchema } from '@app/shared';
import { z } from 'zod';

/**
 * Login takes either account kind in one field on the server (a lenient check, so it never reveals
 * which accounts exist); the form knows which tab is open and checks the format of that kind. The
 * phone tab needs its area code; the e-mail tab has none (the shared schema reads a blank one as absent).
 */
export function loginSchema(type: AccountType) {
  return type === 'mobile'
    ? loginBody.extend({
        user_string: phoneSchema,
        area_code: loginBody.shape.area_code.refine((v) => v !== undefined, 'area_code_unknown'),
      })
    : loginBody.extend({
        user_string: emailSchema,
        area_code: z
          .unknown()
          .optional()
          .transform(() => undefined),
      });
}

/** The invite code a shared link carries: `?code=` or, as older links spell it, `?extension_code=`. */
export function inviteCodeFrom(search: URLSearchParams): string {
  return (search.get('code') ?? search.get('extension_code') ?? '').trim().slice(0, 16);
}

export function accountTypeFrom(value: string | null): AccountType {
  return value === 'email' ? 'email' : 'mobile';
}
