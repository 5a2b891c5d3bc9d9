import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

import { sharedSecrets, startApiProcess } from './api-process';
import { createScratchDatabase } from './scratch-database';
import './provided-context';

export const UI_ADMIN_EMAIL = 'ui.admin@example.com';
export const UI_ADMIN_PASSWORD = 'ui admin correct horse battery';

/**
 * The admin portal's route-level tests (`*.ui.test.tsx`) render the screens in jsdom against the real API: one API
 * process for the run, started here in Node (the server's libraries would not run inside jsdom). On the embedded
 * default it keeps its PGlite database in a temporary folder; with TEST_DATABASE_URL set (CI), in a database of its
 * own on that server. Each test arranges data of its own (unique names), so the files share nothing but the server.
 */
export default async function startUiApi(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-ui-api-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl ? await createScratchDatabase(serverUrl, 'ifu_ui') : undefined;
  const databaseUrl = database?.url;
  const api = await startApiProcess(
    {
      ...sharedSecrets(),
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: UI_ADMIN_EMAIL,
      ADMIN_PASSWORD: UI_ADMIN_PASSWORD,
      LOGIN_DELAY_MS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    { timeoutMs: 120_000 },
  );
  project.provide('uiApi', { url: api.url, dataDir, adminEmail: UI_ADMIN_EMAIL, adminPassword: UI_ADMIN_PASSWORD });

  return async () => {
    await api.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };
}
