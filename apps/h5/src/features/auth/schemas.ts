import { type AccountType, emailSchema, loginBody, phoneSchema } from '@app/shared';

/**
 * Login takes either account kind in one field on the server (a lenient check, so it never reveals
 * which accounts exist); the form knows which tab is open and checks the format of that kind.
 */
export function loginSchema(type: AccountType) {
  return loginBody.extend({ user_string: type === 'mobile' ? phoneSchema : emailSchema });
}

/** The invite code a shared link carries: `?code=` or, as older links spell it, `?extension_code=`. */
export function inviteCodeFrom(search: URLSearchParams): string {
  return (search.get('code') ?? search.get('extension_code') ?? '').trim().slice(0, 16);
}

export function accountTypeFrom(value: string | null): AccountType {
  return value === 'email' ? 'email' : 'mobile';
}
