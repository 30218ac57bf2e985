import type { AdminUser } from '../api/users';

/** A verified e-mail user as the users' list shows them; the page tests of this feature start from her. */
export const aliceSummary = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 12,
  account_type: 'email',
  email: 'alice@example.test',
  phone: null,
  area_code: null,
  name: 'Alice Sato',
  review_status: 2,
  review_state: 'verified',
  advanced_user: 0,
  advanced_state: 'none',
  has_pay_password: true,
  extension_code: 'AB12CD',
  frozen_reason: null,
  created_at: '2026-11-01T08:00:00Z',
  ...over,
});
