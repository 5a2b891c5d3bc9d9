import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import './provided-context';

/**
 * With TEST_DATABASE_URL set (CI), each run creates its own database on that server and drops it afterwards.
 * Without it, tests use embedded PGlite and this does nothing.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide('testDatabaseUrl', undefined);
    console.log('[tests] TEST_DATABASE_URL is not set: database tests run on embedded PGlite');
    return;
  }
  const name = `ifu_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  project.provide('testDatabaseUrl', url.toString());
  console.log(`[tests] database tests run on real PostgreSQL, database ${name}`);

  return async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
}
