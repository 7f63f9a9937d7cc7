import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Two cores: keep forks bounded so the suite stays predictable on CI.
    pool: 'forks',
    maxWorkers: 2,
  },
});
