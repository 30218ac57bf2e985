import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';

const t = appForFile();

const login = (email: string, password: string, ip: string) => t.post('user/login', { user_string: email, password }, { ip });

describe('login history and sessions', () => {
  it('records sign-ins with time, IP and result, newest first, for the account only', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    expect((await login(a.email, 'wrong-password', '203.0.113.7')).error).toBe('login_failed');
    const ok = await login(a.email, a.password, '203.0.113.8');
    expect(ok.type).toBe('ok');
    await login(b.email, b.password, '198.51.100.1');
    const history = await t.get('user/security/logins', { token: ok.message.token });
    expect(history.message.total).toBe(2);
    expect(history.message.list[0]).toMatchObject({ ip: '203.0.113.8', result: 'ok', created_at: expect.any(String) });
    expect(history.message.list[1]).toMatchObject({ ip: '203.0.113.7', result: 'wrong_password' });
    expect(JSON.stringify(history.message)).not.toContain('198.51.100.1');
    expect((await t.get('user/security/logins')).type).toBe('999');
  });

  it('lists live sessions and signs the others out, keeping this one', async () => {
    const u = await registerEmailUser(t);
    const second = (await login(u.email, u.password, '203.0.113.20')).message.token as string;
    const third = (await login(u.email, u.password, '203.0.113.21')).message.token as string;
    const sessions = await t.get('user/security/sessions', { token: third });
    expect(sessions.message).toHaveLength(3);
    expect(sessions.message.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.message[0]).toMatchObject({ ip: '203.0.113.21', current: true });
    const ended = await t.post('user/security/sessions/revoke_others', {}, { token: third });
    expect(ended.message.ended).toBe(2);
    expect((await t.get('user/center', { token: u.token })).type).toBe('999');
    expect((await t.get('user/center', { token: second })).type).toBe('999');
    expect((await t.get('user/center', { token: third })).type).toBe('ok');
    expect((await t.get('user/security/sessions', { token: third })).message).toHaveLength(1);
  });

  it("ends one session by id, only one's own", async () => {
    const u = await registerEmailUser(t);
    const other = await registerEmailUser(t);
    const otherSessions = await t.get('user/security/sessions', { token: other.token });
    const theirs = otherSessions.message[0].id;
    expect((await t.post('user/security/sessions/revoke', { id: String(theirs) }, { token: u.token })).error).toBe('not_found');
    expect((await t.get('user/center', { token: other.token })).type).toBe('ok');
    const second = (await login(u.email, u.password, '203.0.113.30')).message.token as string;
    const list = (await t.get('user/security/sessions', { token: u.token })).message;
    const target = list.find((s: { current: boolean }) => !s.current).id;
    expect((await t.post('user/security/sessions/revoke', { id: String(target) }, { token: u.token })).type).toBe('ok');
    expect((await t.get('user/center', { token: second })).type).toBe('999');
    expect((await t.post('user/security/sessions/revoke', { id: 'x' }, { token: u.token })).error).toBe('not_found');
  });
});

describe('anti-phishing code', () => {
  it('is set, validated, and shown in every e-mail to the account in its language', async () => {
    const u = await registerEmailUser(t);
    expect((await t.get('user/security/anti_phishing', { token: u.token })).message.code).toBeNull();
    for (const bad of ['abc', 'a'.repeat(21), '<b>x</b>', 'has space']) {
      const reply = await t.post('user/security/anti_phishing', { code: bad }, { token: u.token });
      expect(reply.error, bad).toBe('field_invalid');
      expect(reply.fields?.code).toBeDefined();
    }
    expect((await t.post('user/security/anti_phishing', { code: 'Tiger42' }, { token: u.token })).message.code).toBe('Tiger42');
    expect((await t.get('user/security/anti_phishing', { token: u.token })).message.code).toBe('Tiger42');
    // A code e-mail (the fund-password code) now opens with it.
    expect((await t.post('sms_mail', { user_string: u.email, scene: 'pay_password' }, { token: u.token })).type).toBe('ok');
    const outbox = await t.get(`admin/outbox?target=${encodeURIComponent(u.email)}`, { token: await adminToken(t) });
    expect(outbox.message[0].body).toMatch(/^Your anti-phishing code: Tiger42\n/);
    // Removing it: mails no longer carry it.
    expect((await t.post('user/security/anti_phishing', { code: '' }, { token: u.token })).message.code).toBeNull();
  });
});

describe('account freeze', () => {
  it('freezes with a reason shown at sign-in, ends sessions once, is audited, and lifts', async () => {
    const u = await registerEmailUser(t);
    const admin = await adminToken(t);
    expect((await t.post(`admin/users/${u.user.id}/freeze`, { reason: '' }, { token: admin })).error).toBe('field_required');
    const frozen = await t.post(`admin/users/${u.user.id}/freeze`, { reason: 'Suspicious activity' }, { token: admin });
    expect(frozen.message).toMatchObject({ frozen: true, frozen_reason: 'Suspicious activity' });
    expect((await t.get('user/center', { token: u.token })).type).toBe('999');
    // Signing in again works, into the restricted state the reply names (freeze.test.ts: what it allows).
    const restricted = await t.post('user/login', { user_string: u.email, password: u.password }, { lang: 'en' });
    expect(restricted).toMatchObject({ type: 'ok', message: { user: { frozen_reason: 'Suspicious activity' } } });
    const users = await t.get(`admin/users?q=${encodeURIComponent(u.email)}`, { token: admin });
    expect(users.message.list[0].frozen_reason).toBe('Suspicious activity');
    const audit = await t.get('admin/audit?action=user.freeze', { token: admin });
    expect(audit.message.list[0]).toMatchObject({ target: `user:${u.user.id}`, after: { frozen_reason: 'Suspicious activity' } });
    expect((await t.post(`admin/users/${u.user.id}/unfreeze`, {}, { token: admin })).message.frozen).toBe(false);
    const again = await t.post('user/login', { user_string: u.email, password: u.password });
    expect(again.type).toBe('ok');
    expect(again.message.user.frozen_reason).toBeNull();
    // The sign-in made while frozen is in the history as "frozen".
    const history = await t.get('user/security/logins', { token: again.message.token });
    expect(history.message.list.map((r: { result: string }) => r.result)).toEqual(['ok', 'frozen']);
    expect((await t.post('admin/users/999999/freeze', { reason: 'x' }, { token: admin })).error).toBe('not_found');
  });
});
