import { randomBytes } from 'node:crypto';
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
import { skipUnless } from './machine-needs';

export interface TestDatabase {
  db: Database;
  /** Set on the real server: lets a test open further connections (LISTEN, a second process) into the same schema. */
  connectionString?: string;
  schema: string;
  /** Drops the schema and closes connections. */
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
 * A fresh, migrated schema for one test file: on the run's database on the real server when the run has one,
 * otherwise in this worker's shared embedded PGlite.
 */
export async function openTestDatabase(migrations: readonly Migration[] = allMigrations()): Promise<TestDatabase> {
  const schema = `t_${randomBytes(5).toString('hex')}`;
  const url = inject('testDatabaseUrl');
  if (url) {
    const bootstrap = openPostgres({ connectionString: url, max: 1 });
    await bootstrap.query(`CREATE SCHEMA ${schema}`);
    await bootstrap.close();
    const db = openPostgres({ connectionString: url, searchPath: schema, max: 20 });
    await migrate(db, migrations);
    return {
      db,
      connectionString: url,
      schema,
      async dispose() {
        await db.query(`DROP SCHEMA ${schema} CASCADE`);
        await db.close();
      },
    };
  }
  sharedPglite ??= PGlite.create({ extensions: { btree_gin, pg_trgm, unaccent } }).then((pglite) => new SharedPglite(pglite));
  const shared = await sharedPglite;
  await shared.run('public', () => shared.pglite.exec(`CREATE SCHEMA ${schema}`));
  const db = schemaBound(shared, schema);
  await migrate(db, migrations);
  return {
    db,
    schema,
    async dispose() {
      await shared.run('public', () => shared.pglite.exec(`DROP SCHEMA ${schema} CASCADE`));
    },
  };
}
