import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'api',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The demo database is seeded once per run and copied per test app.
    globalSetup: ['src/test/global-setup.ts'],
    // Each test file's worker starts its own PGlite: V8's optimising compiler would spend more on
    // the large WebAssembly module than such a short-lived process ever wins back.
    execArgv: ['--liftoff-only'],
    // One module graph per worker: every test builds its own app on its own database copy (decision 067).
    isolate: false,
  },
});
