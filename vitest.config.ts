import { defineConfig } from 'vitest/config';
import { isDriverTypeFetchFailure } from './apps/server/src/lib/driver-guard.js';

// Unit, property and API tests. Browser tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The database driver's lost type query (a test cutting connections at the wrong moment) is the
    // one unhandled rejection the server survives too (lib/driver-guard.ts); every other one fails the run.
    onUnhandledError: (error) => !isDriverTypeFetchFailure(error),
  },
});
