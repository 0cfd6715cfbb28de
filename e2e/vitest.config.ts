import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    // Each page state a journey visits is checked by axe at two sizes (e2e/a11y.ts): a few seconds a state.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // One server and one browser per run; journeys run one after another like users would.
    fileParallelism: false,
    // No retries: a journey waits for what its user would see (a message, a button coming back, the
    // network response), so a slow machine makes it slower, not red. A failure is a finding.
    retry: 0,
    pool: 'forks',
  },
});
