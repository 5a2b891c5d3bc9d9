import type { TestProject } from 'vitest/node';

import { contractServerFor, POSTGRES_IMAGE, startPostgresContainer } from './contract-servers';
import './provided-context';
import { createScratchDatabase } from './scratch-database';

/**
 * The database of the database (int) tests, the PostgreSQL contract suite among them (contract-servers.ts): where a
 * Docker engine is reachable, a PostgreSQL 15 server started through testcontainers for this run; otherwise, with
 * TEST_DATABASE_URL set (CI), a database of its own created on that server and dropped afterwards; otherwise embedded
 * PGlite, and this does nothing.
 */
export default async function setup(project: TestProject) {
  const choice = await contractServerFor('TEST_DATABASE_URL');
  if (choice.via === 'embedded' || choice.via === 'skip') {
    project.provide('testDatabaseUrl', undefined);
    console.log('[tests] TEST_DATABASE_URL is not set and no Docker engine is reachable: database tests run on embedded PGlite');
    return;
  }
  const container = choice.via === 'testcontainers' ? await startPostgresContainer() : undefined;
  const serverUrl = container?.url ?? (choice as { url: string }).url;
  const { name, url, drop } = await createScratchDatabase(serverUrl, 'ifu_test');
  project.provide('testDatabaseUrl', url);
  console.log(`[tests] database tests run on real PostgreSQL (${container ? `${POSTGRES_IMAGE} through testcontainers` : 'TEST_DATABASE_URL'}), database ${name}`);

  return async () => {
    if (container) return container.stop();
    await drop();
  };
}
