import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['source'] },
  test: {
    name: 'gateway',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['src/test/global-setup.ts'],
    // The upload test measures memory still held after a collection, not garbage.
    execArgv: ['--expose-gc'],
  },
});
