import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { newSkipLogPath, SKIP_LOG_VARIABLE } from './test-support/machine-needs';

const exclude = ['**/node_modules/**', '**/dist/**', 'data/**'];

// Where the groups skipped for a missing need are recorded, for the closing summary (skip-summary-reporter.ts).
process.env[SKIP_LOG_VARIABLE] ??= newSkipLogPath();

export default defineConfig({
  test: {
    // The unit, int, ui and browser files run side by side in one pool: a file waits mostly on a database, a browser
    // or another process, so one worker more than the cores keeps them busy (vitest's default is one fewer: a single
    // worker on a 2-core machine). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Math.min(8, availableParallelism() + 1),
    reporters: ['default', './test-support/skip-summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
          exclude,
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude,
          globalSetup: ['test-support/global-database-setup.ts'],
          // One embedded database per worker, shared by the files it runs (PGlite takes seconds to open);
          // each file works in its own schema.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The production shape (issue 21): several processes, nginx, a replica, on a real PostgreSQL server
          // (TEST_DATABASE_URL); each file creates databases of its own. Without a server they skip and say why.
          name: 'production',
          include: ['**/*.prod.test.ts'],
          exclude,
          fileParallelism: false,
          // One file at a time, after the other projects: they start processes and bound a take-over in seconds.
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        // The admin portal's route-level tests: screens rendered in jsdom with Testing Library, acting as a person,
        // against one real API process (test-support/ui-api-setup.ts). Seconds, where the browser suite takes minutes.
        resolve: { alias: { '@': resolve(import.meta.dirname, 'admin-portal/src') } },
        test: {
          name: 'ui',
          include: ['admin-portal/**/*.ui.test.tsx'],
          exclude,
          environment: 'jsdom',
          globalSetup: ['test-support/ui-api-setup.ts'],
          setupFiles: ['admin-portal/src/testing/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['test-support/global-database-setup.ts', 'test-support/global-portal-build.ts'],
          // Each file starts a product of its own (API and portals on free ports); the worker's Chromium is shared.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
