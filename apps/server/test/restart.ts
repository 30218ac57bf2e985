import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { verifyLedger } from '../src/ledger/verify.js';
import type { TestApp } from './test-app.js';
import { reopenTestDatabase } from './test-database.js';

export type Restarted = { app: FastifyInstance; database: Database };

/**
 * Server restarts for a file's tests: `restart(t)` stops the test app, reopens its data as a new process
 * would (test-database.ts) and starts a new app on it with the default config and `config`. After the
 * file's tests the restarted app is closed and the ledger it leaves must balance.
 */
export function serverRestarts(): (t: TestApp, config?: Partial<Config>) => Promise<Restarted> {
  let reopened: Restarted | undefined;
  afterAll(async () => {
    if (!reopened) return;
    // Stopped first, so nothing the app runs in the background writes while the ledger is read.
    await reopened.app.close();
    expect(await verifyLedger(reopened.database.db)).toEqual([]);
    await reopened.database.close();
  });
  return async (t, config = {}) => {
    await t.app.close();
    const database = await reopenTestDatabase(t.database);
    rmSync(t.app.config.dataDir, { recursive: true, force: true });
    const app = await buildApp({
      config: { ...loadConfig({}), serveStatic: false, logLevel: 'silent', ...config },
      database,
      logger: false,
    });
    await app.ready();
    reopened = { app, database };
    return reopened;
  };
}
