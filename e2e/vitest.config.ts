import { defineConfig } from 'vitest/config';

// Browser tests share one machine of 2 cores: files run one at a time, each starting its own server.
export default defineConfig({
  test: {
    include: ['e2e/tests/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    // A suite's set-up starts a server and waits for the market feed: minutes when the machine is busy.
    hookTimeout: 480_000,
    // A page on that busy machine can take seconds to redraw after a click: expect.poll's 1 s default
    // turns that into flaky failures, so polls wait up to 10 s unless a test says otherwise.
    expect: { poll: { timeout: 10_000 } },
  },
});
