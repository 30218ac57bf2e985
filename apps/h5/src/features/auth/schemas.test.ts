import { registerBody } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { accountTypeFrom, inviteCodeFrom, loginSchema } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('login form schema', () => {
  it('checks the format of the open tab', () => {
    expect(messages(loginSchema('email').safeParse({ user_string: 'nope', password: 'x' }))).toEqual({
      user_string: 'email_invalid',
    });
    expect(messages(loginSchema('mobile').safeParse({ user_string: '', password: '' }))).toEqual({
      user_string: 'phone_required',
      password: 'password_required',
    });
    expect(loginSchema('mobile').safeParse({ user_string: '13800138000', password: 'secret', area_code: '86' }).success).toBe(
      true,
    );
  });

  it('lets an e-mail login through while the area codes are still loading (the form holds an empty one)', () => {
    const email = loginSchema('email').safeParse({ user_string: 'a@example.test', password: 'secret', area_code: '' });
    expect(email.success).toBe(true);
    expect(email.data?.area_code).toBeUndefined();
    // A phone login does need its area code.
    expect(messages(loginSchema('mobile').safeParse({ user_string: '13800138000', password: 'secret', area_code: '' }))).toEqual({
      area_code: 'area_code_unknown',
    });
  });
});

describe('register form (the shared schema)', () => {
  const valid = {
    type: 'email',
    user_string: 'New.User@Example.com',
    password: 'secret1',
    re_password: 'secret1',
    code: '123456',
    extension_code: '',
    agree: true,
  };

  it('accepts a complete form and normalises the e-mail', () => {
    const result = registerBody.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.user_string).toBe('new.user@example.com');
  });

  it('reports mismatched passwords and an unticked agreement as codes the UI translates', () => {
    expect(messages(registerBody.safeParse({ ...valid, re_password: 'other1' }))).toEqual({ re_password: 'password_mismatch' });
    expect(messages(registerBody.safeParse({ ...valid, agree: false }))).toEqual({ agree: 'agreement_required' });
  });
});

describe('query parameters', () => {
  it('reads the invite code from ?code= or ?extension_code=', () => {
    expect(inviteCodeFrom(new URLSearchParams('code=AB12'))).toBe('AB12');
    expect(inviteCodeFrom(new URLSearchParams('extension_code= XY9 '))).toBe('XY9');
    expect(inviteCodeFrom(new URLSearchParams(''))).toBe('');
  });

  it('defaults the account type to phone', () => {
    expect(accountTypeFrom('email')).toBe('email');
    expect(accountTypeFrom(null)).toBe('mobile');
  });
});
