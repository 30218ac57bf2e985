import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpPglite, openDatabase } from '../src/db/client.js';
import { createPgTemplate, dropPgRun, seedTestDatabase, testDbKind } from './test-database.js';

/**
 * Builds one migrated and seeded embedded database per test run and dumps it; each test file opens
 * its own in-memory copy (initdb takes seconds, loading a dump a fraction of that).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'h5-test-template-'));
  // test:pg — a PostgreSQL template database instead of a dumped PGlite one (test/test-database.ts).
  const pg = testDbKind() === 'postgres' ? await createPgTemplate() : null;
  const database = pg ? pg.database : await openDatabase({ kind: 'pglite' });
  await seedTestDatabase(database, dir);
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
