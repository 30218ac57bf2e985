import type { UserCenter } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { codeTargetOf, maskTarget } from './contact-target';

const base: UserCenter = {
  id: 1,
  account_number: 'ann@example.com',
  phone: null,
  area_code: null,
  email: 'ann@example.com',
  review_status: 0,
  advanced_user: 0,
  name: null,
  card_id: null,
  extension_code: 'ABC123',
  has_pay_password: false,
  lang: 'en',
  created_at: '2030-01-01T00:00:00Z',
  frozen_reason: null,
};

describe('fund password code target', () => {
  it('sends to the contact the account registered with', () => {
    expect(codeTargetOf(base)).toEqual({ channel: 'email', email: 'ann@example.com' });
    expect(codeTargetOf({ ...base, phone: '13800138000', area_code: '86' })).toEqual({
      channel: 'email',
      email: 'ann@example.com',
    });
    const phoneUser = { ...base, account_number: '13800138000', phone: '13800138000', area_code: '86', email: 'ann@example.com' };
    expect(codeTargetOf(phoneUser)).toEqual({ channel: 'mobile', phone: '13800138000', areaCode: '86' });
    expect(codeTargetOf({ ...base, email: null })).toBeNull();
  });

  it('masks the target shown on screen', () => {
    expect(maskTarget({ channel: 'email', email: 'ann@example.com' })).toBe('a***@example.com');
    expect(maskTarget({ channel: 'mobile', phone: '13800138000', areaCode: '86' })).toBe('+86 138****8000');
  });
});
