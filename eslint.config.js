import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

import { adminPortalBoundaries } from './admin-portal/boundaries.js';
import { customerPortalBoundaries } from './customer-portal/boundaries.js';
import { servicesBoundaries } from './services/boundaries.js';

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
  ...customerPortalBoundaries(),
  ...servicesBoundaries(),
  {
    // No import cycles between modules of the product's code: in a cycle a module's values depend on which side loads
    // first. Type-only imports are not followed (they are gone once compiled); services/boundaries.js also refuses
    // cycles between the API's feature folders, types included.
    files: ['services/src/**/*.ts', 'projections/src/**/*.ts', 'admin-portal/src/**/*.{ts,tsx}', 'customer-portal/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // The TypeScript resolver reads the admin portal's `@/` alias from its tsconfig files.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['admin-portal/tsconfig.json', 'admin-portal/tsconfig.test.json', 'customer-portal/tsconfig.json', 'services/tsconfig.json', 'projections/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // `.every()` is true on an empty list and `.some()` false, so `expect(rows.every(…)).toBe(true)` also passes when
    // a query found nothing at all. test-support/list-expectations.ts says what is meant and checks the length.
    files: ['**/*.test.ts', '**/*.test.tsx'],
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
