import { afterAll, beforeAll, expect } from 'vitest';
import { verifyLedger } from '../src/ledger/verify.js';
import { createTestApp, type TestApp } from './test-app.js';

export type FileAppOptions = {
  /** How the app is made (default: a fresh test app with the default config). */
  open?: () => Promise<TestApp>;
  /** Before the app closes, every ledger entry the file's tests posted must still balance. */
  checkLedger?: boolean;
  /** The opening hook's timeout (ms), for files whose app takes long to start. */
  timeout?: number;
};

/**
 * The one app every test in a file shares: opened before the first test, closed after the last.
 * It stands in for the opened app, so tests and later hooks use it as they would the app itself;
 * a file's own beforeAll hooks run after it has opened.
 */
export function appForFile(options: FileAppOptions = {}): TestApp {
  const { open = () => createTestApp(), checkLedger = false, timeout } = options;
  let opened: TestApp | undefined;
  const current = (): TestApp => {
    if (!opened) throw new Error('the file app opens in beforeAll: use it inside hooks and tests');
    return opened;
  };
  beforeAll(async () => {
    opened = await open();
  }, timeout);
  afterAll(async () => {
    if (!opened) return;
    if (checkLedger) expect(await verifyLedger(opened.database.db)).toEqual([]);
    await opened.close();
  });
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    post: (path, body, opts) => current().post(path, body, opts),
    get: (path, opts) => current().get(path, opts),
    close: () => current().close(),
  };
}
