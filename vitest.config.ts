import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'services/api', 'services/gateway', 'services/web', 'tests'],
    // One test file per core, not vitest's one fewer: an API test file spends much of its time
    // waiting for PostgreSQL, and on two cores the default would run one file at a time
    // (docs/decisions/067-fast-tests-on-a-fresh-clone.md).
    maxWorkers: availableParallelism(),
  },
});
