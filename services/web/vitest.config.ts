import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolveConditions, srcAlias } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
