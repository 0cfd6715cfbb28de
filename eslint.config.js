// Lint for the whole repository: typescript-eslint with type information, the import rules that keep
// server modules and web features apart (docs/decisions/015-module-boundaries.md), React's hook rules.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import meridian from './tools/eslint/boundaries.js';

const SERVER = 'apps/server/src';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'e2e/artifacts/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX, meridian },
    settings: {
      'import-x/resolver': {
        typescript: {
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        },
      },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // File cycles are dependency-cruiser's to find (npm run graph:check, .dependency-cruiser.cjs
      // no-circular): it walks the whole graph once, where this rule cost two thirds of the lint.
      // Sanitizers (file names, XML text) match control characters on purpose.
      'no-control-regex': 'off',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${SERVER}/platform`,
              from: `${SERVER}/modules`,
              message: 'platform/ is below every module: it never imports modules/.',
            },
            { target: 'packages/domain', from: 'apps', message: 'The domain package is shared by browser and server; it imports neither.' },
            {
              target: 'apps/web',
              from: 'apps/server',
              message: 'The browser never imports server code; share it through packages/domain.',
            },
            { target: 'apps/server', from: 'apps/web', message: 'The server never imports browser code.' },
          ],
        },
      ],
      'meridian/public-entry-only': 'error',
      'meridian/no-foreign-table-write': 'error',
    },
  },
  {
    // Tests read the API's JSON answers as they come (any): the assertions are their type check.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'bench/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Tests, benchmarks and the demo seed may look inside a module: they test or fill it from outside the running system.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'apps/server/src/seed/**', 'bench/**', 'e2e/**'],
    rules: { 'meridian/public-entry-only': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Days and times in the browser come from app/office-dates.ts, in the office's time zone
    // (docs/product/ui.md#dates). Tests set clocks and build instants on purpose.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'meridian/office-time-zone': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
