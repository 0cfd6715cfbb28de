import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // One server and one browser per run; journeys run one after another like users would.
    fileParallelism: false,
    // One retry for a journey that loses a race with the shared 2-core machine; a journey that fails
    // twice fails the run. custom-questions once missed its confirmation under full CI load.
    retry: 1,
    pool: 'forks',
  },
});
