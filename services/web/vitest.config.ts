import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { resolveConditions, srcAlias } from './vite.config.ts';
import { localeParts } from './vite-locale-parts.ts';

export default defineProject({
  plugins: [react(), localeParts()],
  resolve: { conditions: resolveConditions, alias: srcAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    testTimeout: 20_000,
  },
});
