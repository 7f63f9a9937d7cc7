import { defineConfig } from 'vitest/config';

/**
 * Browser tests (`npm run test:e2e`): Node drives Debian's Chromium through playwright-core. One file at a time
 * and one worker: two Chromium processes on two cores make timings and timeouts flaky.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
  },
});
