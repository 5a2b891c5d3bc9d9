import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database';

// Return bigint columns (event positions) as strings is pg's default; we convert where needed.
export interface PostgresOptions {
  connectionString: string;
  /** Used by tests to give each test file its own schema inside one database. */
  searchPath?: string;
  max?: number;
}

export function redactConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return 'postgres (unparseable URL)';
  }
}

export function openPostgres(options: PostgresOptions): Database {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
  });
  // An idle client's error (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});

  const asQueryable = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async queryPrepared<Row>(name: string, sql: string, params: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await client.query({ name, text: sql, values: params as unknown[] });
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });

  return {
    kind: 'postgres',
    description: redactConnectionString(options.connectionString),
    ...asQueryable(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(asQueryable(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
