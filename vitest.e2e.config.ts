import { defineConfig } from 'vitest/config';

/** Browser journeys: one real server for the run (fresh embedded database), Chromium per file. */
export default defineConfig({
  test: {
    include: [process.env.E2E_ONLY ?? 'tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    reporters: ['default', './tests/support/count-reporter.ts'],
  },
});
