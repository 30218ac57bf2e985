import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client.js';
import { consoleSecretKey } from '../src/lib/totp.js';
import { seed } from '../src/seed/seed.js';
import { TEST_ADMIN, TEST_ADMIN_TOTP_SECRET, TEST_CONSOLE_KEY } from './constants.js';
import { createPgTemplate, dropPgRun, testDbKind } from './test-database.js';

/**
 * Builds one migrated and seeded embedded database per test run and dumps it; each test file opens
 * its own in-memory copy (initdb takes seconds, loading a dump a fraction of that).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'h5-test-template-'));
  // test:pg — a PostgreSQL template database instead of a dumped PGlite one (test/test-database.ts).
  const pg = testDbKind() === 'postgres' ? await createPgTemplate() : null;
  const database = pg ? pg.database : await openDatabase({ kind: 'pglite' });
  await database.migrate();
  await seed(database.db, {
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    log: () => {},
    // operations: the test operator has two-factor sign-in, like a real super admin.
    adminTotpSecret: TEST_ADMIN_TOTP_SECRET,
    secretKey: consoleSecretKey(TEST_CONSOLE_KEY, dir),
  });
  if (pg) {
    await database.close();
    project.provide('dbTemplate', `pg:${pg.name}`);
    return async () => {
      await dropPgRun(pg.name);
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const blob = await dumpPglite(database);
  await database.close();
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('dbTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
