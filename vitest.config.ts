import { defineConfig } from 'vitest/config';

// Unit, property and API tests. Browser tests have their own config (e2e/vitest.config.ts).
export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
