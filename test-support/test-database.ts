import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { inject } from 'vitest';
import './provided-context';
import type { Database } from '../services/storage/src/database/database';
import { migrate, type Migration } from '../services/storage/src/database/migrations';
import { openPostgres } from '../services/storage/src/database/postgres';
import { wrapPglite } from '../services/storage/src/database/pglite';
import { allMigrations } from '../services/src/features';
import { TEMPLATE_SCHEMA } from './database-snapshot';
import { asSuperuser, databaseUrl } from './scratch-database';
import { skipUnless } from './machine-needs';

export interface TestDatabase {
  db: Database;
  /**
   * Set on the real server: the test's own database, for further connections (LISTEN, a second process, another
   * role); they set `schema` as their search path.
   */
  connectionString?: string;
  schema: string;
  /** Drops the database (server) or the schema (embedded) and closes connections. */
  dispose(): Promise<void>;
}

/**
 * One embedded PGlite per test worker, shared by the files it runs (opening one takes seconds). PGlite has a single
 * session, so `search_path` is global to it: every operation of a file's database first switches the session to that
 * file's schema, and operations are queued so that the switch and the statement run together. Without this, a file
 * that opened a second test database (a second API in the same file) left the session on another schema.
 */
class SharedPglite {
  private current = '';
  private queue: Promise<unknown> = Promise.resolve();
  constructor(readonly pglite: PGlite) {}

  run<T>(schema: string, work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      if (this.current !== schema) {
        await this.pglite.exec(`SET search_path TO ${schema}`);
        this.current = schema;
      }
      return work();
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}

let sharedPglite: Promise<SharedPglite> | undefined;

function schemaBound(shared: SharedPglite, schema: string): Database {
  const inner = wrapPglite(shared.pglite, `test PGlite schema ${schema}`, false);
  return {
    ...inner,
    query: (sql, params) => shared.run(schema, () => inner.query(sql, params)),
    exec: (sql) => shared.run(schema, () => inner.exec(sql)),
    // The queue is held for the whole transaction; its statements go straight to PGlite's transaction.
    transaction: (work) => shared.run(schema, () => inner.transaction(work)),
  };
}

/**
 * For tests that need the PostgreSQL server the run's database is on (several connections or processes, roles): true
 * (skip) on the embedded database, after recording why; in CI that fails the run (machine-needs.ts).
 */
export function skipWithoutServer(group?: string): boolean {
  return skipUnless(['postgres-server'], group, { available: { 'postgres-server': inject('testDatabaseUrl') !== undefined } });
}

/**
 * A fresh, migrated database for one test file (or one test that needs its own). On the server: a database copied from
 * the run's template (`CREATE DATABASE … TEMPLATE`, migrated once per run: global-database-setup.ts). Embedded: a
 * schema of its own in this worker's PGlite, which started from the run's migrated snapshot rather than an initdb;
 * the schema's migrations run there (a fifth of a second; loading a PGlite of its own from the snapshot takes
 * several times longer). Other migration sets (a test of the store alone) are migrated as given.
 */
export async function openTestDatabase(only?: readonly Migration[]): Promise<TestDatabase> {
  const serverUrl = inject('testDatabaseUrl');
  if (serverUrl) return openServerDatabase(serverUrl, only);
  sharedPglite ??= openWorkerPglite().then((pglite) => new SharedPglite(pglite));
  const shared = await sharedPglite;
  const schema = `t_${randomBytes(5).toString('hex')}`;
  await shared.run('public', () => shared.pglite.exec(`CREATE SCHEMA ${schema}`));
  const db = schemaBound(shared, schema);
  await migrate(db, only ?? allMigrations());
  return {
    db,
    schema,
    async dispose() {
      await shared.run('public', () => shared.pglite.exec(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}

async function openServerDatabase(serverUrl: string, only: readonly Migration[] | undefined): Promise<TestDatabase> {
  const template = inject('testDatabaseTemplate');
  const fromTemplate = template !== undefined && only === undefined;
  const name = `${new URL(serverUrl).pathname.slice(1)}_${randomBytes(5).toString('hex')}`;
  await asSuperuser(serverUrl, (client) => client.query(fromTemplate ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`));
  const connectionString = databaseUrl(serverUrl, name);
  if (!fromTemplate) await asSuperuser(connectionString, (client) => client.query(`CREATE SCHEMA ${TEMPLATE_SCHEMA}`));
  const db = openPostgres({ connectionString, searchPath: TEMPLATE_SCHEMA, max: 20 });
  if (!fromTemplate) await migrate(db, only ?? allMigrations());
  return {
    db,
    connectionString,
    schema: TEMPLATE_SCHEMA,
    async dispose() {
      await db.close();
      await asSuperuser(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** This worker's PGlite: from the run's migrated snapshot when there is one (no initdb), else a new one. */
async function openWorkerPglite(): Promise<PGlite> {
  const extensions = { btree_gin, pg_trgm, unaccent };
  const tarball = inject('embeddedSnapshotTarball');
  if (!tarball) return PGlite.create({ extensions });
  return PGlite.create({ extensions, loadDataDir: new Blob([readFileSync(tarball)]) });
}
