import { defineConfig } from 'vitest/config';

// Four suites (ARCHITECTURE.md §8). api runs against PGlite, and against a PostgreSQL server too when
// DATABASE_URL is set; e2e drives Debian's Chromium against the built client and a real server.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', root: '.', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'model', root: '.', include: ['tests/model/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          root: '.',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/pglite-snapshots.ts'],
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
