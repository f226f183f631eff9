import { defineConfig } from 'vitest/config';

// Browser tests against the built system, started once as real processes.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'e2e',
    include: ['e2e/**/*.test.ts'],
    globalSetup: ['./support/system.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
