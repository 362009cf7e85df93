import { defineConfig } from 'vitest/config';

// Five suites (ARCHITECTURE.md §8). api runs against PGlite, and against a PostgreSQL server too when
// DATABASE_URL is set; scale runs two servers behind HAProxy on that server; e2e drives Debian's Chromium against the built client and a real server.
export default defineConfig({
  test: {
    projects: [
      // A worker's unit and model files share its modules, as the API's do: a fresh module graph per
      // file spent two thirds of the phase importing the same machines and catalogue again. No file
      // keeps state between files; the one that watches how schemas are built loads them afresh.
      {
        test: {
          name: 'unit',
          root: '.',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'model',
          root: '.',
          include: ['tests/model/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
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
        // Two real servers behind HAProxy on the PostgreSQL server of DATABASE_URL (docs/deployment.md).
        test: {
          name: 'scale',
          root: '.',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One server per worker (global-setup.ts): a browser test waits on the page as much as it
          // computes, so `npm test` runs two side by side (E2E_WORKERS=2); one by hand is enough.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
          // A worker's files share one process, as the API's do: a fresh one per file spent about two
          // seconds a file importing Playwright and the helpers again, beside the browser on two cores.
          // No helper keeps state between files but the worker's Chromium (tests/e2e/browser.ts), in which
          // each test opens browser contexts of its own.
          isolate: false,
          // A page answers within a second on a quiet machine; on a busy 2-core one a search, a save or a
          // render can take several, and a poll that gives up after the default second fails for nothing.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
