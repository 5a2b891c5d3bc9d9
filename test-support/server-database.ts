import { createScratchDatabase } from './scratch-database';

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
  return createScratchDatabase(serverUrl, prefix);
}
