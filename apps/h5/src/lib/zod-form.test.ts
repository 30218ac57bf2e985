import { registerBody } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { accountCheck, combineChecks, confirmCheck, mergeChecks, schemaResolver } from './zod-form';

type Form = { password: string; re_password: string; agree: boolean; type: string; user_string: string; code: string };
const options = { fields: {}, shouldUseNativeValidation: false };

describe('field checks alongside the schema', () => {
  it('flags a typed confirmation that differs, and only then', () => {
    const check = confirmCheck<{ password: string; re_password: string }>('password', 're_password');
    expect(mergeChecks({ password: 'a', re_password: 'b' }, {}, check).re_password?.message).toBe('password_mismatch');
    expect(mergeChecks({ password: 'a', re_password: '' }, {}, check)).toEqual({});
    expect(mergeChecks({ password: 'a', re_password: 'a' }, {}, check)).toEqual({});
  });

  it('never replaces an error the schema found', () => {
    const check = confirmCheck<{ password: string; re_password: string }>('password', 're_password');
    const errors = { re_password: { type: 'too_small', message: 'password_required' } };
    expect(mergeChecks({ password: 'a', re_password: 'b' }, errors, check)).toBe(errors);
  });

  it('checks the account by the form type', () => {
    const check = accountCheck<{ type: string; user_string: string }>();
    expect(check({ type: 'mobile', user_string: '' })).toEqual({ user_string: 'phone_required' });
    expect(check({ type: 'email', user_string: 'x@' })).toEqual({ user_string: 'email_invalid' });
    expect(check({ type: 'email', user_string: 'x@y.co' })).toEqual({ user_string: undefined });
  });

  it('asks a phone number for its area code, never an e-mail address', () => {
    const check = accountCheck<{ type: string; user_string: string; area_code: string }>();
    expect(check({ type: 'mobile', user_string: '13800138000', area_code: '' }).area_code).toBe('area_code_unknown');
    expect(check({ type: 'mobile', user_string: '13800138000', area_code: '86' }).area_code).toBeUndefined();
    expect(check({ type: 'email', user_string: 'x@y.co', area_code: '' }).area_code).toBeUndefined();
  });

  it('lets an e-mail registration through while the area codes are still loading, without an area code', async () => {
    type Register = Form & { area_code: string; extension_code: string };
    const resolve = schemaResolver<Register>(registerBody, accountCheck<Register>());
    const values: Register = {
      type: 'email',
      user_string: 'New@Example.test',
      area_code: '',
      extension_code: '',
      code: '123456',
      password: 'secret-pass-1',
      re_password: 'secret-pass-1',
      agree: true,
    };
    const result = await resolve(values, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ user_string: 'new@example.test', area_code: undefined });
    // The phone tab with the list not loaded yet: the area code is asked for, not sent blank.
    const phone = await resolve({ ...values, type: 'mobile', user_string: '13800138000' }, undefined, options);
    expect(phone.errors.area_code?.message).toBe('area_code_unknown');
  });

  it('shows every register error at once, though zod stops before its refinements', async () => {
    const resolve = schemaResolver<Form>(
      registerBody,
      combineChecks(accountCheck<Form>(), confirmCheck<Form>('password', 're_password')),
    );
    const values = {
      type: 'email',
      user_string: 'not-an-email',
      code: '',
      password: 'secret1',
      re_password: 'secret2',
      agree: false,
    };
    const result = await resolve(values, undefined, options);
    expect(Object.fromEntries(Object.entries(result.errors).map(([k, v]) => [k, v?.message]))).toEqual({
      user_string: 'email_invalid',
      code: 'code_required',
      re_password: 'password_mismatch',
      agree: 'agreement_required',
    });
  });
});
