import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The real PostgreSQL server the production-shape tests (`*.prod.test.ts`) need: several processes (API instances,
 * projection workers, a replica) share one database, which embedded PGlite cannot be. TEST_DATABASE_URL names the
 * server (CI sets it); without it those tests skip and say why.
 */
export const serverUrl: string | undefined = process.env.TEST_DATABASE_URL;

export const SKIP_REASON = 'TEST_DATABASE_URL is not set: the production-shape tests need a real PostgreSQL server (see README, "Tests")';

export interface ServerDatabase {
  /** postgres:// URL of a database of its own, empty (no schema migrated). */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a fresh database on the server for one test file; `drop` removes it, closing whatever still uses it. */
export async function createServerDatabase(prefix = 'ifu_prod'): Promise<ServerDatabase> {
  // Read now, not at import: the bench sets it from BENCH_DATABASE_URL after its imports ran.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error(SKIP_REASON);
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await withAdmin(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdmin(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
