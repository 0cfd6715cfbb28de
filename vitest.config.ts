import { defineConfig } from 'vitest/config';

// Two projects: `unit` (the domain rules and the web app's parts: no database, seconds) and `api`
// (the server against a real PostgreSQL: one per run, a fresh database per test file). Component
// tests (*.test.tsx) ask for happy-dom in their first line: jsdom 27+ needs Node 22, and the
// project still runs on Node 20.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: argon2 and PostgreSQL share them with the tests.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'tools/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
    ],
  },
});
