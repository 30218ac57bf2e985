import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call, fillPath, operations } from './hardening/routes.js';

type Document = { openapi: string };

/** Operations whose success is not JSON (images): they have no reply schema. */
const NOT_JSON = new Set<string>(['GET /api/upload/{id}', 'GET /api/chat/image/{id}']);
/** `{type: 'ok', message}` with both required, as the zod envelope (`okReply`) renders. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON schema of the document
const isEnvelope = (schema: any) => {
  const type = schema.properties?.type;
  const literal = type?.const ?? (type?.enum?.length === 1 ? type.enum[0] : undefined);
  return (
    literal === 'ok' && schema.properties?.message !== undefined && ['type', 'message'].every((k) => schema.required?.includes(k))
  );
};

/** The one JSON reply outside the envelope: the original client's candles, `{code: 1, msg, data}`. */
const NOT_ENVELOPE = new Set<string>(['GET /api/currency/new_timeshar']);

/**
 * The served OpenAPI document is a valid OpenAPI 3 document, and what it says of each operation's
 * security is what the server does: an operation that requires a token answers a call without one with
 * 999 (not logged in); a public one, or one that only uses a token when given, answers it otherwise.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let document: Document;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    document = res.json() as Document;
  });
  afterAll(() => t.close());

  it('validates as OpenAPI 3', async () => {
    expect(document.openapi).toMatch(/^3\./);
    // The validator resolves and rewrites what it is given: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('states a security requirement on every operation, naming only the schemes it defines', () => {
    const ops = operations(t.app);
    expect(ops.length).toBeGreaterThan(150);
    expect(ops.filter((op) => !Array.isArray(op.security)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const schemes = new Set(ops.flatMap((op) => (op.security ?? []).flatMap((s) => Object.keys(s))));
    expect([...schemes].sort()).toEqual(['console', 'token']);
    // Users' routes are the most numerous kind; each group is there.
    const kinds = (kind: string) => ops.filter((op) => op.security?.some((s) => kind in s)).length;
    expect(kinds('token')).toBeGreaterThan(60);
    expect(kinds('console')).toBeGreaterThan(60);
    expect(ops.filter((op) => op.security?.length === 0).length).toBeGreaterThan(20);
  });

  it('declares the success reply of every operation that answers JSON, in the envelope', () => {
    const missing: string[] = [];
    const notEnvelope: string[] = [];
    for (const op of operations(t.app)) {
      const name = `${op.method} ${op.path}`;
      if (NOT_JSON.has(name)) continue;
      if (!op.reply) missing.push(name);
      else if (NOT_ENVELOPE.has(name)) continue;
      else if (!isEnvelope(op.reply)) notEnvelope.push(name);
    }
    expect(missing).toEqual([]);
    expect(notEnvelope).toEqual([]);
    // The exceptions still exist: a renamed route cannot hide in this list.
    const names = new Set(operations(t.app).map((op) => `${op.method} ${op.path}`));
    expect([...NOT_JSON, ...NOT_ENVELOPE].filter((name) => !names.has(name))).toEqual([]);
  });

  it('matches the server: a call without a token is refused exactly where a token is required', async () => {
    const wrong: string[] = [];
    for (const op of operations(t.app)) {
      const security = op.security ?? [];
      const required = security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
      const reply = await call(t.app, op.method, fillPath(op.path, 'abc'), { body: {} });
      const refused = reply.type === '999';
      if (required !== refused)
        wrong.push(`${op.method} ${op.path}: says ${required ? 'token' : 'none'}, answered ${reply.status} ${reply.type}`);
    }
    expect(wrong).toEqual([]);
  });
});
