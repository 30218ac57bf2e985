import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createTestApp, type TestApp, uniqueEmail } from '../../test/test-app.js';
import { loadConfig } from '../config.js';
import { outbox } from '../db/schema.js';
import { createNotifier } from './notifier.js';
import { createTwilioSms, SmsDeliveryError } from './twilio-sms.js';

/** A logger that keeps every line it is given, as JSON, so a test can search the log for a code. */
function captureLog(): { log: FastifyBaseLogger; text: () => string } {
  const lines: string[] = [];
  const write =
    (level: string) =>
    (...args: unknown[]) =>
      lines.push(JSON.stringify({ level, args }, (_k, v) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)));
  const log = {
    level: 'trace',
    fatal: write('fatal'),
    error: write('error'),
    warn: write('warn'),
    info: write('info'),
    debug: write('debug'),
    trace: write('trace'),
    silent: () => {},
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, text: () => lines.join('\n') };
}

type SmsRequest = { path: string; authorization?: string; form: URLSearchParams };

/** A local stand-in for Twilio's Messages API: records each request, answers 201 or a refusal. */
async function smsStandIn(): Promise<{
  url: string;
  requests: SmsRequest[];
  refuse: (status: number) => void;
  close: () => Promise<void>;
}> {
  const requests: SmsRequest[] = [];
  let refusal = 0;
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(body) });
    res.setHeader('content-type', 'application/json');
    if (refusal) {
      res.statusCode = refusal;
      res.end(JSON.stringify({ code: 21211, message: `The 'To' number ${new URLSearchParams(body).get('To')} is not valid.` }));
      return;
    }
    res.statusCode = 201;
    res.end(JSON.stringify({ sid: `SM${requests.length}`, status: 'queued' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuse: (status) => {
      refusal = status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Mail = { from?: string; to: string[]; data: string };

/** A local SMTP server (the `smtp-server` package) that keeps every message it receives. */
async function smtpStandIn(): Promise<{ url: string; mails: Mail[]; close: () => Promise<void> }> {
  const mails: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        mails.push({ from: from ? from.address : undefined, to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'sms-auth-token-for-tests';

let t: TestApp;
let sms: Awaited<ReturnType<typeof smsStandIn>>;
let smtp: Awaited<ReturnType<typeof smtpStandIn>>;
beforeAll(async () => {
  [sms, smtp] = await Promise.all([smsStandIn(), smtpStandIn()]);
  t = await createTestApp({
    smtpUrl: smtp.url,
    mailFrom: 'codes@exchange.test',
    sms: { baseUrl: sms.url, accountSid: SID, authToken: TOKEN, from: '+15005550006' },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([sms.close(), smtp.close()]);
});

describe('verification codes reach their owner and nobody else', () => {
  it('sends an SMS code through the Messages API with basic authentication, and keeps it out of the outbox', async () => {
    const before = sms.requests.length;
    const reply = await t.post('sms_send', { user_string: '13800138077', area_code: '86', scene: 'register' });
    expect(reply).toMatchObject({ status: 200, type: 'ok' });
    const request = sms.requests[before]!;
    expect(request.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(request.form.get('To')).toBe('+8613800138077');
    expect(request.form.get('From')).toBe('+15005550006');
    const code = request.form.get('Body')?.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.target, '+8613800138077')).orderBy(desc(outbox.id));
    expect(row).toMatchObject({ delivered: 'sms', code: null });
    expect(row!.body).not.toContain(code!);
  });

  it('sends an e-mail code over SMTP, and keeps it out of the outbox', async () => {
    const email = uniqueEmail('smtp');
    const reply = await t.post('sms_mail', { user_string: email, scene: 'register' });
    expect(reply).toMatchObject({ status: 200, type: 'ok' });
    const mail = smtp.mails.find((m) => m.to.includes(email));
    expect(mail?.from).toBe('codes@exchange.test');
    const code = mail!.data.match(/\b(\d{6})\b/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.target, email));
    expect(row).toMatchObject({ delivered: 'smtp', code: null });
  });

  it('logs neither the code, the body nor the target, whichever way a message goes', async () => {
    const capture = captureLog();
    const base = { db: t.database.db, log: capture.log, mailFrom: 'codes@exchange.test' };
    const withProviders = createNotifier({
      ...base,
      smtpUrl: smtp.url,
      sms: createTwilioSms({ baseUrl: sms.url, accountSid: SID, authToken: TOKEN, from: '+1500' }),
      devOutbox: true,
    });
    const outboxOnly = createNotifier({ ...base, devOutbox: true });
    const email = uniqueEmail('log');
    const messages = [
      { channel: 'sms' as const, target: '+8613800000001', subject: 'Code', body: 'Your code is 918273', code: '918273' },
      { channel: 'email' as const, target: email, subject: 'Code', body: 'Your code is 564738', code: '564738' },
    ];
    for (const m of messages) {
      await withProviders.send(m);
      await outboxOnly.send({ ...m, body: m.body.replace(m.code, '102938'), code: '102938' });
    }
    const log = capture.text();
    expect(log).toContain('message sent');
    for (const secret of ['918273', '564738', '102938', '+8613800000001', email, 'Your code']) expect(log).not.toContain(secret);
    // Outside production the outbox still holds undelivered codes for the developers' console.
    const [kept] = await t.database.db.select().from(outbox).where(eq(outbox.target, email)).orderBy(desc(outbox.id));
    expect(kept).toMatchObject({ delivered: 'outbox', code: '102938' });
  });

  it('refuses to send without a provider when there is no development outbox (production)', async () => {
    const capture = captureLog();
    const notifier = createNotifier({ db: t.database.db, log: capture.log, mailFrom: 'x@test', devOutbox: false });
    const target = uniqueEmail('prod');
    await expect(notifier.send({ channel: 'email', target, subject: 's', body: 'code 111222', code: '111222' })).rejects.toThrow(
      'no email provider configured',
    );
    expect(await t.database.db.select().from(outbox).where(eq(outbox.target, target))).toEqual([]);
  });

  it('fails the send when the SMS provider refuses, naming its status and code but not the number', async () => {
    sms.refuse(400);
    try {
      const provider = createTwilioSms({ baseUrl: sms.url, accountSid: SID, authToken: TOKEN, from: '+1500' });
      const error = await provider.sendSms('+440000', 'code 333444').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SmsDeliveryError);
      expect(error).toMatchObject({ status: 400, providerCode: '21211' });
      expect((error as Error).message).not.toContain('+440000');
    } finally {
      sms.refuse(0);
    }
  });
});

describe('configuration of message providers', () => {
  const smsEnv = { SMS_ACCOUNT_SID: SID, SMS_AUTH_TOKEN: TOKEN, SMS_FROM: '+1500' };
  it('refuses to start in production without an e-mail or an SMS provider, naming the setting', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', ...smsEnv })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test' })).toThrow(
      /SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM/,
    );
    const config = loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.test', ...smsEnv });
    expect(config.production).toBe(true);
    expect(config.sms).toEqual({ baseUrl: 'https://api.twilio.com', accountSid: SID, authToken: TOKEN, from: '+1500' });
  });

  it('refuses a half-configured SMS provider in any environment, naming what is missing', () => {
    expect(() => loadConfig({ SMS_ACCOUNT_SID: SID })).toThrow(/SMS_AUTH_TOKEN, SMS_FROM/);
    expect(loadConfig({}).sms).toBeUndefined();
    expect(loadConfig({ ...smsEnv, SMS_API_URL: 'http://127.0.0.1:1' }).sms?.baseUrl).toBe('http://127.0.0.1:1');
  });

  it('has no development outbox in production', async () => {
    const prod = await createTestApp({
      production: true,
      smtpUrl: smtp.url,
      sms: { baseUrl: sms.url, accountSid: SID, authToken: TOKEN, from: '+1500' },
    });
    try {
      const reply = await prod.get('admin/outbox', { token: await adminToken(prod) });
      expect(reply).toMatchObject({ status: 404, error: 'not_found' });
    } finally {
      await prod.close();
    }
  });
});
