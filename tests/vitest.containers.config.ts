import { defineConfig } from 'vitest/config';

// docker-compose.yml on a container engine: both images built, the stack started, checked through
// nginx, scaled, its API killed (`npm run test:containers`; decision 074).
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    name: 'containers',
    include: ['containers/**/*.test.ts'],
    testTimeout: 10 * 60_000,
    // The first build of the API image takes 5-11 min on two busy cores.
    hookTimeout: 60 * 60_000,
    fileParallelism: false,
    // Progress of the build and start is printed as it happens.
    disableConsoleIntercept: true,
  },
});
