import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { PostgresStore } from '@acpr/rate-limit-postgresql';
import pg from 'pg';
import { migrate } from 'postgres-migrations';
import type { RateLimitStores } from '../platform/ports';

/**
 * Where the rate limiters keep their counts. On a PostgreSQL server they are kept in the database,
 * through the maintained `@acpr/rate-limit-postgresql` store, so that every API instance behind the load balancer
 * counts the same hits: a caller who alternates between instances gets no more tries than one who does not. On the
 * embedded database (one process by construction) they stay in the limiter's memory.
 */
export type { RateLimitStores };

export const MEMORY_RATE_LIMITS: RateLimitStores = { store: () => undefined, close: async () => {} };

const storePackageDir = dirname(createRequire(import.meta.url).resolve('@acpr/rate-limit-postgresql'));

/**
 * The store's own migrations (schema `rate_limit`), applied once and awaited, by the schema owner when there is one,
 * then the API's role granted what the store's functions need. The store's constructor would apply them again for
 * every limiter without waiting (a rejected promise nobody handles, which stops the process), so stores are made
 * without calling it: `configured` sets the two fields the constructor sets, and `init` opens the pool as usual.
 */
export async function postgresRateLimits(options: {
  /** The API's connection (its role). */
  databaseUrl: string;
  /** The schema owner's, when the API runs as a restricted role (DATABASE_OWNER_URL). */
  ownerUrl?: string;
  /** Names the limits of one product among others in the same database (tests: one schema each); 'public' in production. */
  namespace: string;
}): Promise<RateLimitStores> {
  const owner = new pg.Client({ connectionString: options.ownerUrl ?? options.databaseUrl });
  await owner.connect();
  try {
    // The store's objects live in the one schema `rate_limit` of the database, and postgres-migrations asks whether a
    // table `migrations` exists in any schema, then reads it through the search path: with several schemas in one
    // database (one per test file or benchmark), the second one found the first one's table and could not read it.
    // That table records the database-wide `rate_limit` schema's migrations, so it is read where it is.
    await owner.query(
      `SELECT set_config('search_path', current_setting('search_path') || ', ' || quote_ident(n.nspname), false)
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relname = 'migrations' AND c.relkind = 'r' AND to_regclass('migrations') IS NULL
        LIMIT 1`,
    );
    await migrate({ client: owner }, resolve(storePackageDir, 'migrations'), { logger: () => {} });
    if (options.ownerUrl) {
      const api = new pg.Client({ connectionString: options.databaseUrl });
      await api.connect();
      const { rows } = await api.query<{ role: string }>('SELECT current_user AS role').finally(() => api.end());
      const role = pg.escapeIdentifier(rows[0]!.role);
      await owner.query(`GRANT USAGE ON SCHEMA rate_limit TO ${role};
        GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA rate_limit TO ${role};
        GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA rate_limit TO ${role}`);
    }
  } finally {
    await owner.end();
  }
  const made: PostgresStore[] = [];
  return {
    // The same name twice (a second app over the same context) counts in the same place, as two instances do.
    store(name) {
      const store = Object.create(PostgresStore.prototype) as PostgresStore;
      // One connection per limiter, let go when idle: a dozen limiters must not hold a pool each.
      store.config = { connectionString: options.databaseUrl, max: 1, idleTimeoutMillis: 5000 };
      store.prefix = `${options.namespace}:${name}`;
      // As the app's own pools (storage/database/postgres.ts): an idle connection ended by the server (a restart, an
      // administrator) must not stop the process with an unhandled 'error'; the next request reconnects.
      const init = store.init.bind(store);
      store.init = (limiterOptions) => {
        init(limiterOptions);
        const pool = store.pool as pg.Pool;
        pool.on('error', () => {});
        // Each count is a statement of its own on the limiter's one connection, and each commit waited for its WAL
        // flush: under a scan spike every public download queued behind the one before it (bench, scan). The counts
        // only slow callers down; a server crash forgets at most the last few hundred milliseconds of them (three
        // times wal_writer_delay), nothing of the log or the read models. Set per connection, so that a
        // connection string's own `options` (a test's search path) cannot drop it.
        pool.on('connect', (client) => {
          client.query('SET synchronous_commit = off').catch(() => {});
        });
      };
      made.push(store);
      return store;
    },
    async close() {
      await Promise.all(made.map((store) => (store.pool as pg.Pool | undefined)?.end()));
    },
  };
}
