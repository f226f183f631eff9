import { defineConfig } from 'vitest/config';

// The production topology as processes: API on PostgreSQL, two gateways on Redis, nginx in front.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'topology',
    include: ['topology/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
