import { describe, expect, it } from 'vitest';
import { generatedInputApp } from '../../test/generated-input.js';
import { type Method, type Operation, operations } from './routes.js';

/**
 * Every route of the OpenAPI document gets every class of hostile scalar, in each body field alone, in
 * all body fields at once, in each query field and in every path parameter: NUL, lone UTF-16
 * surrogates, ids of 2^31 and 2^53+1, numbers past 2^53, booleans, arrays and objects where a scalar
 * belongs, and path segments of 1 to 10 KB. Values are written as raw JSON and raw URL text, so the
 * server parses them exactly as it would a client's (a JSON 9007199254740993 arrives as ...992).
 * No reply may be a 5xx, and every reply must be the product's envelope. The figures are printed as
 * `name: value` lines.
 */

// Routes that end the session they are called with (or its siblings): each of their cases gets a session
// of its own, so every case is parsed by a signed-in route rather than refused at the door.
const ENDS_SESSIONS = new Set([
  'POST /api/admin/logout',
  'POST /api/user/logout',
  'POST /api/user/security/sessions/revoke_others',
]);

/** Raw JSON literals for one body field. */
const BODY_VALUES: Record<string, string> = {
  nul: '"a\\u0000b"',
  nul_alone: '"\\u0000"',
  lone_high_surrogate: '"a\\ud800b"',
  lone_low_surrogate: '"\\udc00"',
  id_2_31: '2147483648',
  id_2_31_text: '"2147483648"',
  id_2_53_plus_1: '9007199254740993',
  id_2_53_plus_1_text: '"9007199254740993"',
  past_2_53: '123456789012345678901234567890',
  exponent: '1e21',
  true: 'true',
  false: 'false',
  array: '[]',
  array_of_one: '[1]',
  object: '{}',
  object_of_one: '{"a":1}',
};

/** Raw query-string values (already percent-encoded). */
const QUERY_VALUES: Record<string, string> = {
  nul: 'a%00b',
  lone_surrogate: 'a%ED%A0%80b',
  id_2_31: '2147483648',
  id_2_53_plus_1: '9007199254740993',
  past_2_53: '123456789012345678901234567890',
  exponent: '1e21',
  true: 'true',
  array: '__array__',
};

/** Raw path segments (already percent-encoded). */
const PATH_VALUES: Record<string, string> = {
  nul: 'a%00b',
  lone_surrogate: 'a%ED%A0%80',
  bad_escape: '%E0%A4%A',
  id_2_31: '2147483648',
  id_2_53_plus_1: '9007199254740993',
  past_2_53: '123456789012345678901234567890',
  true: 'true',
  array: '%5B%5D',
  object: '%7B%7D',
  segment_1kb: '1'.repeat(1024),
  segment_4kb: 'a'.repeat(4096),
  segment_10kb: '9'.repeat(10_240),
};

type Case = { op: Operation; label: string; url: string; payload?: string; form?: boolean };

function casesOf(op: Operation): Case[] {
  const cases: Case[] = [];
  const path = (value: string) => `${op.path.replace(/\{(\w+)\}/g, () => value)}`;
  const okPath = path('1');
  const bodyFields = Object.keys(op.body?.properties ?? {});
  const queryFields = (op.query ?? []).map((q) => q.name as string);
  const json = (entries: [string, string][]) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

  if (op.params.length)
    for (const [label, value] of Object.entries(PATH_VALUES))
      cases.push({ op, label: `path ${label}`, url: path(value), payload: op.method === 'GET' ? undefined : '{}' });

  if (op.method !== 'GET') {
    for (const [label, value] of Object.entries(BODY_VALUES)) {
      // Every field at once, and each field alone (another field cannot fail first).
      cases.push({ op, label: `body(all) ${label}`, url: okPath, payload: json(bodyFields.map((f) => [f, value])) });
      for (const field of bodyFields)
        cases.push({ op, label: `body.${field} ${label}`, url: okPath, payload: json([[field, value]]) });
    }
    // A NUL and a lone surrogate as a form sends them, and as the name of a field.
    const formFields = bodyFields.length ? bodyFields : ['x'];
    cases.push({ op, label: 'form nul', url: okPath, form: true, payload: formFields.map((f) => `${f}=a%00b`).join('&') });
    cases.push({
      op,
      label: 'form lone_surrogate',
      url: okPath,
      form: true,
      payload: formFields.map((f) => `${f}=a%ED%A0%80`).join('&'),
    });
    cases.push({ op, label: 'body key nul', url: okPath, payload: '{"a\\u0000":"1"}' });
    cases.push({ op, label: 'body key lone_surrogate', url: okPath, payload: '{"\\ud800":"1"}' });
  }

  for (const [label, value] of Object.entries(QUERY_VALUES)) {
    for (const field of queryFields) {
      const qs = value === '__array__' ? `${field}=1&${field}=2` : `${field}=${value}`;
      cases.push({
        op,
        label: `query.${field} ${label}`,
        url: `${okPath}?${qs}`,
        payload: op.method === 'GET' ? undefined : '{}',
      });
    }
  }
  return cases;
}

const { t, freshToken } = generatedInputApp();

let ipCounter = 0;
const nextIp = () => {
  ipCounter++;
  return `172.${20 + ((ipCounter >> 16) & 7)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** Whether a reply is the product's envelope: `{type, message}` and, when refused, an error code. */
function isEnvelope(status: number, contentType: string, body: string): boolean {
  // A file or page served on success (an upload, an export) is not JSON and needs no envelope.
  if (status < 300 && !contentType.includes('json')) return true;
  try {
    const parsed = JSON.parse(body) as { type?: unknown; message?: unknown; error?: unknown };
    if (typeof parsed.type !== 'string' || !('message' in parsed)) return false;
    return parsed.type === 'ok' || (typeof parsed.error === 'string' && typeof parsed.message === 'string');
  } catch {
    return false;
  }
}

describe('bad-input classes on every route', () => {
  it('answers every class of hostile scalar without a 5xx and in the envelope', { timeout: 600_000 }, async () => {
    const ops = operations(t.app);
    expect(ops.length).toBeGreaterThan(150);
    let cases = 0;
    let http5xx = 0;
    let nonEnvelope = 0;
    const failures: string[] = [];
    const byClass = new Map<string, number>();
    for (const op of ops) {
      const endsSessions = ENDS_SESSIONS.has(`${op.method} ${op.path}`);
      let token = await freshToken(Boolean(op.consoleRoles));
      for (const c of casesOf(op)) {
        if (endsSessions) token = await freshToken(Boolean(op.consoleRoles));
        const headers: Record<string, string> = { authorization: token };
        if (c.payload !== undefined) headers['content-type'] = c.form ? 'application/x-www-form-urlencoded' : 'application/json';
        const res = await t.app.inject({
          method: c.op.method as Method,
          url: c.url,
          headers,
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
          remoteAddress: nextIp(),
        });
        cases++;
        const kind = c.label.replace(/^\S+ /, '');
        byClass.set(kind, (byClass.get(kind) ?? 0) + 1);
        const what = `${op.method} ${op.path} [${c.label}] → ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (res.statusCode >= 500) {
          http5xx++;
          failures.push(what);
        } else if (!isEnvelope(res.statusCode, String(res.headers['content-type'] ?? ''), res.body)) {
          nonEnvelope++;
          failures.push(what);
        }
      }
    }
    console.info([`routes: ${ops.length}`, `cases: ${cases}`, `http_5xx: ${http5xx}`, `non_envelope: ${nonEnvelope}`].join('\n'));
    expect(failures.slice(0, 30)).toEqual([]);
    expect(http5xx).toBe(0);
    expect(nonEnvelope).toBe(0);
    // Each class reached the routes (a class with no case would prove nothing).
    for (const label of [...Object.keys(PATH_VALUES), ...Object.keys(BODY_VALUES), ...Object.keys(QUERY_VALUES)])
      expect(byClass.get(label) ?? 0, label).toBeGreaterThan(0);
  });
});
