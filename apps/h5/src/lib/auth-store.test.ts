import { describe, expect, it } from 'vitest';
import { isExpired, isStoredAuth } from './auth-store';

const user = { id: 7, account_number: 'a@b.co' };

describe('stored session', () => {
  it('accepts token + user + expiry and rejects anything else', () => {
    expect(isStoredAuth({ token: 't', user, expires_at: '2099-01-01T00:00:00Z' })).toBe(true);
    expect(isStoredAuth({ token: '', user, expires_at: 'x' })).toBe(false);
    expect(isStoredAuth({ token: 't', expires_at: 'x' })).toBe(false);
    expect(isStoredAuth({ token: 't', user: { id: '7' }, expires_at: 'x' })).toBe(false);
    expect(isStoredAuth('t')).toBe(false);
  });

  it('treats a past or unreadable expiry as expired', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(isExpired('2030-01-01T00:00:01Z', now)).toBe(false);
    expect(isExpired('2030-01-01T00:00:00Z', now)).toBe(true);
    expect(isExpired('not a date', now)).toBe(true);
  });
});
