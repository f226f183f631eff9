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
    // styled-components adds its rules with insertRule, as in the production build, rather than as
    // text that jsdom parses again with each rule added (about a quarter of the project's time).
    env: { SC_DISABLE_SPEEDY: 'false' },
    testTimeout: 20_000,
  },
});
