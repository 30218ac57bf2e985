import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { type Database, dumpPglite, openDatabase } from '../src/db/client.js';
import { consoleSecretKey } from '../src/lib/totp.js';
import { seed } from '../src/seed/seed.js';
import { TEST_ADMIN, TEST_ADMIN_TOTP_SECRET, TEST_CONSOLE_KEY } from './constants.js';

/**
 * The database each test file runs on. By default an in-memory PGlite loaded from a dumped template;
 * with TEST_DB=pg (`npm run test:pg`) a PostgreSQL database cloned from a template database with
 * `CREATE DATABASE … TEMPLATE`, so the same API tests prove the same behaviour on the server the
 * scale-out mode runs on — including real concurrent connections, which PGlite never has.
 *
 * TEST_PG_URL names the PostgreSQL server's maintenance database (default
 * postgres://postgres@127.0.0.1:5432/test); every database made here is dropped when its test ends.
 */
export const testDbKind = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'pg' ? 'postgres' : 'pglite');

const adminUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Databases made by this run share a prefix, so a run never touches another run's databases. */
const PREFIX = 'h5t_';

function urlFor(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A fresh, empty PostgreSQL database to migrate and seed as the run's template. */
export async function createPgTemplate(): Promise<{ name: string; database: Database }> {
  const name = `${PREFIX}tpl_${randomBytes(4).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`CREATE DATABASE ${name}`));
  return { name, database: await openDatabase({ kind: 'postgres', url: urlFor(name) }) };
}

/**
 * Migrates and seeds a database as every test starts from: the test operator, with two-factor sign-in
 * like a real super admin. `keyDir` is where the console secret key is kept.
 */
export async function seedTestDatabase(database: Database, keyDir: string): Promise<void> {
  await database.migrate();
  await seed(database.db, {
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    log: () => {},
    adminTotpSecret: TEST_ADMIN_TOTP_SECRET,
    secretKey: consoleSecretKey(TEST_CONSOLE_KEY, keyDir),
  });
}

/** A fresh PostgreSQL database, seeded as the test template is, for tests that run several nodes on one. */
export async function seededPgDatabase(keyDir: string): Promise<{ name: string; url: string }> {
  const { name, database } = await createPgTemplate();
  await seedTestDatabase(database, keyDir);
  await database.close();
  return { name, url: urlFor(name) };
}

export async function dropPgDatabase(name: string): Promise<void> {
  await withAdmin((sql) => sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** Drops a run's template and every copy made from it (`<template>_…`), closed or not. */
export async function dropPgRun(template: string): Promise<void> {
  await withAdmin(async (sql) => {
    const copies = await sql<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE ${`${template.replaceAll('_', '\\_')}\\_%`}`;
    for (const { datname } of copies) await sql.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await sql.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  });
}

/**
 * Opens the test file's own copy of the template: `template` is what global-setup provided — a dump
 * file for PGlite, `pg:<database>` for PostgreSQL. Closing a PostgreSQL copy drops it.
 */
export async function openTestDatabase(template: string): Promise<Database> {
  if (!template.startsWith('pg:')) {
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([readFileSync(template)]) });
  }
  // Named after the run's template, so the run's teardown finds any copy a failed test left open.
  const name = `${template.slice(3)}_${randomBytes(6).toString('hex')}`;
  await withAdmin((sql) => sql.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template.slice(3)}`));
  return openPgCopy(name);
}

/** The PostgreSQL database behind each open test copy, so a "restart" can reopen it (below). */
const pgCopies = new WeakMap<Database, { name: string; disconnect: () => Promise<void> }>();

async function openPgCopy(name: string): Promise<Database> {
  const database = await openDatabase({ kind: 'postgres', url: urlFor(name) });
  const copy: Database = {
    ...database,
    close: async () => {
      await database.close();
      await dropPgDatabase(name);
    },
  };
  pgCopies.set(copy, { name, disconnect: database.close });
  return copy;
}

/** The URL of an open PostgreSQL test copy (as the maintenance URL's user), for a second connection. */
export function pgUrlOf(database: Database): string | undefined {
  const pg = pgCopies.get(database);
  return pg ? urlFor(pg.name) : undefined;
}

/**
 * A server restart for the restart tests: closes this test database and opens the same data again,
 * as a new process would. PGlite (in memory) is dumped and loaded back; a PostgreSQL copy is simply
 * disconnected and reconnected — its data stays on the server. The returned database replaces the
 * given one (close it instead; a PostgreSQL copy is dropped then).
 */
export async function reopenTestDatabase(database: Database): Promise<Database> {
  const pg = pgCopies.get(database);
  if (pg) {
    await pg.disconnect();
    return openPgCopy(pg.name);
  }
  const dump = await dumpPglite(database);
  await database.close();
  return openDatabase({ kind: 'pglite', loadDataDir: dump });
}
