import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  ADMIN_TOTP_SECRET,
  freePort,
  ROOT,
  type ServerProcess,
  spawnServer,
  testServerEnv,
} from './stack.js';
import { nextTotpCode } from './totp.js';

/**
 * The built server as a process of its own on a data directory the test keeps, for the process-level
 * tests that kill it and start it again on the same data (spot-restart, crash): unlike `startStack`,
 * stopping a process leaves the directory alone, and the operators' `ledger:verify` tool runs on it.
 * Also a small API client for those tests (no browser): calls, operator sign-in, registered users.
 */

export type { ServerProcess } from './stack.js';

/** The environment of the server (and of `ledger:verify`) on `dataDir`: short market history, quiet log. */
export function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...testServerEnv(dataDir),
    MARKET_HISTORY_DAYS: '1',
    MARKET_DAILY_HISTORY_DAYS: '3',
    ...extra,
  };
}

/** Starts apps/server/dist/server.js on a free port and waits until it answers (90 s: a restart replays a crash). */
export async function startServer(dataDir: string, extra: Record<string, string> = {}): Promise<ServerProcess> {
  return spawnServer(await freePort(), serverEnv(dataDir, extra), 90_000);
}

/** Sends `signal` (SIGKILL: no shutdown of any kind) and resolves once the process has exited. */
export async function stopServer(server: ServerProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}

export type ToolRun = { status: number | null; output: string };

/** Runs one of the operators' built tools (apps/server/dist/<script>) with `args` on `dataDir`. */
function runTool(script: string, dataDir: string, args: string[], extra: Record<string, string>): Promise<ToolRun> {
  return new Promise((done, fail) => {
    let output = '';
    const child = spawn(process.execPath, [join(ROOT, 'apps/server/dist', script), ...args], {
      cwd: ROOT,
      env: serverEnv(dataDir, extra),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    child.once('error', fail);
    child.once('close', (status) => done({ status, output }));
  });
}

/**
 * Runs the operators' `ledger:verify` (apps/server/dist/ledger-verify.js) on a data directory no server
 * has open; resolves with its exit status and output (two can run at once, on two directories).
 */
export function ledgerVerify(dataDir: string, extra: Record<string, string> = {}): Promise<ToolRun> {
  return runTool('ledger-verify.js', dataDir, [], extra);
}

/**
 * Runs `index:verify` (apps/server/dist/index-verify.js) for one pair and UTC day (YYYY-MM-DD) on a data
 * directory no server has open: it walks that day's hash-chained index samples, exit 1 on any break.
 */
export function indexVerify(dataDir: string, pair: string, day: string, extra: Record<string, string> = {}): Promise<ToolRun> {
  return runTool('index-verify.js', dataDir, [pair, day], extra);
}

/**
 * Runs `audit:verify` (apps/server/dist/audit-verify.js) on a data directory no server has open: it
 * follows the audit log's hash chain, exit 1 on a row changed, removed or slipped in.
 */
export function auditVerify(dataDir: string, extra: Record<string, string> = {}): Promise<ToolRun> {
  return runTool('audit-verify.js', dataDir, [], extra);
}

/**
 * Opens a stopped server's embedded database (the same PGlite the server runs) and hands it to `change`,
 * as someone with the files but not the application could: what the verify tools must catch.
 */
export async function editDataDir<T>(dataDir: string, change: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create({ dataDir });
  try {
    return await change(db);
  } finally {
    await db.close();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
export type Reply = { status: number; type: string; message: any; error?: string };

export type CallOptions = {
  token?: string;
  /** The client's address, sent as X-Forwarded-For: a server started with TRUST_PROXY=1 sees one client per user. */
  ip?: string;
  timeoutMs?: number;
};

/** One API call; the envelope with the HTTP status. Network failures throw. */
export async function apiCall(
  baseUrl: string,
  method: string,
  path: string,
  body?: Record<string, unknown>,
  { token, ip, timeoutMs = 60_000 }: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (ip) headers['x-forwarded-for'] = ip;
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api/${path}`, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const reply = (await res.json()) as { type: string; message: unknown; error?: string };
  return { status: res.status, type: reply.type, message: reply.message, ...(reply.error ? { error: reply.error } : {}) };
}

/** One API call that must succeed: its `message`. */
export async function apiOk(
  baseUrl: string,
  method: string,
  path: string,
  body?: Record<string, unknown>,
  options?: CallOptions,
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
): Promise<any> {
  const reply = await apiCall(baseUrl, method, path, body, options);
  if (reply.type !== 'ok') throw new Error(`${method} ${path}: ${JSON.stringify(reply)}`);
  return reply.message;
}

/**
 * The seeded super admin's console token. Its session is stored: it stays valid across a restart,
 * where a second sign-in could need to wait for a fresh TOTP step.
 */
export async function adminSignIn(baseUrl: string): Promise<string> {
  const login = await apiOk(baseUrl, 'POST', 'admin/login', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
    totp: await nextTotpCode(baseUrl, ADMIN_TOTP_SECRET),
  });
  return login.token as string;
}

/** Second operators by server, signed in once (their sessions are stored, so they survive a restart). */
const checkers = new Map<string, Promise<string>>();

/** A second super operator's console token: the checker of four-eyes requests (docs/security.md). */
export function checkerSignIn(baseUrl: string, admin: string): Promise<string> {
  let token = checkers.get(baseUrl);
  if (!token) {
    token = (async () => {
      const email = `checker.${Date.now()}@e2e.test`;
      const password = 'e2e-checker-password-1';
      await apiOk(baseUrl, 'POST', 'admin/operators', { email, password, role: 'super' }, { token: admin });
      const first = await apiOk(baseUrl, 'POST', 'admin/login', { email, password });
      const setup = await apiOk(baseUrl, 'POST', 'admin/totp/setup', {}, { token: first.token });
      const code = await nextTotpCode(baseUrl, setup.secret);
      await apiOk(baseUrl, 'POST', 'admin/totp/enable', { code }, { token: first.token });
      const login = await apiOk(baseUrl, 'POST', 'admin/login', {
        email,
        password,
        totp: await nextTotpCode(baseUrl, setup.secret),
      });
      return login.token as string;
    })();
    checkers.set(baseUrl, token);
  }
  return token;
}

/**
 * A console balance adjustment as the console makes it: the operator `admin` files it and a second
 * operator approves it (four eyes). Returns the applied change.
 */
export async function adjustBalance(baseUrl: string, admin: string, userId: number, body: Record<string, unknown>) {
  const ticket = await apiOk(baseUrl, 'POST', `admin/users/${userId}/adjust`, body, { token: admin });
  const checker = await checkerSignIn(baseUrl, admin);
  const decided = await apiOk(baseUrl, 'POST', `admin/approvals/${ticket.approval_id}/approve`, {}, { token: checker });
  return decided.result;
}

/** The newest code the development outbox holds for `target` (read with the console token). */
export async function latestCode(baseUrl: string, admin: string, target: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = (await apiOk(baseUrl, 'GET', `admin/outbox?target=${encodeURIComponent(target)}`, undefined, {
      token: admin,
    })) as { code: string | null }[];
    const code = rows.find((r) => r.code)?.code;
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code reached the outbox for ${target}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export type User = { id: number; token: string; email: string; ip?: string };

/** A user registered by e-mail through the API (the code read from the outbox). */
export async function registerUser(baseUrl: string, admin: string, name: string, password: string, ip?: string): Promise<User> {
  const email = `${name}.${Date.now()}@example.test`;
  await apiOk(baseUrl, 'POST', 'sms_mail', { user_string: email, scene: 'register' }, { ip });
  const reg = await apiOk(
    baseUrl,
    'POST',
    'user/register',
    {
      type: 'email',
      user_string: email,
      password,
      re_password: password,
      code: await latestCode(baseUrl, admin, email),
      agree: '1',
    },
    { ip },
  );
  return { id: reg.user.id as number, token: reg.token as string, email, ...(ip ? { ip } : {}) };
}

/** Files the basic identity check for `user` as the phone does, and approves it as the operator `admin`. */
export async function verifyBasic(baseUrl: string, admin: string, user: User, name: string): Promise<void> {
  await apiOk(
    baseUrl,
    'POST',
    'user/real_name',
    { country: 'US', name, card_id: `E2E${String(user.id).padStart(5, '0')}` },
    {
      token: user.token,
    },
  );
  const pending = (await apiOk(baseUrl, 'GET', 'admin/identity?status=pending', undefined, { token: admin })) as {
    list: { id: number; user: { id: number } }[];
  };
  const check = pending.list.find((row) => row.user.id === user.id);
  if (!check) throw new Error('the basic verification is not in the review queue');
  await apiOk(baseUrl, 'POST', `admin/identity/${check.id}/approve`, {}, { token: admin });
}

/**
 * Enrols a new operator's second factor through the API, as the console's Security page does (every
 * role needs one): signs in to an enrolment-only session, sets up a secret and confirms it with a code.
 * Returns the base32 secret for later sign-ins.
 */
export async function enrolOperator(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await apiOk(baseUrl, 'POST', 'admin/login', { email, password });
  const token = login.token as string;
  const setup = await apiOk(baseUrl, 'POST', 'admin/totp/setup', {}, { token });
  const secret = setup.secret as string;
  await apiOk(baseUrl, 'POST', 'admin/totp/enable', { code: await nextTotpCode(baseUrl, secret) }, { token });
  await apiOk(baseUrl, 'POST', 'admin/logout', {}, { token });
  return secret;
}
