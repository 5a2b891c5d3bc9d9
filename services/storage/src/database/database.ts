/**
 * The one storage seam of the product: PostgreSQL through `pg`, or embedded PGlite.
 * SQL is the same for both (written for PostgreSQL 15).
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /**
   * A hot statement as a named prepared statement where the driver supports it (pg), saving its parse and plan on
   * every call; elsewhere the same as `query`.
   */
  queryPrepared?<Row = Record<string, unknown>>(name: string, sql: string, params: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Human-readable description for logs, never containing a password. */
  readonly description: string;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}
