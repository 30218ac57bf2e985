import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { users } from '../db/schema.js';
import { envelopePlugin } from '../plugins/envelope.js';
import { loggerOptions, logSafeError, statementName } from './log-safe-error.js';

const SECRET = 'hunter2-user-typed-this';

const t = appForFile();
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  const db = t.database.db;
  await db.execute(sql`CREATE TABLE log_probe (v text UNIQUE)`);
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // The app's own logger options, writing to memory.
  app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  await app.register(envelopePlugin);
  // A request whose input reaches a failing statement: an id that is no integer, a duplicate value.
  app.post<{ Body: { id: string; v: string } }>('/probe', async (request) => {
    if (request.body.id)
      await db
        .select()
        .from(users)
        .where(eq(users.id, request.body.id as unknown as number));
    await db.execute(sql`INSERT INTO log_probe (v) VALUES (${request.body.v})`);
    await db.execute(sql`INSERT INTO log_probe (v) VALUES (${request.body.v})`);
    return 'unreachable';
  });
  app.get('/plain', async () => {
    app.log.error(await db.execute(sql`SELECT ${SECRET}::int`).catch((e: unknown) => e));
    return 'logged';
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('error logs carry a code and the statement, not SQL with user input', () => {
  it('logs a failed select by SQLSTATE and statement name', async () => {
    lines.length = 0;
    const res = await app.inject({ method: 'POST', url: '/probe', payload: { id: SECRET, v: 'x' } });
    expect(res.json()).toMatchObject({ type: 'error', error: 'internal_error' });
    const log = lines.join('');
    expect(log).toContain('"code":"22P02"');
    expect(log).toContain('"statement":"select users"');
    expect(log).not.toContain(SECRET);
    expect(log).not.toMatch(/Failed query|params:/);
  });

  it('logs a unique violation by constraint, without the duplicate value', async () => {
    lines.length = 0;
    await app.inject({ method: 'POST', url: '/probe', payload: { id: '', v: SECRET } });
    const log = lines.join('');
    expect(log).toContain('"code":"23505"');
    expect(log).toContain('"statement":"insert log_probe"');
    expect(log).toContain('"constraint":"log_probe_v_key"');
    expect(log).not.toContain(SECRET);
  });

  it('gives a database error logged on its own a fixed message instead of its text', async () => {
    lines.length = 0;
    await app.inject({ method: 'GET', url: '/plain' });
    const log = lines.join('');
    expect(log).toContain('"msg":"database error"');
    expect(log).not.toContain(SECRET);
  });

  it('keeps type, message and stack of other errors', () => {
    const logged = logSafeError(new TypeError('x is not a function'));
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(logged.stack).toContain('x is not a function');
  });

  it('names statements from keywords and identifiers only', () => {
    expect(statementName('insert into "outbox" ("channel") values ($1)')).toBe('insert outbox');
    expect(statementName('update "users" set "email" = $1')).toBe('update users');
    expect(statementName('delete from "sessions" where id = $1')).toBe('delete sessions');
    expect(statementName('select "id", "email" from "users" where "users"."id" = $1')).toBe('select users');
    expect(statementName(`WITH x AS (SELECT 1) SELECT 'secret'`)).toBe('with');
  });
});
