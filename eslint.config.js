import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

import { adminPortalBoundaries } from './admin-portal/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['admin-portal/**/*.{ts,tsx}', 'customer-portal/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  ...adminPortalBoundaries(),
  {
    // `.every()` is true on an empty list and `.some()` false, so `expect(rows.every(…)).toBe(true)` also passes when
    // a query found nothing at all. test-support/list-expectations.ts says what is meant and checks the length.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    // Its three places in services/src/documents/ are converted as that folder is reorganised.
    ignores: ['services/src/documents/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='expect'] > CallExpression.arguments[callee.property.name=/^(every|some)$/]",
          message:
            'An empty list passes .every() (and fails .some()) whatever it should hold: use expectEvery, expectSome or expectNone from test-support/list-expectations.ts.',
        },
      ],
    },
  },
);
