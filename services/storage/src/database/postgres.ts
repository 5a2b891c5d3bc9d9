import pg from 'pg';
import type { Database, Queryable, QueryResult, Session } from './database';

// Return bigint columns (event positions) as strings is pg's default; we convert where needed.
export interface PostgresOptions {
  connectionString: string;
  /** Used by tests to give each test file its own schema inside one database. */
  searchPath?: string;
  max?: number;
  /** How long a new connection may take before the query fails (pg's default waits for ever): a replica's reads fall back sooner. */
  connectionTimeoutMillis?: number;
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
  const max = options.max ?? 10;
  const openPool = (poolMax: number, statementTimeoutMs?: number) => {
    const made = new pg.Pool({
      connectionString: options.connectionString,
      max: poolMax,
      ...(options.connectionTimeoutMillis === undefined ? {} : { connectionTimeoutMillis: options.connectionTimeoutMillis }),
      options: [
        options.searchPath ? `-c search_path=${options.searchPath}` : '',
        // A bounded query answers someone waiting (a search, a page): compiling it (JIT, tens of milliseconds once a
        // million rows make its estimated cost large, even for a branch a one-time filter never runs) or starting
        // parallel workers for it costs more than it saves, and workers take cores from the other requests (bench:
        // search, the frequent and mid-frequency terms at 1,000,000 children).
        statementTimeoutMs === undefined ? '' : '-c jit=off -c max_parallel_workers_per_gather=0',
      ]
        .filter(Boolean)
        .join(' ') || undefined,
      ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs }),
    });
    // An idle client's error (server restart) must not crash the process; the next query reconnects.
    made.on('error', () => {});
    return made;
  };
  const pool = openPool(max);
  /** The bounded pools, one per timeout, made when first asked for. */
  const boundedPools = new Map<number, pg.Pool>();

  const asQueryable = (client: pg.Pool | pg.PoolClient | pg.Client): Queryable => ({
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
    async openSession(): Promise<Session> {
      // keepAlive: a peer gone silent (no FIN) is noticed by TCP rather than never.
      const client = new pg.Client({
        connectionString: options.connectionString,
        options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
        keepAlive: true,
      });
      const listeners: ((error?: Error) => void)[] = [];
      let ended = false;
      const end = (error?: Error) => {
        if (ended) return;
        ended = true;
        for (const listener of listeners) listener(error);
      };
      client.on('error', (error) => end(error));
      client.on('end', () => end());
      await client.connect();
      return {
        ...asQueryable(client),
        onEnd(listener) {
          if (ended) listener();
          else listeners.push(listener);
        },
        async close() {
          await client.end().catch(() => {});
          end();
        },
      };
    },
    bounded(timeoutMs) {
      if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`bounded: a timeout in whole milliseconds, not ${timeoutMs}`);
      let bounded = boundedPools.get(timeoutMs);
      if (!bounded) {
        bounded = openPool(Math.max(2, Math.ceil(max / 2)), timeoutMs);
        boundedPools.set(timeoutMs, bounded);
      }
      return asQueryable(bounded);
    },
    async close() {
      await Promise.all([pool.end(), ...[...boundedPools.values()].map((p) => p.end())]);
    },
  };
}
