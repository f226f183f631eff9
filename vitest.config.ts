import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'services/api', 'services/gateway', 'services/web', 'tests'],
  },
});
