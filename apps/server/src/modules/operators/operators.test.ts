import { CONSOLE_ROLES, type ConsoleRole } from '@app/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminToken, createTestApp, registerEmailUser, TEST_ADMIN, totpCode } from '../../../test/test-app.js';
import { operatorTotp } from '../../db/schema.js';
import { hotp, totpStep } from '../../lib/totp.js';

const t = appForFile();
let superToken: string;
beforeAll(async () => {
  superToken = await adminToken(t);
});

let n = 0;
const PASSWORD = 'operator-password-1';

/** Creates an operator with `role` through the super admin's API. */
async function createOperator(role: ConsoleRole) {
  const email = `op${n++}-${role}@example.test`;
  const created = await t.post('admin/operators', { email, password: PASSWORD, role }, { token: superToken });
  expect(created.type, JSON.stringify(created)).toBe('ok');
  return { id: created.message.id as number, email };
}

/** Enrols an enrolment-only session's operator in TOTP; returns the base32 secret. */
async function enrol(token: string): Promise<string> {
  const setup = await t.post('admin/totp/setup', {}, { token });
  expect(setup.type, JSON.stringify(setup)).toBe('ok');
  const secret = setup.message.secret as string;
  expect(setup.message.otpauth_uri).toContain(`secret=${secret}`);
  const enabled = await t.post('admin/totp/enable', { code: await totpCode(t, secret) }, { token });
  expect(enabled.type, JSON.stringify(enabled)).toBe('ok');
  return secret;
}

/** A signed-in operator of `role` with a full session (enrolled in TOTP first, as every role must). */
async function operatorToken(role: ConsoleRole): Promise<{ token: string; id: number; email: string; secret?: string }> {
  const op = await createOperator(role);
  const login = await t.post('admin/login', { email: op.email, password: PASSWORD });
  expect(login.type, JSON.stringify(login)).toBe('ok');
  const token = login.message.token as string;
  if (!login.message.totp_enrolment_required) return { ...op, token };
  // The session that enrols becomes a full one: the operator has exactly this one session.
  const secret = await enrol(token);
  return { ...op, token, secret };
}

describe('two-factor sign-in (TOTP)', () => {
  it('checks password and code together: every fault gives the same generic failure', async () => {
    const wrongPassword = await t.post('admin/login', { ...TEST_ADMIN, password: 'nope', totp: '123456' });
    expect(wrongPassword).toMatchObject({ status: 400, error: 'login_failed' });
    expect(wrongPassword.fields).toBeUndefined();
    // A right password without a code or with another secret's code: the very same reply.
    const without = await t.post('admin/login', TEST_ADMIN);
    const wrong = await t.post('admin/login', { ...TEST_ADMIN, totp: hotp(Buffer.from('another secret'), totpStep(Date.now())) });
    for (const reply of [without, wrong]) expect(reply).toEqual(wrongPassword);
    // A code that is not six digits is refused before either is checked: alike behind a right and a wrong password.
    const malformed = await t.post('admin/login', { ...TEST_ADMIN, totp: '12ab' });
    expect(malformed.error).toBe('totp_invalid');
    expect(await t.post('admin/login', { ...TEST_ADMIN, password: 'nope', totp: '12ab' })).toEqual(malformed);
    const code = await totpCode(t);
    const good = await t.post('admin/login', { ...TEST_ADMIN, totp: code });
    expect(good.type).toBe('ok');
    expect(good.message.admin).toMatchObject({ role: 'super', totp_enabled: true });
    expect(good.message.totp_enrolment_required).toBe(false);
    // The same code a second time is a replay: the same reply again.
    expect(await t.post('admin/login', { ...TEST_ADMIN, totp: code })).toEqual(wrongPassword);
  });

  it('gives a finance operator without 2FA an enrolment-only session until they set it up', async () => {
    const op = await createOperator('finance');
    const login = await t.post('admin/login', { email: op.email, password: PASSWORD });
    expect(login.message.totp_enrolment_required).toBe(true);
    const token = login.message.token as string;
    expect((await t.get('admin/withdrawals', { token })).error).toBe('totp_enrolment_required');
    expect((await t.get('admin/me', { token })).message).toMatchObject({ role: 'finance', totp_enabled: false, scope: 'enrol' });
    const setup = await t.post('admin/totp/setup', {}, { token });
    const secret = setup.message.secret as string;
    expect((await t.post('admin/totp/enable', { code: '12345' }, { token })).error).toBe('totp_invalid');
    expect((await t.post('admin/totp/enable', { code: await totpCode(t, secret) }, { token })).type).toBe('ok');
    // The session that enrolled becomes a full one; the secret is never shown again.
    expect((await t.get('admin/withdrawals', { token })).type).toBe('ok');
    expect((await t.post('admin/totp/setup', {}, { token })).error).toBe('totp_already_enabled');
    expect(JSON.stringify(await t.get('admin/me', { token }))).not.toContain(secret);
    expect(JSON.stringify(await t.get('admin/operators', { token: superToken }))).not.toContain(secret);
    // The secret is stored sealed, not as its base32 text.
    const [row] = await t.database.db.select().from(operatorTotp).where(eq(operatorTotp.adminId, op.id));
    expect(row!.secretEnc).not.toContain(secret);
    // From now on the code is required, and its absence fails like a wrong password.
    expect((await t.post('admin/login', { email: op.email, password: PASSWORD })).error).toBe('login_failed');
  });

  it('requires a second factor of every role: support, content and compliance enrol first too', async () => {
    for (const role of ['support', 'content', 'compliance'] as const) {
      const op = await createOperator(role);
      const login = await t.post('admin/login', { email: op.email, password: PASSWORD });
      expect(login.message.totp_enrolment_required, role).toBe(true);
      expect((await t.get('admin/me', { token: login.message.token })).message.scope).toBe('enrol');
    }
  });

  it('locks the account after 5 wrong codes: every attempt is then refused, even a right code', async () => {
    const op = await operatorToken('finance');
    for (let i = 0; i < 5; i++) {
      const reply = await t.post('admin/login', { email: op.email, password: PASSWORD, totp: '999999' });
      // (A 1-in-a-million chance that 999999 is right; it would answer ok and the next line would show it.)
      expect(reply.error).toBe('login_failed');
    }
    // An unused right code: enrolment and sign-in took this step and the next, so this may wait for the
    // clock's next 30 s step (hence the longer timeout).
    const blocked = await t.post('admin/login', { email: op.email, password: PASSWORD, totp: await totpCode(t, op.secret) });
    expect(blocked).toMatchObject({ status: 429, error: 'account_locked' });
    expect(blocked.message).toContain('1 minutes');
  }, 90_000);
});

describe('per-account lockout', () => {
  it('locks an operator after wrong passwords from 60 forwarded addresses; the right one is then refused', async () => {
    // Behind a proxy (TRUST_PROXY=1) each request names its own client address.
    const proxied = await createTestApp({ trustProxy: true });
    const op = { email: 'proxied-support@example.test' };
    try {
      const send = (password: string, i: number) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { email: op.email, password },
        });
      const proxiedSuper = await adminToken(proxied);
      expect(
        (await proxied.post('admin/operators', { email: op.email, password: PASSWORD, role: 'support' }, { token: proxiedSuper }))
          .type,
      ).toBe('ok');
      const replies = [];
      for (let i = 0; i < 60; i++) replies.push((await send(`wrong-${i}`, i)).json());
      expect(replies.slice(0, 5).every((r) => r.error === 'login_failed')).toBe(true);
      expect(replies.slice(5).every((r) => r.error === 'account_locked')).toBe(true);
      const right = await send(PASSWORD, 61);
      expect(right.statusCode).toBe(429);
      expect(right.json().error).toBe('account_locked');
      // An unknown operator is counted and locked alike: the lockout tells nobody who exists.
      const ghost = [];
      for (let i = 0; i < 6; i++)
        ghost.push((await proxied.post('admin/login', { email: 'nobody@example.test', password: 'x' })).error);
      expect(ghost).toEqual([...Array(5).fill('login_failed'), 'account_locked']);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-in audit', () => {
  it('records every sign-in, failure and sign-out, never with a password', async () => {
    const op = await operatorToken('content');
    await t.post('admin/login', { email: op.email, password: 'wrong-password-here', totp: '000000' });
    await t.post('admin/login', { email: 'ghost@example.test', password: 'ghost-password' });
    const login = await t.post('admin/login', { email: op.email, password: PASSWORD, totp: await totpCode(t, op.secret) });
    expect(login.type).toBe('ok');
    expect((await t.post('admin/logout', {}, { token: login.message.token })).type).toBe('ok');
    const rows = async (action: string) =>
      (await t.get(`admin/audit?action=${action}&limit=50`, { token: superToken })).message.list;
    const signIns = await rows('operator.sign_in');
    expect(signIns[0]).toMatchObject({ admin_id: op.id, target: `admin:${op.id}`, after: { scope: 'full' } });
    const failures = await rows('operator.sign_in_failed');
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          admin_id: null,
          target: `admin:${op.id}`,
          after: expect.objectContaining({ reason: 'wrong_password' }),
        }),
        expect.objectContaining({
          admin_id: null,
          target: 'operator_email:ghost@example.test',
          after: expect.objectContaining({ reason: 'unknown_operator' }),
        }),
      ]),
    );
    const signOuts = await rows('operator.sign_out');
    expect(signOuts[0]).toMatchObject({ admin_id: op.id, target: `admin_session:${signIns[0].after.session_id}` });
    const all = JSON.stringify(await t.get('admin/audit?action=operator.*&limit=200', { token: superToken }));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('wrong-password-here');
    expect(all).not.toContain('ghost-password');
  });
});

describe('operator passwords', () => {
  it('lets an operator change their own password: the current one first, 10 characters at least', async () => {
    const op = await operatorToken('support');
    const other = await t.post('admin/login', { email: op.email, password: PASSWORD, totp: await totpCode(t, op.secret) });
    const short = await t.post('admin/me/password', { old_password: PASSWORD, password: 'short-pw' }, { token: op.token });
    expect(short).toMatchObject({ error: 'operator_password_too_short', fields: { password: expect.stringContaining('10') } });
    expect(short.message).toContain('10');
    const wrongOld = await t.post(
      'admin/me/password',
      { old_password: 'not-it-at-all', password: 'new-password-22' },
      { token: op.token },
    );
    expect(wrongOld).toMatchObject({ error: 'old_password_wrong', fields: { old_password: expect.any(String) } });
    const changed = await t.post(
      'admin/me/password',
      { old_password: PASSWORD, password: 'new-password-22' },
      { token: op.token },
    );
    expect(changed).toMatchObject({ type: 'ok', message: { other_sessions_ended: 1 } });
    // This session goes on, the other one has ended; the old password no longer signs in, the new one does.
    expect((await t.get('admin/me', { token: op.token })).type).toBe('ok');
    expect((await t.get('admin/me', { token: other.message.token })).type).toBe('999');
    expect((await t.post('admin/login', { email: op.email, password: PASSWORD, totp: '000000' })).error).toBe('login_failed');
    const login = await t.post('admin/login', {
      email: op.email,
      password: 'new-password-22',
      totp: await totpCode(t, op.secret),
    });
    expect(login.type).toBe('ok');
    const audit = await t.get('admin/audit?action=operator.password_change', { token: superToken });
    expect(audit.message.list[0]).toMatchObject({ admin_id: op.id, target: `admin:${op.id}` });
    expect(JSON.stringify(audit.message)).not.toContain('new-password-22');
  }, 90_000);

  it('says the operator rule (10 characters) when a super creates an operator with a short password', async () => {
    const reply = await t.post(
      'admin/operators',
      { email: 'short@example.test', password: 'abcdefghi', role: 'support' },
      {
        token: superToken,
      },
    );
    expect(reply).toMatchObject({ error: 'operator_password_too_short' });
    expect(reply.message).toBe('The password must be at least 10 characters');
  });

  it("lets a super reset another's password: the second factor goes, sessions end, the next sign-in enrols", async () => {
    const op = await operatorToken('finance');
    const reset = await t.post(`admin/operators/${op.id}/password`, { password: 'reset-password-33' }, { token: superToken });
    expect(reset).toMatchObject({ type: 'ok', message: { id: op.id, totp_enabled: false, sessions_ended: 1 } });
    expect((await t.get('admin/me', { token: op.token })).type).toBe('999');
    expect((await t.post('admin/login', { email: op.email, password: PASSWORD })).error).toBe('login_failed');
    const login = await t.post('admin/login', { email: op.email, password: 'reset-password-33' });
    expect(login.message.totp_enrolment_required).toBe(true);
    const audit = await t.get('admin/audit?action=operator.password_reset', { token: superToken });
    expect(audit.message.list[0]).toMatchObject({
      target: `admin:${op.id}`,
      before: { totp_enabled: true },
      after: { totp_enabled: false },
    });
    // Only a super may; and a super changes their own password the other way.
    expect((await t.post(`admin/operators/${op.id}/password`, { password: 'x'.repeat(12) }, { token: op.token })).type).toBe(
      '999',
    );
    const me = (await t.get('admin/me', { token: superToken })).message.id as number;
    expect((await t.post(`admin/operators/${me}/password`, { password: 'x'.repeat(12) }, { token: superToken })).error).toBe(
      'forbidden',
    );
    expect((await t.post(`admin/operators/${op.id}/password`, { password: 'short' }, { token: superToken })).error).toBe(
      'operator_password_too_short',
    );
  });

  it('lifts a lockout when a super resets the password', async () => {
    const op = await operatorToken('support');
    for (let i = 0; i < 5; i++) await t.post('admin/login', { email: op.email, password: `wrong-${i}` });
    expect((await t.post('admin/login', { email: op.email, password: PASSWORD })).error).toBe('account_locked');
    await t.post(`admin/operators/${op.id}/password`, { password: 'after-lockout-44' }, { token: superToken });
    expect((await t.post('admin/login', { email: op.email, password: 'after-lockout-44' })).type).toBe('ok');
  });
});

/**
 * Console routes and the roles that may call them (super may call all). Each route is called with a
 * harmless input; "allowed" means the role check let it through (any answer but forbidden).
 */
const MATRIX: { method: 'GET' | 'POST'; path: string; roles: ConsoleRole[]; body?: Record<string, string> }[] = [
  { method: 'GET', path: 'admin/me', roles: [...CONSOLE_ROLES] },
  { method: 'GET', path: 'admin/me/sessions', roles: [...CONSOLE_ROLES] },
  { method: 'GET', path: 'admin/deposits', roles: ['finance'] },
  { method: 'POST', path: 'admin/deposits/999999/approve', roles: ['finance'] },
  { method: 'POST', path: 'admin/deposits/999999/reject', roles: ['finance'], body: { reason: 'x' } },
  { method: 'GET', path: 'admin/withdrawals', roles: ['finance'] },
  { method: 'POST', path: 'admin/withdrawals/999999/approve', roles: ['finance'], body: { tx_hash: 'x' } },
  { method: 'POST', path: 'admin/withdrawals/999999/reject', roles: ['finance'], body: { reason: 'x' } },
  { method: 'GET', path: 'admin/identity', roles: ['compliance'] },
  { method: 'POST', path: 'admin/identity/999999/approve', roles: ['compliance'] },
  { method: 'POST', path: 'admin/identity/999999/reject', roles: ['compliance'], body: { reason: 'x' } },
  { method: 'GET', path: 'admin/users', roles: ['finance', 'compliance', 'support'] },
  { method: 'GET', path: 'admin/users/999999', roles: ['finance', 'compliance', 'support'] },
  { method: 'GET', path: 'admin/users/999999/ledger', roles: ['finance'] },
  { method: 'POST', path: 'admin/users/999999/adjust', roles: ['finance'], body: { currency_id: '3', amount: '1', reason: 'x' } },
  { method: 'POST', path: 'admin/users/999999/freeze', roles: ['compliance'], body: { reason: 'x' } },
  { method: 'POST', path: 'admin/users/999999/unfreeze', roles: ['compliance'] },
  { method: 'GET', path: 'admin/ledger/verify', roles: ['finance'] },
  { method: 'GET', path: 'admin/currency-settings', roles: [] },
  { method: 'GET', path: 'admin/deposit-addresses', roles: [] },
  { method: 'GET', path: 'admin/bank-deposit', roles: [] },
  { method: 'GET', path: 'admin/audit', roles: [] },
  { method: 'GET', path: 'admin/outbox', roles: [] },
  { method: 'GET', path: 'admin/operators', roles: [] },
  { method: 'POST', path: 'admin/operators', roles: [], body: { email: 'x@example.test', password: 'y', role: 'support' } },
  { method: 'POST', path: 'admin/operators/999999/reset-2fa', roles: [] },
  { method: 'POST', path: 'admin/operators/999999/password', roles: [], body: { password: 'long-enough-1' } },
  { method: 'POST', path: 'admin/me/password', roles: [...CONSOLE_ROLES], body: { old_password: 'x', password: 'y' } },
  { method: 'GET', path: 'admin/sessions', roles: [] },
  { method: 'POST', path: 'admin/proof/run', roles: [] },
  // audit search, runtime configuration and the dashboard
  { method: 'GET', path: 'admin/audit/actions', roles: [] },
  { method: 'GET', path: 'admin/audit/verify', roles: [] },
  { method: 'GET', path: 'admin/config', roles: [] },
  { method: 'POST', path: 'admin/config/coins/999999', roles: [], body: { sort: '1' } },
  { method: 'POST', path: 'admin/config/pairs/999999', roles: [], body: { maker_fee_rate: '0.001' } },
  { method: 'POST', path: 'admin/config/market-maker', roles: [], body: { levels: '0' } },
  { method: 'POST', path: 'admin/config/withdraw-limit', roles: [], body: { withdraw_daily_limit: 'x' } },
  { method: 'GET', path: 'admin/dashboard', roles: ['finance'] },
];

describe('console roles: each role reaches only its routes', () => {
  it('allows and refuses every route of the matrix for every role', async () => {
    const tokens: Record<ConsoleRole, string> = { super: superToken } as Record<ConsoleRole, string>;
    for (const role of CONSOLE_ROLES) if (role !== 'super') tokens[role] = (await operatorToken(role)).token;
    const mismatches: string[] = [];
    for (const route of MATRIX) {
      for (const role of CONSOLE_ROLES) {
        const token = tokens[role];
        const reply =
          route.method === 'GET' ? await t.get(route.path, { token }) : await t.post(route.path, route.body ?? {}, { token });
        const allowed = role === 'super' || route.roles.includes(role);
        const refused = reply.error === 'forbidden';
        if (refused === allowed)
          mismatches.push(`${role} ${route.method} ${route.path}: ${reply.status} ${reply.error ?? reply.type}`);
        if (refused) expect(reply.status).toBe(403);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('checks the role before the body: a refused role gets forbidden even for malformed input', async () => {
    const { token } = await operatorToken('content');
    expect((await t.post('admin/users/abc/adjust', { amount: 'not a number' }, { token })).error).toBe('forbidden');
    // And no token at all is 999 before any validation.
    expect((await t.post('admin/users/abc/adjust', { amount: 'x' })).type).toBe('999');
  });

  it('refuses user tokens on console routes', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/operators', { token })).type).toBe('999');
  });
});

describe('operator accounts and sessions', () => {
  it('creates, changes and disables operators (audited); a disabled operator cannot sign in and is signed out', async () => {
    const op = await operatorToken('support');
    expect(
      (await t.post('admin/operators', { email: op.email, password: PASSWORD, role: 'content' }, { token: superToken })).error,
    ).toBe('operator_exists');
    expect(
      (await t.post('admin/operators', { email: 'a@b.test', password: PASSWORD, role: 'boss' }, { token: superToken })).error,
    ).toBe('field_invalid');
    const changed = await t.post(`admin/operators/${op.id}`, { role: 'content' }, { token: superToken });
    expect(changed.message).toMatchObject({ role: 'content', disabled: false });
    // A role change ends the operator's sessions.
    expect((await t.get('admin/me', { token: op.token })).type).toBe('999');
    const signIn = async () => t.post('admin/login', { email: op.email, password: PASSWORD, totp: await totpCode(t, op.secret) });
    const login = await signIn();
    const disabled = await t.post(`admin/operators/${op.id}`, { disabled: '1' }, { token: superToken });
    expect(disabled.message.disabled).toBe(true);
    expect((await t.get('admin/me', { token: login.message.token })).type).toBe('999');
    // (Said only behind a right password and code.)
    expect((await signIn()).error).toBe('operator_disabled');
    expect((await t.post(`admin/operators/${op.id}`, { disabled: '0' }, { token: superToken })).message.disabled).toBe(false);
    expect((await signIn()).type).toBe('ok');
    const audit = await t.get('admin/audit?action=operator.update', { token: superToken });
    expect(audit.message.list[0]).toMatchObject({ action: 'operator.update', target: `admin:${op.id}` });
    expect(audit.message.list[0].before.disabled).toBe(true);
    expect(audit.message.list[0].after.disabled).toBe(false);
  }, 120_000);

  it('never disables or demotes the last super admin', async () => {
    const me = (await t.get('admin/me', { token: superToken })).message;
    const ops = (await t.get('admin/operators', { token: superToken })).message as { id: number; role: string }[];
    // Any other super created by this file would make the check pass; none is.
    expect(ops.filter((o) => o.role === 'super').map((o) => o.id)).toEqual([me.id]);
    expect((await t.post(`admin/operators/${me.id}`, { disabled: '1' }, { token: superToken })).error).toBe('forbidden');
    expect((await t.post(`admin/operators/${me.id}`, { role: 'support' }, { token: superToken })).error).toBe('forbidden');
  });

  it('resets 2FA: sessions end and the next sign-in enrols again', async () => {
    const op = await operatorToken('finance');
    const reset = await t.post(`admin/operators/${op.id}/reset-2fa`, {}, { token: superToken });
    expect(reset.message.totp_enabled).toBe(false);
    expect((await t.get('admin/me', { token: op.token })).type).toBe('999');
    const login = await t.post('admin/login', { email: op.email, password: PASSWORD });
    expect(login.message.totp_enrolment_required).toBe(true);
  });

  it('lists sessions and revokes them: own for anyone, any for super', async () => {
    const a = await operatorToken('support');
    const b = await operatorToken('content');
    const mine = await t.get('admin/me/sessions', { token: a.token });
    expect(mine.message).toHaveLength(1);
    expect(mine.message[0]).toMatchObject({ admin_email: a.email, current: true });
    const all = await t.get('admin/sessions', { token: superToken });
    const bSession = (all.message as { id: number; admin_email: string }[]).find((s) => s.admin_email === b.email)!;
    // Another operator's session is not found for a non-super.
    expect((await t.post(`admin/sessions/${bSession.id}/revoke`, {}, { token: a.token })).error).toBe('not_found');
    expect((await t.post(`admin/sessions/${bSession.id}/revoke`, {}, { token: superToken })).type).toBe('ok');
    expect((await t.get('admin/me', { token: b.token })).type).toBe('999');
    expect((await t.get('admin/audit?action=operator.session_revoke', { token: superToken })).message.list[0].target).toBe(
      `admin_session:${bSession.id}`,
    );
  });
});
