import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { createTestApp, outboxCode, registerEmailUser, uniqueEmail } from '../../../test/test-app.js';
import { sessions, users, verificationCodes } from '../../db/schema.js';

const t = appForFile();

const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0]?.n ?? 0;

async function emailCode(email: string, scene = 'register') {
  const sent = await t.post('sms_mail', { user_string: email, scene });
  expect(sent.type).toBe('ok');
  return outboxCode(t, email);
}

/** Registers `email` with the code the outbox got for it; `extra` adds fields to the form. */
async function registerByEmail(email: string, extra: Record<string, string> = {}) {
  const code = await emailCode(email);
  return t.post('user/register', {
    type: 'email',
    user_string: email,
    password: 'secret123',
    re_password: 'secret123',
    code,
    agree: '1',
    ...extra,
  });
}

describe('registration', () => {
  it('registers by e-mail with the code from the outbox and signs the user in', async () => {
    const email = uniqueEmail();
    const reply = await registerByEmail(email);
    expect(reply.type).toBe('ok');
    expect(reply.message.token).toMatch(/^[\w-]{43}$/);
    expect(reply.message.user).toMatchObject({
      email,
      account_number: email,
      phone: null,
      review_status: 0,
      has_pay_password: false,
    });
    const center = await t.get('user/center', { token: reply.message.token });
    expect(center.message.email).toBe(email);
    expect(center.message.extension_code).toMatch(/^[A-Z2-9]{7}$/);
  });

  it('registers by phone with an area code (JSON bodies work too)', async () => {
    const sent = await t.post('sms_send', { user_string: '13800138000', area_code: '86', scene: 'register' });
    expect(sent.type).toBe('ok');
    const code = await outboxCode(t, '+8613800138000');
    const reply = await t.post(
      'user/register',
      {
        type: 'mobile',
        user_string: '13800138000',
        area_code: '86',
        password: 'secret123',
        re_password: 'secret123',
        code,
        agree: 'true',
      },
      { json: true },
    );
    expect(reply.type).toBe('ok');
    expect(reply.message.user).toMatchObject({ phone: '13800138000', area_code: '86', email: null });
    const login = await t.post('user/login', { user_string: '13800138000', password: 'secret123' });
    expect(login.type).toBe('ok');
  });

  it('stores passwords as argon2id and tokens only as hashes', async () => {
    const { email, token } = await registerEmailUser(t);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true);
    const stored = await t.database.db.select({ hash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, user!.id));
    expect(stored.map((s) => s.hash)).not.toContain(token);
    expect(stored[0]?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('links the inviter when a known invite code is given', async () => {
    const inviter = await registerEmailUser(t);
    const email = uniqueEmail();
    const reply = await registerByEmail(email, { extension_code: inviter.user.extension_code.toLowerCase() });
    expect(reply.type).toBe('ok');
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.parentId).toBe(inviter.user.id);
  });

  describe('bad input: a clear localized error and nothing stored', () => {
    const base = () => ({
      type: 'email',
      user_string: uniqueEmail(),
      password: 'secret123',
      re_password: 'secret123',
      code: '123456',
      agree: '1',
    });
    const cases: [string, (b: Record<string, string>) => Record<string, string>, string, string][] = [
      ['missing e-mail', (b) => ({ ...b, user_string: '' }), 'email_required', 'user_string'],
      ['malformed e-mail', (b) => ({ ...b, user_string: 'not-an-email' }), 'email_invalid', 'user_string'],
      ['missing phone', (b) => ({ ...b, type: 'mobile', user_string: '', area_code: '86' }), 'phone_required', 'user_string'],
      [
        'malformed phone',
        (b) => ({ ...b, type: 'mobile', user_string: '12ab', area_code: '86' }),
        'phone_invalid',
        'user_string',
      ],
      ['short password', (b) => ({ ...b, password: '12345', re_password: '12345' }), 'password_too_short', 'password'],
      ['mismatched confirmation', (b) => ({ ...b, re_password: 'secret124' }), 'password_mismatch', 're_password'],
      ['agreement not ticked', (b) => ({ ...b, agree: '0' }), 'agreement_required', 'agree'],
      ['missing code', (b) => ({ ...b, code: '' }), 'code_required', 'code'],
    ];
    for (const [name, change, error, field] of cases) {
      it(name, async () => {
        const before = await userCount();
        const reply = await t.post('user/register', change(base()), { lang: 'jp' });
        expect(reply.status).toBe(400);
        expect(reply.type).toBe('error');
        expect(reply.error).toBe(error);
        expect(reply.fields?.[field]).toBeTruthy();
        expect(reply.message).not.toMatch(/[a-z]_[a-z]/); // a sentence, not a code
        expect(await userCount()).toBe(before);
      });
    }

    it('wrong code', async () => {
      const email = uniqueEmail();
      const code = await emailCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      const before = await userCount();
      const reply = await t.post('user/register', { ...base(), user_string: email, code: wrong }, { lang: 'zh' });
      expect(reply).toMatchObject({ type: 'error', error: 'code_invalid', message: '验证码错误或已过期' });
      expect(await userCount()).toBe(before);
    });

    it('expired code', async () => {
      const email = uniqueEmail();
      const code = await emailCode(email);
      await t.database.db
        .update(verificationCodes)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(verificationCodes.target, email));
      const reply = await t.post('user/register', { ...base(), user_string: email, code });
      expect(reply.error).toBe('code_invalid');
    });

    it('reused code', async () => {
      const { email } = await registerEmailUser(t);
      const code = await outboxCode(t, email);
      const again = await t.post('user/register', { ...base(), user_string: email, code });
      expect(again.error).toBe('account_exists');
      // The same code for a fresh address of the same target cannot exist; a used code stays used:
      const [row] = await t.database.db.select().from(verificationCodes).where(eq(verificationCodes.target, email));
      expect(row?.usedAt).not.toBeNull();
    });

    it('a code dies after five wrong guesses', async () => {
      const email = uniqueEmail();
      const code = await emailCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect((await t.post('user/register', { ...base(), user_string: email, code: wrong })).error).toBe('code_invalid');
      }
      expect((await t.post('user/register', { ...base(), user_string: email, code })).error).toBe('code_invalid');
    });

    it('a code is only good for its own scene', async () => {
      const { email } = await registerEmailUser(t);
      expect((await t.post('sms_mail', { user_string: email, scene: 'forget' }, { ip: '10.0.0.9' })).type).toBe('ok');
      const code = await outboxCode(t, email);
      const reply = await t.post('user/register', { ...base(), user_string: uniqueEmail(), code });
      expect(reply.error).toBe('code_invalid');
    });

    it('unknown invite code', async () => {
      const email = uniqueEmail();
      const code = await emailCode(email);
      const before = await userCount();
      const reply = await t.post('user/register', { ...base(), user_string: email, code, extension_code: 'NOSUCH1' });
      expect(reply).toMatchObject({ error: 'invite_code_unknown', fields: { extension_code: expect.any(String) } });
      expect(await userCount()).toBe(before);
    });

    it('duplicate registration', async () => {
      const { email } = await registerEmailUser(t);
      expect((await t.post('sms_mail', { user_string: email, scene: 'register' })).error).toBe('account_exists');
      expect((await t.post('user/register', { ...base(), user_string: email.toUpperCase() })).error).toBe('account_exists');
    });

    it('unknown area code', async () => {
      const reply = await t.post('sms_send', { user_string: '5550100', area_code: '9999', scene: 'register' });
      expect(reply.error).toBe('area_code_unknown');
    });
  });
});

describe('codes', () => {
  it('refuses a second code to the same target within a minute', async () => {
    const email = uniqueEmail();
    expect((await t.post('sms_mail', { user_string: email, scene: 'register' })).type).toBe('ok');
    const again = await t.post('sms_mail', { user_string: email, scene: 'register' }, { lang: 'kr' });
    expect(again).toMatchObject({ status: 429, error: 'rate_limited', message: '요청이 너무 많습니다. 잠시 후 다시 시도하세요' });
  });

  it('caps the codes one IP may request in an hour', async () => {
    const small = await createTestApp({ codesPerIpHour: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await small.post('sms_mail', { user_string: uniqueEmail(), scene: 'register' }, { ip: '10.1.1.1' })).type).toBe(
          'ok',
        );
      }
      expect((await small.post('sms_mail', { user_string: uniqueEmail(), scene: 'register' }, { ip: '10.1.1.1' })).error).toBe(
        'rate_limited',
      );
      expect((await small.post('sms_mail', { user_string: uniqueEmail(), scene: 'register' }, { ip: '10.1.1.2' })).type).toBe(
        'ok',
      );
    } finally {
      await small.close();
    }
  });

  it('never puts a code in a reply', async () => {
    const email = uniqueEmail();
    const reply = await t.post('sms_mail', { user_string: email, scene: 'register' });
    const code = await outboxCode(t, email);
    expect(JSON.stringify(reply)).not.toContain(code);
  });

  it('keeps the outbox for operators only', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/outbox', { token })).type).toBe('999');
    expect((await t.get('admin/outbox')).type).toBe('999');
  });

  it('rejects an unknown scene', async () => {
    expect((await t.post('sms_mail', { user_string: uniqueEmail(), scene: 'steal' })).error).toBe('scene_unknown');
  });
});

describe('login and tokens', () => {
  it('logs in by e-mail, case-insensitively', async () => {
    const { email, password } = await registerEmailUser(t);
    const reply = await t.post('user/login', { user_string: email.toUpperCase(), password });
    expect(reply.type).toBe('ok');
    expect((await t.get('user/center', { token: reply.message.token })).type).toBe('ok');
  });

  it('answers a wrong password and an unknown account with the same message', async () => {
    const { email } = await registerEmailUser(t);
    const wrong = await t.post('user/login', { user_string: email, password: 'wrong-password' }, { lang: 'esp' });
    const unknown = await t.post('user/login', { user_string: uniqueEmail(), password: 'wrong-password' }, { lang: 'esp' });
    expect(wrong).toMatchObject({ type: 'error', error: 'login_failed', message: 'Cuenta o contraseña incorrecta' });
    expect(unknown).toEqual(wrong);
  });

  it('limits login attempts per IP', async () => {
    const replies = [];
    // A different account each time: one account alone is locked sooner (below).
    for (let i = 0; i < 12; i++)
      replies.push(await t.post('user/login', { user_string: `x${i}@example.test`, password: 'nope' }, { ip: '10.9.9.9' }));
    expect(replies.slice(0, 10).every((r) => r.error === 'login_failed')).toBe(true);
    expect(replies[11]).toMatchObject({ status: 429, error: 'rate_limited' });
  });

  it('answers 999 for a missing, forged, expired or revoked token', async () => {
    expect((await t.get('user/center')).type).toBe('999');
    expect((await t.get('user/center', { token: 'forged-token-forged-token-forged-token-xx' })).type).toBe('999');

    const expired = await registerEmailUser(t);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, expired.user.id));
    expect((await t.get('user/center', { token: expired.token })).type).toBe('999');

    const revoked = await registerEmailUser(t);
    expect((await t.post('user/logout', {}, { token: revoked.token })).type).toBe('ok');
    const after = await t.get('user/center', { token: revoked.token, lang: 'th' });
    expect(after).toMatchObject({ status: 401, type: '999', message: 'กรุณาเข้าสู่ระบบก่อน' });
  });

  it('locks an account after 5 wrong passwords from as many addresses; the right one is then refused', async () => {
    const { email, password } = await registerEmailUser(t);
    // Each request comes from its own address (nextIp): the per-IP limit never bites.
    for (let i = 0; i < 5; i++)
      expect((await t.post('user/login', { user_string: email, password: `wrong-${i}` })).error).toBe('login_failed');
    const locked = await t.post('user/login', { user_string: email, password }, { lang: 'en' });
    expect(locked).toMatchObject({ status: 429, error: 'account_locked' });
    expect(locked.message).toBe('Too many failed sign-ins: this account is locked. Try again in 1 minutes');
    // Unknown accounts lock alike, so the lockout does not tell who is registered.
    const ghost = uniqueEmail();
    const replies = [];
    for (let i = 0; i < 6; i++) replies.push((await t.post('user/login', { user_string: ghost, password: 'x' })).error);
    expect(replies).toEqual([...Array(5).fill('login_failed'), 'account_locked']);
  });

  it('lets a right password clear the count before the lock', async () => {
    const { email, password } = await registerEmailUser(t);
    for (let i = 0; i < 4; i++) await t.post('user/login', { user_string: email, password: 'wrong' });
    expect((await t.post('user/login', { user_string: email, password })).type).toBe('ok');
    for (let i = 0; i < 4; i++) await t.post('user/login', { user_string: email, password: 'wrong' });
    expect((await t.post('user/login', { user_string: email, password })).type).toBe('ok');
  });

  it('leaves the user a message on a sign-in from a new device, once per device', async () => {
    const { email, password, token } = await registerEmailUser(t);
    const messages = async () =>
      (await t.get('user/messages', { token, lang: 'en' })).message.list as { title: string; body: string }[];
    const before = (await messages()).length;
    // The browser the account registered in is known.
    expect((await t.post('user/login', { user_string: email, password })).type).toBe('ok');
    expect(await messages()).toHaveLength(before);
    const phone = { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' };
    expect((await t.post('user/login', { user_string: email, password }, { headers: phone, ip: '198.51.100.7' })).type).toBe(
      'ok',
    );
    const after = await messages();
    expect(after).toHaveLength(before + 1);
    expect(after[0]!.title).toBe('Sign-in from a new device');
    expect(after[0]!.body).toContain('iPhone');
    expect(after[0]!.body).toContain('198.51.100.7');
    // The same device again: no second message.
    expect((await t.post('user/login', { user_string: email, password }, { headers: phone })).type).toBe('ok');
    expect(await messages()).toHaveLength(before + 1);
  });

  it('accepts "Bearer <token>" as well as the bare token', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('user/center', { token: `Bearer ${token}` })).type).toBe('ok');
  });
});

describe('password reset', () => {
  it('checks the code first, then resets and ends every session', async () => {
    const { email, token } = await registerEmailUser(t);
    const code = await emailCode(email, 'forget');
    const checked = await t.post('user/check_email', { user_string: email, code, scene: 'forget' });
    expect(checked.type).toBe('ok');
    const reset = await t.post('user/forget', {
      type: 'email',
      user_string: email,
      code,
      password: 'newpass1',
      re_password: 'newpass1',
    });
    expect(reset.type).toBe('ok');
    expect((await t.get('user/center', { token })).type).toBe('999');
    expect((await t.post('user/login', { user_string: email, password: 'newpass1' })).type).toBe('ok');
    const reuse = await t.post('user/forget', {
      type: 'email',
      user_string: email,
      code,
      password: 'other12',
      re_password: 'other12',
    });
    expect(reuse.error).toBe('code_invalid');
  });

  it('does not reveal whether an account exists', async () => {
    const reply = await t.post('sms_mail', { user_string: uniqueEmail(), scene: 'forget' });
    expect(reply.type).toBe('ok');
  });

  it('rejects a wrong code at the check step', async () => {
    const { email } = await registerEmailUser(t);
    const code = await emailCode(email, 'forget');
    const reply = await t.post('user/check_email', {
      user_string: email,
      code: code === '999999' ? '000000' : '999999',
      scene: 'forget',
    });
    expect(reply.error).toBe('code_invalid');
  });
});

describe('signed-in account', () => {
  it('changes the login password: old checked, confirmation equal, sessions revoked', async () => {
    const { email, password, token } = await registerEmailUser(t);
    expect(
      (await t.post('safe/update_password', { old_password: 'wrong1', password: 'newpass1', re_password: 'newpass1' }, { token }))
        .error,
    ).toBe('old_password_wrong');
    expect(
      (await t.post('safe/update_password', { old_password: password, password: 'newpass1', re_password: 'newpass2' }, { token }))
        .error,
    ).toBe('password_mismatch');
    expect(
      (await t.post('safe/update_password', { old_password: password, password: 'newpass1', re_password: 'newpass1' }, { token }))
        .type,
    ).toBe('ok');
    expect((await t.get('user/center', { token })).type).toBe('999');
    expect((await t.post('user/login', { user_string: email, password })).error).toBe('login_failed');
    expect((await t.post('user/login', { user_string: email, password: 'newpass1' })).type).toBe('ok');
  });

  it('sets a six-digit fund password with a code to the own contact, hashed apart from the login password', async () => {
    const { email, token } = await registerEmailUser(t);
    expect((await t.post('user/has_password', {}, { token })).message).toEqual({ has_password: false });
    expect((await t.post('sms_mail', { user_string: email, scene: 'pay_password' }, { token, ip: '10.2.0.1' })).type).toBe('ok');
    const code = await outboxCode(t, email);
    for (const bad of ['12345', '1234567', 'abcdef', '12 456']) {
      const reply = await t.post('user/e_pwd', { password: bad, re_password: bad, code }, { token });
      expect(reply.error).toBe('pay_password_format');
    }
    expect((await t.post('user/e_pwd', { password: '246810', re_password: '246811', code }, { token })).error).toBe(
      'password_mismatch',
    );
    expect((await t.post('user/e_pwd', { password: '246810', re_password: '246810', code }, { token })).type).toBe('ok');
    expect((await t.post('user/has_password', {}, { token })).message).toEqual({ has_password: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.payPasswordHash).toMatch(/^\$argon2id\$/);
    expect(row?.payPasswordHash).not.toBe(row?.passwordHash);
  });

  it('needs a token for codes that authorise account actions', async () => {
    expect((await t.post('sms_mail', { user_string: uniqueEmail(), scene: 'pay_password' })).type).toBe('999');
  });

  it('binds a phone to an e-mail account', async () => {
    const { token } = await registerEmailUser(t);
    const sent = await t.post('set/sms_other_mail', { user_string: '6591234567', area_code: '65' }, { token });
    expect(sent.type).toBe('ok');
    const code = await outboxCode(t, '+656591234567');
    expect((await t.post('user/bind', { type: 'email', user_string: uniqueEmail(), code }, { token })).error).toBe(
      'contact_already_bound',
    );
    expect(
      (await t.post('user/bind', { type: 'mobile', user_string: '6591234567', area_code: '65', code }, { token })).type,
    ).toBe('ok');
    expect((await t.get('user/center', { token })).message).toMatchObject({ phone: '6591234567', area_code: '65' });
  });
});

describe('languages', () => {
  it('stores the chosen language on the account and echoes it', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.post('set/lang', { lang: 'kr' }, { token })).message).toBe('kr');
    expect((await t.get('user/center', { token })).message.lang).toBe('kr');
    expect((await t.post('get/lang', {}, { token })).message.current).toBe('kr');
  });

  it('rejects an unknown language', async () => {
    expect((await t.post('set/lang', { lang: 'xx' })).error).toBe('lang_unknown');
  });
});
