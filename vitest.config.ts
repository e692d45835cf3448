import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // API suites share one database per store, so they run one file at a time.
          fileParallelism: false,
          // …in one worker that keeps its modules: importing the server afresh for each file cost
          // two minutes of the run. Files share nothing else: each builds its own apps and stores.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
});
