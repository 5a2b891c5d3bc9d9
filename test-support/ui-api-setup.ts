import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

import { sharedSecrets, startApiProcess } from './api-process';
import { acquireDatabaseSnapshot, TEMPLATE_SCHEMA } from './database-snapshot';
import { asSuperuser, databaseUrl } from './scratch-database';
import './provided-context';

export const UI_ADMIN_EMAIL = 'ui.admin@example.com';
export const UI_ADMIN_PASSWORD = 'ui admin correct horse battery';

/**
 * The admin portal's route-level tests (`*.ui.test.tsx`) render the screens in jsdom against the real API: one API
 * process for the run, started here in Node (the server's libraries would not run inside jsdom), over a database
 * from the run's snapshot (database-snapshot.ts, migrated once): on the embedded default a copy of the migrated PGlite
 * folder in its DATA_DIR; on a PostgreSQL server a database copied from the template. Each test arranges data of its
 * own (unique names), so the files share nothing but the server.
 */
export default async function startUiApi(project: TestProject) {
  const { snapshot, release } = await acquireDatabaseSnapshot();
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-ui-api-'));
  let databaseEnv: Record<string, string> = {};
  let dropDatabase = async () => {};
  if (snapshot.via === 'server') {
    const name = `${new URL(snapshot.url).pathname.slice(1)}_ui`;
    await asSuperuser(snapshot.url, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${snapshot.template}`));
    const url = new URL(databaseUrl(snapshot.url, name));
    url.searchParams.set('options', `-c search_path=${TEMPLATE_SCHEMA}`);
    databaseEnv = { DATABASE_URL: url.toString() };
    dropDatabase = () => asSuperuser(snapshot.url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  } else {
    // The API opens DATA_DIR/pglite: already migrated, it starts without an initdb.
    cpSync(snapshot.dataDir, join(dataDir, 'pglite'), { recursive: true });
  }
  const api = await startApiProcess(
    {
      ...sharedSecrets(),
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: UI_ADMIN_EMAIL,
      ADMIN_PASSWORD: UI_ADMIN_PASSWORD,
      LOGIN_DELAY_MS: '0',
      // Each test file's requests say an address of their own in X-Forwarded-For (admin-portal/src/testing/setup.ts),
      // so that per-address limits and one-check-per-address do not couple files that share this process.
      TRUST_PROXY: '1',
      ...databaseEnv,
    },
    { timeoutMs: 120_000 },
  );
  project.provide('uiApi', { url: api.url, dataDir, adminEmail: UI_ADMIN_EMAIL, adminPassword: UI_ADMIN_PASSWORD });

  return async () => {
    await api.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabase();
    await release();
  };
}
