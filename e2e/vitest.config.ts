import { defineConfig } from 'vitest/config';

// Browser tests share one machine of 2 cores: files run one at a time, each starting its own server.
export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
