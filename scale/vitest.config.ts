import { defineConfig } from 'vitest/config';

// Scale-out tests: several built server processes on one PostgreSQL and one Redis. Files run
// one at a time on the shared 2-core machine, each starting (and always stopping) its own cluster.
export default defineConfig({
  resolve: { conditions: ['development'] },
  ssr: { resolve: { conditions: ['development'] } },
  test: {
    include: ['scale/tests/**/*.scale.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 150_000,
  },
});
