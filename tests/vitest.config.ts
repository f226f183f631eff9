import { defineProject } from 'vitest/config';

// Cross-service suites that run the real API and gateway in-process (no build needed).
export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'integration',
    environment: 'node',
    include: ['integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
