import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { newSkipLogPath, SKIP_LOG_VARIABLE } from './test-support/machine-needs';

const exclude = ['**/node_modules/**', '**/dist/**', 'data/**'];

/**
 * Workers: the unit, int and ui files, which mostly compute (the embedded database runs in the worker), one per core;
 * then the browser files, which mostly wait on Chromium and the API, one more than the cores. Measured on the 2-core
 * machine (docs/testing.md): running both kinds side by side, or the int files three at a time, cost more than it
 * saved. vitest's default is one fewer than the cores: a single worker there. VITEST_MAX_WORKERS overrides both.
 */
const cores = availableParallelism();
const computeWorkers = Math.min(8, cores);
const browserWorkers = Math.min(8, cores + 1);

// Where the groups skipped for a missing need are recorded, for the closing summary (skip-summary-reporter.ts).
process.env[SKIP_LOG_VARIABLE] ??= newSkipLogPath();

export default defineConfig({
  test: {
    reporters: ['default', './test-support/skip-summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          maxWorkers: computeWorkers,
          include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
          exclude,
        },
      },
      {
        test: {
          name: 'int',
          maxWorkers: computeWorkers,
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
          // The production shape: several processes, nginx, a replica, on a real PostgreSQL server
          // (TEST_DATABASE_URL); each file creates databases of its own. Without a server they skip and say why.
          name: 'production',
          include: ['**/*.prod.test.ts'],
          exclude,
          fileParallelism: false,
          // One file at a time, after the other projects: they start processes and bound a take-over in seconds.
          sequence: { groupOrder: 2 },
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
          maxWorkers: computeWorkers,
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
          maxWorkers: browserWorkers,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
