import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generatedInputApp } from '../../test/generated-input.js';
import { queryRows } from '../db/client.js';
import { verifyLedger } from '../ledger/verify.js';
import { call, fillPath, operations } from './routes.js';

/**
 * hardening: generated bad input for every route of the OpenAPI document. Each route gets
 * CASES requests whose body, query and path parameters are drawn from the route's own schema (its
 * field names, enum values) mixed with hostile values (wrong types, huge numbers, traversal, control
 * characters, 10 000-character strings). No reply may be a 5xx or `internal_error`, and no rejected
 * request may change the money tables (checked after every rejected POST).
 */
const CASES = 100;

// Routes left out of the generated input, and why.
const SKIP = new Set([
  'POST /api/admin/logout', // ends the operator session the other routes use (covered by operators tests)
  'POST /api/user/logout', // idem for the user
  'POST /api/user/security/sessions/revoke_others', // idem
  'POST /api/admin/proof/run', // builds the whole Merkle tree: heavy, covered by proof.test.ts
]);

const hostile = fc.constantFrom<unknown>(
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1',
  '100',
  '0.00000001',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1,5',
  ' 1 ',
  '1.000000000000000000000000000001',
  '99999999999999999999999999999999999999',
  "'; DROP TABLE users; --",
  '../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '\u0000',
  '\u202e',
  '😀',
  '<script>alert(1)</script>',
  'a'.repeat(10_000),
  '2026-13-45',
  'null',
  '[]',
  '{}',
  null,
  true,
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  ['1', '2'],
  { $gt: '' },
  { __proto__: { admin: true } },
);

// biome-ignore lint/suspicious/noExplicitAny: JSON schema of one field
function fieldValue(schema: any): fc.Arbitrary<unknown> {
  const own: fc.Arbitrary<unknown>[] = [];
  const enums = schema?.enum ?? schema?.anyOf?.flatMap((s: { enum?: unknown[] }) => s.enum ?? []);
  if (enums?.length) own.push(fc.constantFrom(...enums));
  return fc.oneof(hostile, fc.string({ maxLength: 30 }), fc.integer().map(String), fc.double().map(String), ...own);
}

/** A body (or query) drawn from a route's object schema: any subset of its fields, maybe extra ones. */
// biome-ignore lint/suspicious/noExplicitAny: JSON schema of the body
function objectOf(properties: Record<string, any>): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(properties).map(([name, s]) => [name, fieldValue(s)]));
  return fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

const pathValue = fc.oneof(
  fc.constantFrom('0', '-1', '1', '2', '1.5', '99999999999999999999999', 'abc', '..', '%2e%2e', ' ', 'null', '1e3'),
  fc.string({ minLength: 1, maxLength: 70 }),
);

const { t, freshToken } = generatedInputApp();

/** A cheap fingerprint of the money tables: postings and entries counted, balances summed. */
async function money(): Promise<string> {
  const [row] = await queryRows(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM ledger_postings) AS postings, (SELECT count(*) FROM ledger_entries) AS entries,
        (SELECT coalesce(sum(available), 0) FROM ledger_accounts) AS available,
        (SELECT coalesce(sum(frozen), 0) FROM ledger_accounts) AS frozen`,
  );
  return JSON.stringify(row);
}

describe('generated bad input for every route', () => {
  it(`never answers 5xx and changes no money on rejection (${CASES} cases per route)`, { timeout: 240_000 }, async () => {
    const ops = operations(t.app).filter((op) => !SKIP.has(`${op.method} ${op.path}`));
    expect(ops.length).toBeGreaterThan(150);
    const failures: string[] = [];
    let requests = 0;
    const outcomes = new Map<string, number>();
    for (const op of ops) {
      const token = await freshToken(Boolean(op.consoleRoles));
      const input = fc.record({
        params: fc.tuple(...op.params.map(() => pathValue)),
        body: objectOf(op.body?.properties ?? {}),
        query: objectOf(Object.fromEntries((op.query ?? []).map((p) => [p.name, p.schema]))),
      });
      let before = await money();
      const samples = fc.sample(input, { numRuns: CASES, seed: 8_007 + requests });
      for (const sample of samples) {
        const values = Object.fromEntries(op.params.map((name, i) => [name, sample.params[i] as string]));
        const query = Object.fromEntries(
          Object.entries(sample.query).map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
        );
        const reply = await call(t.app, op.method, fillPath(op.path, values), {
          token,
          body: sample.body,
          query,
        });
        requests++;
        const outcome = reply.type === 'ok' ? 'ok' : (reply.error ?? String(reply.status));
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        const what = `${op.method} ${op.path} ${JSON.stringify(sample).slice(0, 300)}`;
        if (reply.status >= 500 || reply.error === 'internal_error') failures.push(`${reply.status} ${reply.error}: ${what}`);
        if (op.method === 'GET') continue;
        const after = await money();
        if (reply.type !== 'ok' && after !== before) failures.push(`rejected (${reply.error}) but money changed: ${what}`);
        before = after;
      }
      if (failures.length > 20) break;
    }
    console.info(`bad input: ${ops.length} routes, ${requests} requests`, Object.fromEntries(outcomes));
    // The input reaches past validation into the services: many distinct refusals, some acceptances.
    expect(outcomes.size).toBeGreaterThan(20);
    expect(outcomes.get('ok')).toBeGreaterThan(0);
    // Few requests die at the token check (those of routes that end their own session, and of public ones).
    expect(outcomes.get('not_logged_in') ?? 0).toBeLessThan(requests / 10);
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(ops.length * CASES);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('refuses text with a NUL character on every route instead of failing the insert (was a 500 on admin/bank-deposit)', async () => {
    const failures: string[] = [];
    const ops = operations(t.app).filter((op) => !SKIP.has(`${op.method} ${op.path}`));
    for (const op of ops) {
      const token = await freshToken(Boolean(op.consoleRoles));
      // Every field of the route filled with plausible text carrying a NUL, so no other field fails first.
      const body = Object.fromEntries(Object.keys(op.body?.properties ?? {}).map((name) => [name, 'a\u0000b']));
      const reply = await call(t.app, op.method, fillPath(op.path, '1'), { token, body });
      if (reply.status >= 500 || reply.error === 'internal_error') failures.push(`${op.method} ${op.path}: ${reply.status}`);
    }
    expect(failures).toEqual([]);
    const reply = await call(t.app, 'POST', '/api/admin/bank-deposit', {
      token: await freshToken(true),
      body: { enabled: '1', bank_name: 'Bank', account_name: 'A\u0000B', account_number: '123' },
    });
    expect(reply).toMatchObject({ status: 400, error: 'field_invalid' });
  });
});
