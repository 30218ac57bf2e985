import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { nextTotpCode } from './totp.js';

/** The repository root, from e2e/src. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

export const ADMIN_EMAIL = 'ops@example.test';
export const ADMIN_PASSWORD = 'e2e-admin-password-1';
/**
 * operations: the seeded super admin signs in with two-factor codes of this secret (base32),
 * given to the server as ADMIN_TOTP_SECRET; the helpers compute the codes (src/totp.ts).
 */
export const ADMIN_TOTP_SECRET = 'KRSXG5CTMVRXEZLUGIYDEOJQGEZDGNBV';

export type Reply<T> = { type: string; message: T; error?: string };

export type Stack = {
  baseUrl: string;
  /** Calls the API as a client would: GET without a body, POST with a JSON one; `auth` is a session token. */
  api: <T = unknown>(path: string, body?: Record<string, string>, auth?: string) => Promise<Reply<T>>;
  /**
   * Calls the API as the operator: reads the development outbox, for example. A change that waits for
   * a second operator (four eyes: an adjustment, a deposit-address change…) is approved by a second
   * super operator the stack signs in once, and the applied change's result is returned.
   */
  admin: (path: string, init?: { method?: string; body?: Record<string, string> }) => Promise<unknown>;
  /** Approves a four-eyes request (filed in the console, say) as the second operator; returns what it applied. */
  secondOperator: (approvalId: number) => Promise<unknown>;
  /** The newest six-digit code sent to `target` (an e-mail address or a phone number). */
  latestCode: (target: string) => Promise<string>;
  /**
   * Registers an e-mail account through the API as the phone does (code sent, read from the outbox,
   * agreement ticked); `extra` adds fields such as an invite code. Returns its session token and id.
   */
  registerEmail: (email: string, password: string, extra?: Record<string, string>) => Promise<RegisteredUser>;
  /** Files the basic identity check for the user as the phone does, and approves it as an operator. */
  verifyBasic: (token: string, userId: number, name: string) => Promise<void>;
  /** Credits `amount` of a coin (USDT unless said) to one of the user's accounts, as an operator's adjustment. */
  fund: (userId: number, account: string, amount: string, currencyId?: string) => Promise<void>;
  /** Adds an option delivery period, as an operator does in the console. */
  addOptionPeriod: (seconds: number, profitRatio: string, maxNum: string) => Promise<void>;
  /** Waits until the market feed prices `symbol` (the simulated feed goes live after its backfill, minutes on a busy machine). */
  waitForPrice: (symbol?: string, timeoutMs?: number) => Promise<string>;
  stop: () => Promise<void>;
};

export type RegisteredUser = { token: string; id: number };

/** A call to the API (JSON body, optional session token): the envelope as it came. */
async function callApi<T>(baseUrl: string, path: string, body?: Record<string, string>, auth?: string): Promise<Reply<T>> {
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(auth ? { authorization: auth } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Reply<T>;
}

/** A port nothing listens on now, on 127.0.0.1 (also used by `server-process.ts`). */
export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => done(port));
    });
  });
}

/** Waits until the server answers (also used by `server-process.ts`, with a longer wait after a crash). */
export async function waitForApi(baseUrl: string, child: ChildProcess, log: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/api/get/lang`, { method: 'POST' });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer within ${timeoutMs / 1000} s:\n${log()}`);
}

/** What every test server runs with: its own data directory, the seeded super admin, a quiet log. */
export function testServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ADMIN_TOTP_SECRET,
    LOG_LEVEL: 'warn',
  };
}

/** A running built server: its process, its address and what it has printed so far. */
export type ServerProcess = { child: ChildProcess; baseUrl: string; output: () => string };

/**
 * Runs apps/server/dist/server.js on `port` with `env` and waits until it answers. A server that does
 * not answer in time is killed, so a failed start leaves no process behind.
 */
export async function spawnServer(port: number, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<ServerProcess> {
  let output = '';
  const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForApi(baseUrl, child, () => output, timeoutMs);
  } catch (error) {
    if (child.exitCode === null) child.kill('SIGKILL');
    throw error;
  }
  return { child, baseUrl, output: () => output };
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh embedded database, as
 * `npm start` would, so browser tests exercise exactly what a newcomer runs.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  // A shared machine gives each engineer a port range: E2E_PORT pins the server's port inside it.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-e2e-'));
  let server: ServerProcess;
  try {
    // 180 s: on a busy shared machine a fresh database and its migrations can take minutes before the first answer.
    server = await spawnServer(
      port,
      {
        ...testServerEnv(dataDir),
        // Every reply the browser provokes is checked against its route's reply schema.
        REPLY_CHECK: '1',
        ...env,
      },
      180_000,
    );
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { child, baseUrl } = server;

  let adminToken = '';
  const admin: Stack['admin'] = async (path, init = {}) => {
    if (!adminToken) {
      const res = await fetch(`${baseUrl}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: ADMIN_EMAIL,
          password: ADMIN_PASSWORD,
          totp: await nextTotpCode(baseUrl, ADMIN_TOTP_SECRET),
        }),
      });
      const reply = (await res.json()) as { type: string; message: { token: string } };
      if (reply.type !== 'ok') throw new Error(`admin login failed: ${JSON.stringify(reply)}`);
      adminToken = reply.message.token;
    }
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { authorization: adminToken, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    const reply = (await res.json()) as { type: string; message: unknown };
    if (reply.type !== 'ok') throw new Error(`admin ${path} failed: ${JSON.stringify(reply)}`);
    const ticket = reply.message as { status?: string; approval_id?: number };
    if (ticket?.status !== 'pending_approval') return reply.message;
    const decided = await post(`admin/approvals/${ticket.approval_id}/approve`, {}, await checkerToken());
    if (decided.type !== 'ok') throw new Error(`second operator on ${path} failed: ${JSON.stringify(decided)}`);
    return decided.message.result;
  };

  const post = async (path: string, body: Record<string, string>, token?: string) => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { type: string; message: { token?: string; secret?: string; result?: unknown } };
  };

  /** The second operator (a super, enrolled in TOTP on first use) who approves what the first one files. */
  let checker = '';
  const checkerToken = async () => {
    if (checker) return checker;
    const email = 'checker@e2e.test';
    const password = 'e2e-checker-password-1';
    await admin('admin/operators', { body: { email, password, role: 'super' } });
    const first = await post('admin/login', { email, password });
    const setup = await post('admin/totp/setup', {}, first.message.token);
    const secret = setup.message.secret as string;
    await post('admin/totp/enable', { code: await nextTotpCode(baseUrl, secret) }, first.message.token);
    const login = await post('admin/login', { email, password, totp: await nextTotpCode(baseUrl, secret) });
    if (login.type !== 'ok') throw new Error(`second operator sign-in failed: ${JSON.stringify(login)}`);
    checker = login.message.token as string;
    return checker;
  };

  const latestCode: Stack['latestCode'] = async (target) => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const rows = (await admin(`admin/outbox?target=${encodeURIComponent(target)}`)) as { code: string | null }[];
      const code = rows.find((r) => r.code)?.code;
      if (code) return code;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no code reached the outbox for ${target}`);
  };

  const registerEmail: Stack['registerEmail'] = async (email, password, extra = {}) => {
    const sent = await callApi(baseUrl, 'sms_mail', { user_string: email, scene: 'register' });
    if (sent.type !== 'ok') throw new Error(`sending the code failed: ${JSON.stringify(sent)}`);
    const registered = await callApi(baseUrl, 'user/register', {
      type: 'email',
      user_string: email,
      password,
      re_password: password,
      code: await latestCode(email),
      agree: '1',
      ...extra,
    });
    if (registered.type !== 'ok') throw new Error(`register failed: ${JSON.stringify(registered)}`);
    const { token, user } = registered.message as { token: string; user: { id: number } };
    return { token, id: user.id };
  };

  const waitForPrice: Stack['waitForPrice'] = async (symbol = 'BTC/USDT', timeoutMs = 180_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reply = await callApi(baseUrl, 'currency/quotation_new');
      const groups = (reply.message ?? []) as { quotation: { symbol: string; now_price: string | null }[] }[];
      const price = groups.flatMap((g) => g.quotation).find((p) => p.symbol === symbol)?.now_price;
      if (price) return price;
      if (Date.now() > deadline) throw new Error(`the market feed gave no ${symbol} price within ${timeoutMs / 1000} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const api: Stack['api'] = (path, body, auth) => callApi(baseUrl, path, body, auth);

  const secondOperator: Stack['secondOperator'] = async (approvalId) => {
    const decided = await post(`admin/approvals/${approvalId}/approve`, {}, await checkerToken());
    if (decided.type !== 'ok') throw new Error(`second operator on request #${approvalId} failed: ${JSON.stringify(decided)}`);
    return decided.message.result;
  };

  const verifyBasic: Stack['verifyBasic'] = async (token, userId, name) => {
    const filed = await callApi(
      baseUrl,
      'user/real_name',
      { country: 'US', name, card_id: `E2E${String(userId).padStart(5, '0')}` },
      token,
    );
    if (filed.type !== 'ok') throw new Error(`the basic verification was refused: ${JSON.stringify(filed)}`);
    const pending = (await admin('admin/identity?status=pending')) as { list: { id: number; user: { id: number } }[] };
    const check = pending.list.find((row) => row.user.id === userId);
    if (!check) throw new Error('the basic verification is not in the review queue');
    await admin(`admin/identity/${check.id}/approve`, { body: {} });
  };

  const fund: Stack['fund'] = async (userId, account, amount, currencyId = '3') => {
    await admin(`admin/users/${userId}/adjust`, { body: { currency_id: currencyId, account, amount, reason: 'e2e funding' } });
  };

  const addOptionPeriod: Stack['addOptionPeriod'] = async (seconds, profitRatio, maxNum) => {
    await admin('admin/options/seconds', {
      body: { seconds: String(seconds), profit_ratio: profitRatio, loss_ratio: '100', min_num: '1', max_num: maxNum },
    });
  };

  return {
    baseUrl,
    api,
    admin,
    secondOperator,
    latestCode,
    registerEmail,
    verifyBasic,
    fund,
    addOptionPeriod,
    waitForPrice,
    stop,
  };
}
