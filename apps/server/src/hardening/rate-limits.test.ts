import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { call } from './routes.js';

/**
 * hardening: the per-address limits of every route that guesses or sends something. The
 * behaviour behind them is tested in the modules (auth.test.ts: login and code sending; withdrawals
 * tests: five wrong fund passwords an hour; operators.test.ts: wrong TOTP codes; uploads in
 * ./uploads.test.ts); here each limit is proven to bite at its documented count, whatever the body,
 * and to bite per address only.
 */
const LIMITS: { route: string; max: number }[] = [
  { route: 'POST /api/user/login', max: 10 },
  { route: 'POST /api/admin/login', max: 10 },
  { route: 'POST /api/user/register', max: 10 },
  { route: 'POST /api/user/forget', max: 10 },
  { route: 'POST /api/sms_send', max: 10 },
  { route: 'POST /api/sms_mail', max: 10 },
  { route: 'POST /api/set/sms_other_mail', max: 10 },
  { route: 'POST /api/user/check_mobile', max: 20 },
  { route: 'POST /api/user/check_email', max: 20 },
  { route: 'POST /api/user/e_pwd', max: 10 },
  { route: 'POST /api/safe/update_password', max: 10 },
  { route: 'POST /api/user/bind', max: 10 },
];

const t = appForFile();

describe('rate limits of sign-in, codes and passwords', () => {
  it.each(LIMITS)('$route: $max a minute per address', async ({ route, max }) => {
    const [method, url] = route.split(' ') as ['POST', string];
    const ip = `10.201.${LIMITS.findIndex((l) => l.route === route)}.1`;
    // A new target each time: code sending also limits each target on its own (auth.test.ts).
    let n = 0;
    const send = (from: string) =>
      t.app.inject({
        method,
        url,
        payload: { user_string: `nobody${n++}@example.test`, scene: 'register', password: 'wrong-password' },
        remoteAddress: from,
      });
    for (let i = 0; i < max; i++) expect((await send(ip)).json().error, `request ${i + 1}`).not.toBe('rate_limited');
    const over = await send(ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'rate_limited' });
    // The limit is per address: another one is served.
    expect((await send(`${ip.slice(0, -1)}2`)).json().error).not.toBe('rate_limited');
  });

  it('applies the global per-address limit to every other route', async () => {
    const limit = t.app.config.rateLimitPerMinute;
    let limited = 0;
    for (let i = 0; i <= limit; i++) {
      const reply = await call(t.app, 'GET', '/api/area_code');
      if (reply.error === 'rate_limited') limited++;
    }
    // `call` spreads requests over addresses, so none is limited…
    expect(limited).toBe(0);
    // …while one address is limited after `rateLimitPerMinute` requests.
    const replies = [];
    for (let i = 0; i <= limit; i++)
      replies.push(await t.app.inject({ method: 'GET', url: '/api/area_code', remoteAddress: '10.202.0.1' }));
    expect(replies.at(-1)?.statusCode).toBe(429);
    expect(replies.slice(0, limit).every((r) => r.statusCode === 200)).toBe(true);
  });
});
