import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { URL } from 'node:url';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  // API layering (decision 026): tables are the lowest layer, and every error factory lives in errors.ts.
  {
    files: ['services/api/src/modules/*/tables.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\.?/(?!(?:[a-z-]+/)?tables\\.js$)', message: 'A tables file imports only other tables files.' }] },
      ],
    },
  },
  {
    files: ['services/api/src/**/*.ts'],
    ignores: ['services/api/src/errors.ts', 'services/api/src/**/*.test.ts', 'services/api/src/test/**'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='AppError']", message: 'Add an error factory to src/errors.ts and throw that.' }],
    },
  },
  // The consumer landing's own bundle (decision 042): the server renderer, its enhancement script and the views
  // it draws import no console code — no layout, router, API client, session or SWR.
  {
    files: ['services/web/src/landing/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.fixtures.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'swr', message: 'The landing reads its data from the page the server rendered.' },
            { name: 'react-router-dom', message: 'The landing is not routed by the console; links are plain anchors.' },
          ],
          patterns: [
            { regex: '^@/app/', message: 'The landing imports no console shell.' },
            { regex: '^@/features/', message: 'The landing imports no console feature; the console\'s features may import the landing\'s views.' },
            // The maps (decision 081) are drawings with no console state: the landing and the console share them.
            { regex: '^@/lib/(?!fonts$|public-api$|map/)', message: 'The landing imports no console library (API client, session, i18n).' },
            { regex: '^@/components/(?!icons$|journey-map$)', message: 'The landing imports no console component but the icon set and the journey map.' },
          ],
        },
      ],
    },
  },
  // The console's features stand side by side: one imports no other (what two need lives in @/lib or
  // @/components), so a feature can be changed, lazily loaded or removed on its own.
  ...readdirSync(new URL('./services/web/src/features/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      files: [`services/web/src/features/${name}/**/*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [{ regex: `^@/features/(?!${name}/)`, message: 'A feature imports no other feature: move what both need to @/lib or @/components.' }] },
        ],
      },
    })),
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    files: ['**/*.mjs', 'scripts/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' } },
  },
);
