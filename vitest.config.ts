import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The API files wait on spawned processes, timers and sockets much of the time, so three
    // files at once keep two cores busy (vitest 380 → 255 s here). Each file has its own stores.
    maxWorkers: 3,
    // Every run shuffles files and tests (the seed is printed; --sequence.seed=<n> repeats an
    // order). Set here, not with --sequence.shuffle: a CLI sequence option replaces the projects'
    // groupOrder below, and the unit files then interleave with the API files.
    sequence: { shuffle: true },
    projects: [
      // Some unit tests run pure-JavaScript cryptography for seconds; beside API files they can
      // take several times as long, which is no failure.
      // The unit files run first, as a group of their own: a worker keeps its API modules for the
      // next file only when the next file queued is an API file, and unit files shuffled in among
      // them made 27 of 88 API files import the server afresh (import 130 → 40 s, vitest 283–310
      // → 235 s).
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 30_000, sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // A worker keeps its modules from file to file: importing the server afresh for each
          // file cost two minutes of the run. Files share nothing else: each builds its own apps
          // and stores (a temporary SQLite file, a PostgreSQL schema of its own).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/api/global-setup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
