import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

const exclude = ['**/node_modules/**', '**/dist/**', 'data/**'];

export default defineConfig({
  test: {
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
          // One file at a time, after the other projects (a group of its own: its maxWorkers differs).
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
          // Each file starts a product of its own (API, portals, Chromium) on free ports: two files run at once (vitest's
          // default is the cores less one: one at a time on the 2-core machines), after the other projects (a group of
          // its own: its maxWorkers differs).
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
