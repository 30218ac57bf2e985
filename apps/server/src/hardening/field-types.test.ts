import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { BTC, balance, fund, readyUser, USDT } from '../../test/money.js';
import { adminToken } from '../../test/test-app.js';

/**
 * The loose parsing found by trying the API as an attacker would, each through a real route: the
 * shared field types (packages/shared/src/fields.ts) refuse what was read as something else before.
 */
const t = appForFile();
let user: { id: number; token: string };
let admin: string;
beforeAll(async () => {
  const u = await readyUser(t);
  user = { id: u.id, token: u.token };
  await fund(t, user.id, USDT, '100');
  await fund(t, user.id, BTC, '1');
  admin = await adminToken(t);
});

/** A JSON request with the body written as raw text, so numbers arrive exactly as a client sends them. */
async function rawJson(method: 'GET' | 'POST', url: string, token: string, body?: string) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: body } : {}),
  });
  return { status: res.statusCode, ...res.json() };
}

/** A coin ↔ contract transfer of the test user, its body sent as raw JSON text. */
const walletChange = (body: string) => rawJson('POST', '/api/wallet/change', user.token, body);

describe('shared field types on the routes', () => {
  it('does not read JSON true as coin id 1 (BTC)', async () => {
    const reply = await walletChange('{"currency_id":true,"number":"0.5","from_field":"coin","to_field":"contract"}');
    expect(reply).toMatchObject({ status: 400, error: 'currency_unknown', fields: { currency_id: expect.any(String) } });
    expect(await balance(t, user.id, BTC)).toEqual({ available: '1', frozen: '0' });
  });

  it('refuses a JSON amount that is not what was sent (9007199254740993 arrives as ...992)', async () => {
    const reply = await walletChange('{"currency_id":3,"number":9007199254740993,"from_field":"coin","to_field":"contract"}');
    expect(reply).toMatchObject({ status: 400, error: 'amount_invalid' });
    // An exact JSON number is still an amount.
    const exact = await walletChange('{"currency_id":3,"number":12.5,"from_field":"coin","to_field":"contract"}');
    expect(exact.type).toBe('ok');
    expect(await balance(t, user.id, USDT, 'contract')).toEqual({ available: '12.5', frozen: '0' });
  });

  it('refuses ids past int32 as not found rather than failing the query', async () => {
    for (const id of ['2147483648', '9007199254740993']) {
      const reply = await t.get(`admin/users/${id}`, { token: admin });
      expect(reply).toMatchObject({ status: 404, error: 'not_found' });
    }
  });

  it('reads console on/off flags strictly ([], {} and 2 are refused)', async () => {
    for (const enabled of ['[]', '{}', '2']) {
      const reply = await rawJson(
        'POST',
        '/api/admin/bank-deposit',
        admin,
        `{"enabled":${enabled},"bank_name":"Bank","account_name":"A","account_number":"1"}`,
      );
      expect(reply, enabled).toMatchObject({ status: 400, error: 'field_invalid', fields: { enabled: expect.any(String) } });
    }
  });

  it('reads audit dates as ISO text or epoch milliseconds and refuses the rest with a field error', async () => {
    const ok = await t.get(`admin/audit?from=${Date.UTC(2026, 0, 1)}&to=2100-01-01`, { token: admin });
    expect(ok.type).toBe('ok');
    for (const from of ['1e30', '99999999999999999', 'yesterday']) {
      const reply = await t.get(`admin/audit?from=${from}`, { token: admin });
      expect(reply, from).toMatchObject({ status: 400, error: 'field_invalid', fields: { from: expect.any(String) } });
    }
  });

  it('answers a path segment of 1–10 KB, a NUL and a lone surrogate in the envelope', async () => {
    for (const segment of ['1'.repeat(101), '1'.repeat(1024), 'a'.repeat(10_240)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users/${segment}`, headers: { authorization: admin } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ type: 'error', error: 'not_found' });
      // Answered by the router, yet with the same security headers as every other reply.
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const badEscape = await t.app.inject({ method: 'GET', url: '/api/admin/users/%E0%A4%A', headers: { authorization: admin } });
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toMatchObject({ type: 'error', error: 'validation_failed' });
    const nul = await rawJson('POST', '/api/user/login', '', '{"user_string":"a\\u0000b","password":"x"}');
    expect(nul).toMatchObject({ status: 400, error: 'field_invalid', fields: { user_string: expect.any(String) } });
    // In a URL the bytes of a lone surrogate decode to replacement characters: a plain search, never a 500.
    const surrogate = await rawJson('GET', '/api/admin/outbox?target=a%ED%A0%80', admin);
    expect(surrogate).toMatchObject({ status: 200, type: 'ok' });
    const lone = await rawJson('POST', '/api/user/login', '', '{"user_string":"\\ud800","password":"x"}');
    expect(lone).toMatchObject({ status: 400, error: 'field_invalid' });
  });
});
