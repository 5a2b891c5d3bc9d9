import type { TestProject } from 'vitest/node';

import { acquireDatabaseSnapshot } from './database-snapshot';
import './provided-context';

/**
 * The database of the database (int) and browser tests: the run's snapshot (database-snapshot.ts), migrated once, from
 * which each test file's database is made (test-database.ts). On a PostgreSQL server (Docker's testcontainers, or
 * TEST_DATABASE_URL) a template database; otherwise embedded PGlite from a migrated data directory.
 */
export default async function setup(project: TestProject) {
  const { snapshot, release } = await acquireDatabaseSnapshot();
  project.provide('testDatabaseUrl', snapshot.via === 'server' ? snapshot.url : undefined);
  project.provide('testDatabaseTemplate', snapshot.via === 'server' ? snapshot.template : undefined);
  project.provide('embeddedSnapshotTarball', snapshot.via === 'embedded' ? snapshot.tarball : undefined);
  return release;
}
