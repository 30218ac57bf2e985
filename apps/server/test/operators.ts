import type { ConsoleRole } from '@app/shared';
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
