import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, Queryable, QueryResult } from './database';

export interface PgliteOptions {
  /** Directory of the embedded cluster; undefined keeps it in memory (tests). */
  dataDir?: string;
}

/** Wraps an opened PGlite instance; used directly by tests that share one instance per worker. */
export function wrapPglite(db: PGlite, description: string, closeUnderlying = true): Database {
  const asQueryable = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await client.query<Row>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: Math.max(result.affectedRows ?? 0, result.rows.length) };
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    description,
    ...asQueryable(db),
    transaction: (work) => db.transaction((tx) => work(asQueryable(tx))),
    async close() {
      if (closeUnderlying) await db.close();
    },
  };
}

export async function openPglite(options: PgliteOptions): Promise<Database> {
  const db = await PGlite.create({ dataDir: options.dataDir, extensions: { btree_gin, pg_trgm, unaccent } });
  return wrapPglite(db, options.dataDir ? `embedded PGlite in ${options.dataDir}` : 'embedded PGlite in memory');
}
