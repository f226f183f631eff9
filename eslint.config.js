import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/db/migrations/**'] },
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
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } } },
  {
    files: ['**/*.mjs', 'scripts/**', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' } },
  },
);
