import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminToken, createTestApp, registerEmailUser, type TestApp } from '../../test/test-app.js';
import { openTestDatabase, pgUrlOf } from '../../test/test-database.js';
import { loadConfig } from '../config.js';
import { assertUnprivileged, migrateForServing } from './app-role.js';
import { type Database, openDatabase } from './client.js';

describe('a production start on PostgreSQL', () => {
  const providers = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.test',
    SMS_ACCOUNT_SID: 'AC0000',
    SMS_AUTH_TOKEN: 'token',
    SMS_FROM: '+15550000000',
  };

  it('is refused without a separate owner for the migrations, naming the setting', () => {
    expect(() => loadConfig({ ...providers, DATABASE_URL: 'postgres://app@db/x' })).toThrow(/MIGRATE_DATABASE_URL/);
    expect(
      loadConfig({ ...providers, DATABASE_URL: 'postgres://app@db/x', MIGRATE_DATABASE_URL: 'postgres://owner@db/x' })
        .migrateDatabaseUrl,
    ).toBe('postgres://owner@db/x');
    // The embedded database has no roles; development keeps the one-role setup.
    expect(loadConfig(providers).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db/x' }).migrateDatabaseUrl).toBeUndefined();
  });
});

/**
 * PostgreSQL only (`npm run test:pg`): the server migrated as the owner and served as a role that owns
 * no table. As that role the app works, and the audit log cannot be rewritten: no ALTER (disabling its
 * triggers included), no UPDATE, DELETE or TRUNCATE, no moving the chain's head.
 */
describe.skipIf(process.env.TEST_DB !== 'pg')('serving as a role that owns no table', () => {
  const role = `h5t_app_${randomBytes(4).toString('hex')}`;
  const ownerRole = `h5t_own_${randomBytes(4).toString('hex')}`;
  let owner: Database;
  let ownerUrl: string;
  let appUrl: string;
  let app: postgres.Sql;
  let t: TestApp;
  const maintenance = () =>
    postgres(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test', { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    owner = await openTestDatabase(inject('dbTemplate'));
    ownerUrl = pgUrlOf(owner)!;
    const admin = maintenance();
    await admin.unsafe(`CREATE ROLE ${role} LOGIN`);
    await admin.unsafe(`CREATE ROLE ${ownerRole} LOGIN`);
    await admin.end();
    const url = new URL(ownerUrl);
    url.username = role;
    appUrl = url.toString();
    const served = await openDatabase({ kind: 'postgres', url: appUrl });
    // What the server does at start with DATABASE_URL and MIGRATE_DATABASE_URL both set.
    await migrateForServing({ databaseUrl: appUrl, migrateDatabaseUrl: ownerUrl }, served);
    t = await createTestApp({}, undefined, undefined, served);
    app = postgres(appUrl, { max: 1, onnotice: () => {} });
  });

  afterAll(async () => {
    await app?.end();
    await t?.close();
    await owner?.close();
    const admin = maintenance();
    await admin.unsafe(`DROP ROLE IF EXISTS ${role}`);
    await admin.unsafe(`DROP ROLE IF EXISTS ${ownerRole}`);
    await admin.end();
  });

  it('serves users and operators, and writes a chained audit row', async () => {
    expect((await app`SELECT current_user AS who`)[0]!.who).toBe(role);
    const user = await registerEmailUser(t);
    expect((await t.get('user/center', { token: user.token })).type).toBe('ok');
    const token = await adminToken(t);
    const run = await t.post('admin/proof/run', {}, { token });
    expect(run.type, JSON.stringify(run)).toBe('ok');
    const rows = await app`SELECT action, chain_seq, hash FROM audit_log WHERE action = 'proof.run'`;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    // The role may add a row (chained by the owner's trigger), never pick its place.
    await app`INSERT INTO audit_log (action, chain_seq) VALUES ('test.by_app_role', 1)`;
    const check = await t.get('admin/audit/verify', { token });
    expect(check.message).toMatchObject({ sound: true, faults: [] });
  });

  it.each([
    ['disable the append-only trigger', 'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete'],
    ['disable every trigger', 'ALTER TABLE audit_log DISABLE TRIGGER ALL'],
    ['drop the chain trigger', 'DROP TRIGGER audit_log_chain ON audit_log'],
    ['update a row', "UPDATE audit_log SET action = 'rewritten'"],
    ['delete a row', 'DELETE FROM audit_log'],
    ['truncate the log', 'TRUNCATE audit_log'],
    ['move the head', 'UPDATE audit_chain_head SET seq = 0'],
    [
      'replace the hash function',
      "CREATE OR REPLACE FUNCTION audit_chain_field(value text) RETURNS text LANGUAGE sql AS $$ SELECT '' $$",
    ],
    ['skip triggers for the session', 'SET session_replication_role = replica'],
    ['drop the table', 'DROP TABLE audit_log'],
  ])('refuses to %s', async (_what, statement) => {
    await expect(app.unsafe(statement)).rejects.toThrow(/must be owner|permission denied/);
  });

  it('leaves the log as it was', async () => {
    const token = await adminToken(t);
    expect((await t.get('admin/audit/verify', { token })).message.sound).toBe(true);
    expect((await app`SELECT count(*)::int AS n FROM audit_log WHERE action = 'rewritten'`)[0]!.n).toBe(0);
  });

  it('will not serve as a superuser or as a role that owns a table', async () => {
    const superuser = await openDatabase({ kind: 'postgres', url: ownerUrl, max: 1 });
    try {
      await expect(assertUnprivileged(superuser.db, new URL(ownerUrl).username)).rejects.toThrow(/superuser/);
    } finally {
      await superuser.close();
    }
    const admin = postgres(ownerUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE TABLE owned_by_app_${ownerRole} (id int)`);
    await admin.unsafe(`ALTER TABLE owned_by_app_${ownerRole} OWNER TO ${ownerRole}`);
    await admin.end();
    const url = new URL(ownerUrl);
    url.username = ownerRole;
    const owning = await openDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
    try {
      await expect(migrateForServing({ databaseUrl: url.toString(), migrateDatabaseUrl: ownerUrl }, owning)).rejects.toThrow(
        /owns 1 table/,
      );
    } finally {
      await owning.close();
    }
  });
});
