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

/** One dedicated connection. `onEnd` is told once when it breaks (the server ended it, the network) or is closed. */
export interface Session extends Queryable {
  onEnd(listener: (error?: Error) => void): void;
  close(): Promise<void>;
}

/** A query that may be cancelled: the server's statement_timeout ran out (SQLSTATE 57014, query_canceled). */
export const QUERY_CANCELED = '57014';

export interface Database extends Queryable {
  /** Runs `work` in one transaction on one connection; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Statements the server cancels after `timeoutMs` (QUERY_CANCELED), without a transaction around each: pg keeps
   * a second, smaller pool whose connections start with that statement_timeout, so a bounded query costs one round
   * trip instead of four (BEGIN, SET LOCAL, the query, COMMIT: the internal search's bench).
   */
  bounded?(timeoutMs: number): Queryable;
  /**
   * A connection of its own, outside the pools, for what lasts as long as a session (the projections' leader locks):
   * on a PostgreSQL server only; the embedded database has a single session.
   */
  openSession?(): Promise<Session>;
  /** Human-readable description for logs, never containing a password. */
  readonly description: string;
  readonly kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * Runs `work` with each of its statements cancelled by the server after `timeoutMs` (QUERY_CANCELED): on the bounded
 * pool where the driver keeps one, else in a transaction with SET LOCAL statement_timeout.
 */
export async function withStatementTimeout<T>(db: Database, timeoutMs: number, work: (bounded: Queryable) => Promise<T>): Promise<T> {
  if (db.bounded) return work(db.bounded(timeoutMs));
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = ${Math.trunc(timeoutMs)}`);
    return work(tx);
  });
}
