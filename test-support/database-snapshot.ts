import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { migrate } from '../services/storage/src/database/migrations';
import { openPostgres } from '../services/storage/src/database/postgres';
import { wrapPglite } from '../services/storage/src/database/pglite';
import { allMigrations } from '../services/src/features';
import { contractServerFor, POSTGRES_IMAGE, startPostgresContainer } from './contract-servers';
import { asSuperuser, createScratchDatabase, databaseUrl } from './scratch-database';

/** The schema the test databases made from the server's template keep their tables in. */
export const TEMPLATE_SCHEMA = 'app';

/**
 * The database the tests of one run start from, migrated once for the run:
 * - on a PostgreSQL server (Docker's testcontainers, or TEST_DATABASE_URL): a run database (`url`: the connection
 *   tests use as the server's superuser) and a migrated template beside it, from which each test database is made by
 *   `CREATE DATABASE … TEMPLATE` in milliseconds;
 * - embedded: a migrated PGlite data directory, as a folder (copied into an API process's DATA_DIR) and as a tarball
 *   (loaded by each worker's in-memory PGlite, which then skips initdb).
 */
export type DatabaseSnapshot =
  | { via: 'server'; url: string; template: string; description: string }
  | { via: 'embedded'; dataDir: string; tarball: string };

interface Held {
  snapshot: Promise<DatabaseSnapshot>;
  users: number;
  cleanUp: () => Promise<void>;
}

// The global setups of several projects (int, ui, e2e) share one snapshot per run; they may load this module
// separately, so the snapshot is held on the process.
const HELD = Symbol.for('ifu.test.database-snapshot');
const holder = globalThis as unknown as { [HELD]?: Held };

/** The run's snapshot, made by the first caller; `release` cleans it up after the last. */
export async function acquireDatabaseSnapshot(): Promise<{ snapshot: DatabaseSnapshot; release: () => Promise<void> }> {
  if (!holder[HELD]) {
    const cleanUps: Array<() => Promise<void>> = [];
    holder[HELD] = { users: 0, snapshot: makeSnapshot(cleanUps), cleanUp: async () => void (await Promise.all(cleanUps.splice(0).reverse().map((c) => c()))) };
  }
  const held = holder[HELD];
  held.users++;
  const snapshot = await held.snapshot;
  let released = false;
  return {
    snapshot,
    release: async () => {
      if (released) return;
      released = true;
      if (--held.users > 0) return;
      delete holder[HELD];
      await held.cleanUp();
    },
  };
}

async function makeSnapshot(cleanUps: Array<() => Promise<void>>): Promise<DatabaseSnapshot> {
  const started = Date.now();
  const choice = await contractServerFor('TEST_DATABASE_URL');
  if (choice.via === 'embedded' || choice.via === 'skip') {
    const folder = mkdtempSync(join(tmpdir(), 'ifu-test-snapshot-'));
    cleanUps.push(async () => rmSync(folder, { recursive: true, force: true }));
    const dataDir = join(folder, 'pglite');
    const pglite = await PGlite.create({ dataDir, extensions: { btree_gin, pg_trgm, unaccent } });
    await migrate(wrapPglite(pglite, 'the test snapshot', false), allMigrations());
    const dump = await pglite.dumpDataDir('none');
    await pglite.close();
    const tarball = join(folder, 'pglite.tar');
    writeFileSync(tarball, Buffer.from(await dump.arrayBuffer()));
    console.log(`[tests] TEST_DATABASE_URL is not set and no Docker engine is reachable: database tests run on embedded PGlite, from a snapshot migrated once (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    return { via: 'embedded', dataDir, tarball };
  }
  const container = choice.via === 'testcontainers' ? await startPostgresContainer() : undefined;
  if (container) cleanUps.push(() => container.stop());
  const serverUrl = container?.url ?? (choice as { url: string }).url;
  const run = await createScratchDatabase(serverUrl, 'ifu_test');
  const template = `${run.name}_tpl`;
  cleanUps.push(async () => {
    // The test databases a crashed worker left behind, then the template and the run's database.
    await asSuperuser(run.url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${run.name}\\_%`]);
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    });
    await run.drop();
  });
  await asSuperuser(run.url, (client) => client.query(`CREATE DATABASE ${template}`));
  const templateUrl = databaseUrl(run.url, template);
  await asSuperuser(templateUrl, (client) => client.query(`CREATE SCHEMA ${TEMPLATE_SCHEMA}`));
  const db = openPostgres({ connectionString: templateUrl, searchPath: TEMPLATE_SCHEMA, max: 1 });
  try {
    await migrate(db, allMigrations());
  } finally {
    // A template takes no copies while anyone is connected to it.
    await db.close();
  }
  const description = `${container ? `${POSTGRES_IMAGE} through testcontainers` : 'TEST_DATABASE_URL'}, run database ${run.name}`;
  console.log(`[tests] database tests run on real PostgreSQL (${description}), each in a database copied from a template migrated once (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return { via: 'server', url: run.url, template, description };
}
