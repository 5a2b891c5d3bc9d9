import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { inject } from 'vitest';
import './provided-context';
import type { Database } from '../services/platform/src/database/database';
import { migrate, type Migration } from '../services/platform/src/database/migrations';
import { openPostgres } from '../services/platform/src/database/postgres';
import { wrapPglite } from '../services/platform/src/database/pglite';
import { allMigrations } from '../services/src/platform/all-migrations';

export interface TestDatabase {
  db: Database;
  /** Set on the real server: lets a test open further connections (LISTEN, a second process) into the same schema. */
  connectionString?: string;
  schema: string;
  /** Drops the schema and closes connections. */
  dispose(): Promise<void>;
}

let sharedPglite: Promise<PGlite> | undefined;

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
  sharedPglite ??= PGlite.create({ extensions: { pg_trgm, unaccent } });
  const pglite = await sharedPglite;
  await pglite.exec(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  const db = wrapPglite(pglite, `test PGlite schema ${schema}`, false);
  await migrate(db, migrations);
  return {
    db,
    schema,
    async dispose() {
      await pglite.exec(`SET search_path TO public; DROP SCHEMA ${schema} CASCADE`);
    },
  };
}
