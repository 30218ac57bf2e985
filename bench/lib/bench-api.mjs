/**
 * What benches that drive the API as users share: a JSON call helper, the operator's two-factor sign-in
 * (the bench gives the server a fixed ADMIN_TOTP_SECRET) and registering a user with the code the
 * development outbox holds — the same steps a person takes, through the public API and the console's.
 */
import { createHmac } from 'node:crypto';
import { BENCH_ADMIN } from './bench-server.mjs';

/** The bench's operator signs in with two-factor codes of this secret (base32, given as ADMIN_TOTP_SECRET). */
export const ADMIN_TOTP_SECRET = 'KRSXG5CTMVRXEZLUGIYDEOJQGEZDGNBV';

/**
 * The RFC 6238 code of a base32 secret (HMAC-SHA1, 30 s, 6 digits) for the current step, or `step`
 * steps later (the server takes a code one step either side of now, each only once).
 */
export function totp(secretBase32, step = 0) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const key = [];
  for (const ch of secretBase32) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      key.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + step));
  const mac = createHmac('sha1', Buffer.from(key)).update(message).digest();
  const o = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[o] & 0x7f) << 24) | (mac[o + 1] << 16) | (mac[o + 2] << 8) | mac[o + 3];
  return String(binary % 1_000_000).padStart(6, '0');
}

/** `api(origin).call('POST', 'user/login', body, token)`: one JSON request to `<origin>/api/<path>`. */
export function api(origin) {
  return {
    async call(method, path, body, token) {
      const headers = { 'content-type': 'application/json' };
      if (token) headers.authorization = token;
      const response = await fetch(`${origin}/api/${path}`, {
        method,
        headers,
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(30_000),
      });
      return response.json();
    },
  };
}

/** Signs the bench's operator in; returns the console token. */
export async function adminToken(origin) {
  const admin = await api(origin).call('POST', 'admin/login', { ...BENCH_ADMIN, totp: totp(ADMIN_TOTP_SECRET) });
  if (admin.type !== 'ok') throw new Error(`admin/login: ${JSON.stringify(admin)}`);
  return admin.message.token;
}

/**
 * Registers an e-mail user with the code read from the console's development outbox; returns the
 * register reply's `message` (`{ token, user, expires_at }`).
 */
export async function registerUser(origin, admin, name) {
  const { call } = api(origin);
  const email = `${name}-${Date.now()}@bench.test`;
  const sent = await call('POST', 'sms_mail', { user_string: email, scene: 'register' });
  if (sent.type !== 'ok') throw new Error(`sms_mail: ${JSON.stringify(sent)}`);
  const outbox = await call('GET', `admin/outbox?target=${encodeURIComponent(email)}`, undefined, admin);
  const code = outbox.message?.[0]?.code;
  const reg = await call('POST', 'user/register', {
    type: 'email',
    user_string: email,
    password: 'bench-secret-1',
    re_password: 'bench-secret-1',
    code,
    agree: '1',
  });
  if (reg.type !== 'ok') throw new Error(`register: ${JSON.stringify(reg)}`);
  return reg.message;
}

/**
 * A second super operator's console token, for the four-eyes requests the bench's operator files (a
 * balance adjustment waits for another operator's approval): created, enrolled in two-factor sign-in
 * (this step's code) and signed in (the next step's code) through the console API.
 */
export async function checkerToken(origin, admin) {
  const { call } = api(origin);
  const email = `checker-${Date.now()}@bench.test`;
  const password = 'bench-checker-password-1';
  const ok = (reply, what) => {
    if (reply.type !== 'ok') throw new Error(`${what}: ${JSON.stringify(reply)}`);
    return reply.message;
  };
  ok(await call('POST', 'admin/operators', { email, password, role: 'super' }, admin), 'admin/operators');
  const first = ok(await call('POST', 'admin/login', { email, password }), 'admin/login');
  const { secret } = ok(await call('POST', 'admin/totp/setup', {}, first.token), 'admin/totp/setup');
  ok(await call('POST', 'admin/totp/enable', { code: totp(secret) }, first.token), 'admin/totp/enable');
  return ok(await call('POST', 'admin/login', { email, password, totp: totp(secret, 1) }), 'admin/login (checker)').token;
}

/** Files a balance adjustment as `admin` and has `checker` approve it (four eyes). */
export async function adjustApproved(origin, admin, checker, userId, body) {
  const { call } = api(origin);
  const ticket = await call('POST', `admin/users/${userId}/adjust`, body, admin);
  if (ticket.type !== 'ok') throw new Error(`adjust: ${JSON.stringify(ticket)}`);
  if (ticket.message?.status !== 'pending_approval') return ticket.message;
  const decided = await call('POST', `admin/approvals/${ticket.message.approval_id}/approve`, {}, checker);
  if (decided.type !== 'ok') throw new Error(`approve: ${JSON.stringify(decided)}`);
  return decided.message;
}
