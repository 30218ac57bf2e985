import { randomBytes } from 'node:crypto';
import type { ConsoleRole } from '@app/shared';
import { beforeAll, expect } from 'vitest';
import { adminSessions, admins } from '../src/db/schema.js';
import { hashPassword, sha256 } from '../src/lib/secrets.js';
import { adminToken, type TestApp, totpCode } from './test-app.js';

let n = 0;
const PASSWORD = 'operator-password-1';

/**
 * Another signed-in operator of `role`, created through the super admin's API, with a full session
 * (enrolled in TOTP first where the role requires it): the second pair of eyes in four-eyes tests.
 */
export async function operatorToken(t: TestApp, role: ConsoleRole): Promise<{ token: string; id: number; email: string }> {
  const email = `checker${Date.now().toString(36)}${n++}-${role}@example.test`;
  const created = await t.post('admin/operators', { email, password: PASSWORD, role }, { token: await adminToken(t) });
  if (created.type !== 'ok') throw new Error(`operator not created: ${JSON.stringify(created)}`);
  const id = created.message.id as number;
  const login = await t.post('admin/login', { email, password: PASSWORD });
  if (login.type !== 'ok') throw new Error(`operator login failed: ${JSON.stringify(login)}`);
  if (!login.message.totp_enrolment_required) return { id, email, token: login.message.token as string };
  const token = login.message.token as string;
  const setup = await t.post('admin/totp/setup', {}, { token });
  const secret = setup.message.secret as string;
  const enabled = await t.post('admin/totp/enable', { code: await totpCode(t, secret) }, { token });
  if (enabled.type !== 'ok') throw new Error(`enrolment failed: ${JSON.stringify(enabled)}`);
  const again = await t.post('admin/login', { email, password: PASSWORD, totp: await totpCode(t, secret) });
  if (again.type !== 'ok') throw new Error(`operator login failed: ${JSON.stringify(again)}`);
  return { id, email, token: again.message.token as string };
}

/**
 * The two sides of a file's four-eyes changes, signed in before its tests: the seeded super admin files
 * a change (`operator`), a second super approves it (`checker`). Read them inside hooks and tests.
 */
export function twoSupersForFile(t: TestApp): { operator: string; checker: string } {
  const supers = { operator: '', checker: '' };
  beforeAll(async () => {
    supers.operator = await adminToken(t);
    supers.checker = (await operatorToken(t, 'super')).token;
  }, 60_000);
  return supers;
}

/** `checker` approves a waiting request; the test fails unless it was applied. Answers the reply. */
export async function approvedBy(t: TestApp, checker: string, approvalId: number) {
  const decided = await t.post(`admin/approvals/${approvalId}/approve`, {}, { token: checker });
  expect(decided.type, JSON.stringify(decided)).toBe('ok');
  return decided;
}

/**
 * A new operator with `role` and a live full session, written straight to the tables: for tests about
 * what a role may do, where signing in (tested on its own) is not the point.
 */
export async function operatorSession(t: TestApp, role: string): Promise<{ id: number; token: string }> {
  const [row] = await t.database.db
    .insert(admins)
    .values({
      email: `${role}-${randomBytes(4).toString('hex')}@test.local`,
      passwordHash: await hashPassword('x-password'),
      role,
    })
    .returning({ id: admins.id });
  const token = randomBytes(32).toString('base64url');
  await t.database.db
    .insert(adminSessions)
    .values({ adminId: row!.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + 3_600_000), scope: 'full' });
  return { id: row!.id, token };
}
