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
    // The API's demo database, seeded once per run and copied by every startStack() (as in the API project).
    globalSetup: ['../services/api/src/test/global-setup.ts'],
    execArgv: ['--liftoff-only'],
    // One module graph per worker: every test builds its own app on its own database copy (decision 067).
    isolate: false,
  },
});
