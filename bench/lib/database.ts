import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '@ifu/storage/database/database';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { listenToPostgres } from '@ifu/storage/notifications';
import { migrate } from '@ifu/storage/database/migrations';
import { openPostgres } from '@ifu/storage/database/postgres';
import { allMigrations } from '@ifu/services/features';
import { BENCH_AUDIT_KEY } from './audit-key';

/** One database created for this run on the server; every benchmark gets its own migrated schema in it. */
export interface BenchDatabase {
  name: string;
  url: string;
  /** A fresh schema with allMigrations() applied; `max` is the pool size (the app's default is 10). */
  openSchema(schema: string, max?: number): Promise<Database>;
  /**
   * A connection string into `schema` for code that opens its own pool from a URL (the API's DATABASE_URL, the
   * projections worker): `?options=-c search_path=<schema>`, which pg applies to every connection it opens.
   */
  schemaUrl(schema: string): string;
  drop(): Promise<void>;
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `ifu_bench_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened: Database[] = [];
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async openSchema(schema, max = 10) {
      await withAdmin(url.toString(), (c) => c.query(`CREATE SCHEMA ${schema}`));
      const db = openPostgres({ connectionString: url.toString(), searchPath: schema, max });
      opened.push(db);
      await migrate(db, allMigrations());
      return db;
    },
    schemaUrl(schema) {
      const withSchema = new URL(url.toString());
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      return withSchema.toString();
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await Promise.all(opened.map((db) => db.close().catch(() => {})));
      await withAdmin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/** Server facts printed with the results. */
export async function serverFacts(serverUrl: string): Promise<Record<string, string>> {
  return withAdmin(serverUrl, async (c) => {
    const facts: Record<string, string> = {};
    for (const setting of ['server_version', 'shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'max_connections']) {
      const { rows } = await c.query<Record<string, string>>(`SHOW ${setting}`);
      facts[setting] = Object.values(rows[0] ?? {})[0] ?? '';
    }
    return facts;
  });
}

/**
 * The event store on `db` (a schema of `bench`), opened as production opens it; `groupCommit: false` is the appends'
 * same-run baseline (one append per commit).
 */
export async function openStore(bench: BenchDatabase, db: Database, schema: string, options: { groupCommit?: boolean } = {}): Promise<EventStore> {
  // As in production (services/storage/src/storage.ts): a LISTEN connection next to the pool.
  const notifications = await listenToPostgres(bench.url, schema);
  const store = await PostgresEventStore.open(db, { notifications, chainKey: BENCH_AUDIT_KEY, ...options });
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await notifications.close();
  };
  return store;
}
