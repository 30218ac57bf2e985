import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { base32Decode, hotp, totpStep } from '../src/lib/totp.js';
import { TEST_ADMIN, TEST_ADMIN_TOTP_SECRET, TEST_CONSOLE_KEY } from './constants.js';
import { openTestDatabase } from './test-database.js';

export { TEST_ADMIN, TEST_ADMIN_TOTP_SECRET };

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** POST a form body (the original client's encoding); returns the parsed envelope and status. */
  post: (path: string, body?: Record<string, string>, opts?: RequestOpts) => Promise<Envelope>;
  get: (path: string, opts?: RequestOpts) => Promise<Envelope>;
  close: () => Promise<void>;
};
export type RequestOpts = { token?: string; lang?: string; ip?: string; json?: boolean; headers?: Record<string, string> };
// biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field in the tests
export type Envelope = { status: number; type: string; message: any; error?: string; fields?: Record<string, string> };
/** The chart endpoint (currency/new_timeshar) answers in the original client's `{code, data}` form, not the envelope. */
// biome-ignore lint/suspicious/noExplicitAny: the candles are checked field by field in the tests
export type CandleReply = Envelope & { code: number; symbol: string; data: any; more: boolean; limit: number; next_to: number };

/** A fresh app on its own copy of the seeded template database. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: FastifyInstance) => void,
  /** The app's clock (market, contracts, wealth): a test moves it to age prices or reach dates. */
  now?: () => number,
  /** A database opened by the test (e.g. as another PostgreSQL role); default: a copy of the template. */
  given?: Database,
): Promise<TestApp> {
  const database = given ?? (await openTestDatabase(inject('dbTemplate')));
  // Files the app writes (uploads) go to a directory of its own, removed when the app closes.
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-test-data-'));
  const config: Config = {
    ...loadConfig({ CONSOLE_SECRET_KEY: TEST_CONSOLE_KEY }),
    serveStatic: false,
    logLevel: 'silent',
    // Every reply a test provokes is checked against its route's reply schema (lib/reply-contract.ts).
    replyCheck: true,
    dataDir,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false, now });
  extend?.(app);
  await app.ready();

  const send = async (method: 'GET' | 'POST', path: string, body: Record<string, string> | undefined, opts: RequestOpts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = opts.token;
    if (opts.lang) headers.lang = opts.lang;
    let payload: string | undefined;
    if (method === 'POST' && body) {
      headers['content-type'] = opts.json ? 'application/json' : 'application/x-www-form-urlencoded';
      payload = opts.json ? JSON.stringify(body) : new URLSearchParams(body).toString();
    }
    const res = await app.inject({ method, url: `/api/${path}`, headers, payload, remoteAddress: opts.ip ?? nextIp() });
    return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
  };

  return {
    app,
    database,
    post: (path, body, opts) => send('POST', path, body, opts),
    get: (path, opts) => send('GET', path, undefined, opts),
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the app on a free local port with its socket server ready, for socket clients; answers its base URL. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await t.app.realtime.ready();
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

let ipCounter = 0;
/**
 * Each request comes from its own address unless a test names one, so the per-IP rate limits only
 * bite in the tests that are about them.
 */
export const nextIp = () => {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/**
 * operations: an authenticator code the server has not yet accepted. A code is accepted one
 * step either side of now and never twice, so successive sign-ins take the next unused step (waiting
 * for the clock when now and the next step are spent). Steps are remembered per app and secret.
 */
const usedSteps = new WeakMap<TestApp, Map<string, number>>();
export async function totpCode(t: TestApp, secret = TEST_ADMIN_TOTP_SECRET): Promise<string> {
  const used = usedSteps.get(t) ?? new Map<string, number>();
  usedSteps.set(t, used);
  for (;;) {
    const now = totpStep(Date.now());
    // Never the step before now: under load it can leave the server's window before the request lands.
    const step = Math.max(now, (used.get(secret) ?? 0) + 1);
    if (step <= now + 1) {
      used.set(secret, step);
      return hotp(base32Decode(secret), step);
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

/** Signs the test operator in (password and authenticator code). */
export async function adminLogin(t: TestApp): Promise<Envelope> {
  return t.post('admin/login', { ...TEST_ADMIN, totp: await totpCode(t) });
}

/**
 * Signs an operator in with a full session: every role needs a second factor, so one not yet enrolled
 * enrols first (as the console makes them) and signs in again with a code. Returns the token and secret.
 */
export async function operatorSignIn(t: TestApp, email: string, password: string): Promise<{ token: string; secret?: string }> {
  let login = await t.post('admin/login', { email, password });
  if (login.type !== 'ok') throw new Error(`operator sign-in failed: ${JSON.stringify(login)}`);
  if (!login.message.totp_enrolment_required) return { token: login.message.token as string };
  const enrolToken = login.message.token as string;
  const setup = await t.post('admin/totp/setup', {}, { token: enrolToken });
  const secret = setup.message.secret as string;
  const enabled = await t.post('admin/totp/enable', { code: await totpCode(t, secret) }, { token: enrolToken });
  if (enabled.type !== 'ok') throw new Error(`enrolment failed: ${JSON.stringify(enabled)}`);
  login = await t.post('admin/login', { email, password, totp: await totpCode(t, secret) });
  if (login.type !== 'ok') throw new Error(`operator sign-in failed: ${JSON.stringify(login)}`);
  return { token: login.message.token as string, secret };
}

const adminTokens = new WeakMap<TestApp, string>();
export async function adminToken(t: TestApp): Promise<string> {
  let token = adminTokens.get(t);
  if (!token) {
    const login = await adminLogin(t);
    if (login.type !== 'ok') throw new Error(`admin login failed: ${JSON.stringify(login)}`);
    token = login.message.token as string;
    adminTokens.set(t, token);
  }
  return token;
}

/** Reads the newest code the outbox holds for a target, as an operator would. */
export async function outboxCode(t: TestApp, target: string): Promise<string> {
  const rows = await t.get(`admin/outbox?target=${encodeURIComponent(target)}`, { token: await adminToken(t) });
  const code = rows.message[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
}

/**
 * A request with a JSON body (or none), as the console and the chat client send them; answers the
 * status and the parsed reply.
 */
export async function sendJson(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  token: string,
  body?: unknown,
): Promise<Envelope> {
  const res = await t.app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    payload: body === undefined ? undefined : JSON.stringify(body),
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
}

let counter = 0;
/** A unique e-mail address per call, so tests in one file don't collide. */
export const uniqueEmail = (prefix = 'user') => `${prefix}${Date.now().toString(36)}${counter++}@example.test`;

/** Registers an e-mail user through the API and returns their token. */
export async function registerEmailUser(t: TestApp, email = uniqueEmail(), password = 'secret123') {
  const sent = await t.post('sms_mail', { user_string: email, scene: 'register' });
  if (sent.type !== 'ok') throw new Error(`code not sent: ${JSON.stringify(sent)}`);
  const code = await outboxCode(t, email);
  const reply = await t.post('user/register', {
    type: 'email',
    user_string: email,
    password,
    re_password: password,
    code,
    agree: '1',
  });
  if (reply.type !== 'ok') throw new Error(`registration failed: ${JSON.stringify(reply)}`);
  return { email, password, token: reply.message.token as string, user: reply.message.user };
}
