import { CONSOLE_ROLES, type ConsoleRole } from '@app/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { adminToken, registerEmailUser, type TestApp, totpCode } from '../../test/test-app.js';
import { call, fillPath, type Operation, operations } from './routes.js';

/**
 * hardening: the authorisation matrix over every route of the OpenAPI document. Routes are
 * read from the document (console routes state their roles in it, see app.ts), so a new route is
 * covered at once; a new route reachable without a token must be added to PUBLIC below, on purpose.
 */
const PUBLIC = new Set([
  // reference data, languages, market data, public content
  'GET /api/area_code',
  'POST /api/area_code',
  'POST /api/set/lang',
  'GET /api/get/lang',
  'POST /api/get/lang',
  'POST /api/set/get_customer_url',
  'GET /api/products',
  // whether bank deposits are offered (a yes/no; the bank details stay behind sign-in)
  'GET /api/wallet/bank_deposit',
  'GET /api/currency/quotation_new',
  'GET /api/currency/new_timeshar',
  'GET /api/currency/deal',
  // the console's demo price source banner reads it before sign-in too
  'GET /api/currency/price_source',
  'GET /api/market/depth',
  'GET /api/market/trades',
  'GET /api/market/index_samples',
  'GET /api/index/heads',
  'GET /api/index/minutes',
  'GET /api/index/sample',
  'GET /api/microtrade/seconds',
  'GET /api/news/list',
  'POST /api/news/list',
  'GET /api/news/detail',
  'POST /api/news/detail',
  'GET /api/help/categories',
  'GET /api/help/articles',
  'GET /api/help/article',
  'GET /api/lh/send/config',
  'GET /api/lh/send/get_recommend',
  'GET /api/lh/send/product_info',
  'GET /api/lh/deposit/product_info',
  'GET /api/proof/root',
  'GET /api/proof/days',
  // cluster: load balancers poll it; node name, role, engines, no user data
  'GET /api/health',
  // sign-up, sign-in, codes, password reset (rate-limited per IP)
  'POST /api/sms_send',
  'POST /api/sms_mail',
  'POST /api/user/check_mobile',
  'POST /api/user/check_email',
  'POST /api/user/register',
  'POST /api/user/login',
  'POST /api/user/forget',
  'POST /api/admin/login',
  // files: the owner's user token or an operator's console token; anyone else gets not_found
  'GET /api/upload/{id}',
  'GET /api/chat/image/{id}',
]);

const key = (op: Operation) => `${op.method} ${op.path}`;

const t = appForFile();
let ops: Operation[];
beforeAll(async () => {
  ops = operations(t.app);
});

// The "another user's ids" column (every id-bearing user route, one ownership case each) is in
// ownership.test.ts.

describe('authorisation matrix (every route of the OpenAPI document)', () => {
  it('reads a route table that covers the whole API', () => {
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter((op) => op.consoleRoles).length).toBeGreaterThan(60);
    // Every public route named above still exists (a renamed route must be classified again).
    const known = new Set(ops.map(key));
    expect([...PUBLIC].filter((k) => !known.has(k))).toEqual([]);
  });

  it('answers 999 to every non-public route called without a token, whatever the body', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      if (PUBLIC.has(key(op))) continue;
      // An empty body and a malformed one: the token is checked before the input.
      for (const body of [{}, { id: 'x', amount: '-1', currency: 'zz' }]) {
        const reply = await call(t.app, op.method, fillPath(op.path, 'abc'), { body });
        if (reply.type !== '999') wrong.push(`${key(op)}: ${reply.status} ${reply.type} ${reply.error ?? ''}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 999 to a dead or forged token', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      if (PUBLIC.has(key(op))) continue;
      const reply = await call(t.app, op.method, fillPath(op.path, '1'), { token: 'f'.repeat(40) });
      if (reply.type !== '999') wrong.push(`${key(op)}: ${reply.status} ${reply.type}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a user token on every console route (999), before reading the body', async () => {
    const { token } = await registerEmailUser(t);
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.consoleRoles)) {
      const reply = await call(t.app, op.method, fillPath(op.path, '1'), { token, body: { amount: 'x' } });
      if (reply.type !== '999') wrong.push(`${key(op)}: ${reply.status} ${reply.type} ${reply.error ?? ''}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets each console route be called only by the roles it declares (super always)', async () => {
    const tokens = await roleTokens(t);
    const wrong: string[] = [];
    let checked = 0;
    // Signing out ends the session the other calls use: last.
    const consoleOps = ops
      .filter((o) => o.consoleRoles)
      .sort((x, y) => Number(x.path.endsWith('/logout')) - Number(y.path.endsWith('/logout')));
    for (const op of consoleOps) {
      for (const role of CONSOLE_ROLES) {
        // The id names nothing, and a malformed body: an allowed role is refused only by the input
        // or "not found", never by its role; a refused one gets the role refusal first.
        const reply = await call(t.app, op.method, fillPath(op.path, '999999'), { token: tokens[role], body: { amount: 'x' } });
        const allowed = op.consoleRoles?.includes(role);
        const refused = reply.status === 403 && (reply.error === 'forbidden' || reply.error === 'support_role_required');
        checked++;
        if (allowed === refused) wrong.push(`${role} ${key(op)}: ${reply.status} ${reply.error ?? reply.type}`);
        if (reply.status >= 500) wrong.push(`${role} ${key(op)}: ${reply.status}`);
      }
    }
    console.info(`role matrix: ${consoleOps.length} console routes of ${ops.length}, ${checked} role checks`);
    expect(checked).toBeGreaterThan(300);
    expect(wrong).toEqual([]);
  });
});

/** A full console session per role (super is the seeded operator; finance enrols TOTP, as it must). */
async function roleTokens(t: TestApp): Promise<Record<ConsoleRole, string>> {
  const superToken = await adminToken(t);
  const tokens = { super: superToken } as Record<ConsoleRole, string>;
  for (const role of CONSOLE_ROLES) {
    if (role === 'super') continue;
    const email = `hardening-${role}@example.test`;
    const password = 'operator-password-1';
    const created = await t.post('admin/operators', { email, password, role }, { token: superToken });
    expect(created.type, JSON.stringify(created)).toBe('ok');
    let login = await t.post('admin/login', { email, password });
    if (login.message.totp_enrolment_required) {
      const enrolToken = login.message.token as string;
      const setup = await t.post('admin/totp/setup', {}, { token: enrolToken });
      const secret = setup.message.secret as string;
      await t.post('admin/totp/enable', { code: await totpCode(t, secret) }, { token: enrolToken });
      login = await t.post('admin/login', { email, password, totp: await totpCode(t, secret) });
    }
    expect(login.type, JSON.stringify(login)).toBe('ok');
    tokens[role] = login.message.token as string;
  }
  return tokens;
}
