import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminLogin, adminToken, registerEmailUser, TEST_ADMIN } from '../../../test/test-app.js';

const t = appForFile();

describe('console sign-in', () => {
  it('signs an operator in with a token of its own, and out again', async () => {
    const login = await adminLogin(t);
    expect(login.type).toBe('ok');
    expect(login.message.admin).toMatchObject({ email: TEST_ADMIN.email, role: 'super' });
    const token = login.message.token as string;
    expect((await t.get('admin/me', { token })).message.email).toBe(TEST_ADMIN.email);
    // An operator token is not a user token, and the reverse.
    expect((await t.get('user/center', { token })).type).toBe('999');
    expect((await t.post('admin/logout', {}, { token })).type).toBe('ok');
    expect((await t.get('admin/me', { token })).type).toBe('999');
  });

  it('refuses a wrong password or unknown operator with one message', async () => {
    const wrong = await t.post('admin/login', { email: TEST_ADMIN.email, password: 'nope' });
    const unknown = await t.post('admin/login', { email: 'who@test.local', password: 'nope' });
    expect(wrong.error).toBe('login_failed');
    expect(unknown).toEqual(wrong);
  });

  it('keeps console routes from user tokens', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/me', { token })).type).toBe('999');
  });

  it('shows the outbox newest first, filtered by target', async () => {
    const { email } = await registerEmailUser(t);
    // The file's shared operator session: a third sign-in within one authenticator step would have to
    // wait for the next step (each code is accepted once), which can outlast the test's time limit.
    const token = await adminToken(t);
    const rows = await t.get(`admin/outbox?target=${encodeURIComponent(email)}`, { token });
    expect(rows.message).toHaveLength(1);
    expect(rows.message[0]).toMatchObject({ channel: 'email', target: email, code: expect.stringMatching(/^\d{6}$/) });
    expect((await t.get('admin/outbox?limit=0', { token })).error).toBe('validation_failed');
  });
});
