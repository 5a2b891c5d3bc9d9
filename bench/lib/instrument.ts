import type { Database, Queryable, QueryResult } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { listenToPostgres } from '@ifu/storage/notifications';
import { BENCH_AUDIT_KEY } from './audit-key';
import { round } from './stats';

/** Per statement kind: how many round trips and how long they took, as seen from Node. */
export interface StatementStats {
  count: number;
  ms: number;
  /** Rows the statements returned. */
  rows: number;
}

/**
 * Wraps a Database so that every round trip (query, exec, BEGIN, COMMIT) is counted and timed by statement kind.
 * Used only to profile where time goes; the timed benchmark rows use the bare Database.
 */
export class InstrumentedDatabase implements Database {
  readonly stats = new Map<string, StatementStats>();
  readonly kind: Database['kind'];
  readonly description: string;

  constructor(private readonly inner: Database) {
    this.kind = inner.kind;
    this.description = `instrumented ${inner.description}`;
  }

  private record(kind: string, ms: number, rows = 0): void {
    const s = this.stats.get(kind) ?? { count: 0, ms: 0, rows: 0 };
    s.count += 1;
    s.ms += ms;
    s.rows += rows;
    this.stats.set(kind, s);
  }

  private wrap(target: Queryable): Queryable {
    return {
      query: async <Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> => {
        const start = performance.now();
        let rows = 0;
        try {
          const result = await target.query<Row>(sql, params);
          rows = result.rows.length;
          return result;
        } finally {
          this.record(statementKind(sql), performance.now() - start, rows);
        }
      },
      // Prepared where the wrapped database prepares (the product's hot statements), counted the same way.
      queryPrepared: async <Row>(name: string, sql: string, params: readonly unknown[]): Promise<QueryResult<Row>> => {
        const start = performance.now();
        let rows = 0;
        try {
          const result = target.queryPrepared ? await target.queryPrepared<Row>(name, sql, params) : await target.query<Row>(sql, params);
          rows = result.rows.length;
          return result;
        } finally {
          this.record(statementKind(sql), performance.now() - start, rows);
        }
      },
      exec: async (sql: string) => {
        const start = performance.now();
        try {
          await target.exec(sql);
        } finally {
          this.record(statementKind(sql), performance.now() - start);
        }
      },
    };
  }

  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
    return this.wrap(this.inner).query<Row>(sql, params);
  }

  exec(sql: string): Promise<void> {
    return this.wrap(this.inner).exec(sql);
  }

  queryPrepared<Row = Record<string, unknown>>(name: string, sql: string, params: readonly unknown[]): Promise<QueryResult<Row>> {
    return this.wrap(this.inner).queryPrepared!<Row>(name, sql, params);
  }

  /** BEGIN and COMMIT are one round trip each in openPostgres(); they are counted around `work`. */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const start = performance.now();
    let inner = 0;
    try {
      return await this.inner.transaction(async (tx) => {
        const began = performance.now();
        this.record('BEGIN (+ pool checkout)', began - start);
        try {
          return await work(this.wrap(tx));
        } finally {
          inner = performance.now();
        }
      });
    } finally {
      this.record('COMMIT (+ release)', performance.now() - (inner || start));
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  reset(): void {
    this.stats.clear();
  }
}

/** A short, stable label of a statement: its first words, with the table it touches. */
export function statementKind(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  if (/^SELECT append_events\(/i.test(flat)) return 'SELECT append_events(...)';
  if (/^SELECT append_events_batch\(/i.test(flat)) return 'SELECT append_events_batch(...)';
  if (/^SELECT position, hash FROM events ORDER BY position DESC/i.test(flat)) return 'SELECT log tail';
  if (/^SELECT max\(stream_version\)/i.test(flat)) return 'SELECT stream version';
  if (/^SELECT pg_advisory_xact_lock/i.test(flat)) return 'SELECT pg_advisory_xact_lock';
  if (/^SELECT pg_notify/i.test(flat)) return 'SELECT pg_notify';
  if (/^SELECT \(SELECT max\(stream_version\)/i.test(flat)) return 'SELECT stream head + log tail';
  // Two UPDATEs of one table told apart by their aliases (document-search: a row's state, and the versions it supersedes).
  const index = /^(CREATE (?:UNIQUE )?INDEX|DROP INDEX)(?: IF (?:NOT )?EXISTS)? (\w+)/i.exec(flat);
  if (index) return `${index[1]} ${index[2]}`;
  const aliased = /^UPDATE (\w+) (?!SET\b)(\w+) SET/i.exec(flat);
  if (aliased) return `UPDATE ${aliased[1]} ${aliased[2]}`;
  const m = /^(INSERT INTO \w+|UPDATE \w+|DELETE FROM \w+|SELECT .*? FROM \w+|WITH \w+|\w+)/i.exec(flat);
  return (m?.[1] ?? flat.slice(0, 40)).slice(0, 60);
}

/** Per statement kind, most time first: round trips, rows and time per unit of work (`per` units measured). */
export function statementsTable(db: { stats: ReadonlyMap<string, StatementStats> }, per: number) {
  return [...db.stats.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([statement, s]) => ({
      statement,
      roundTrips: s.count,
      roundTripsPerUnit: round(s.count / per, 3),
      rowsPerUnit: round(s.rows / per, 1),
      totalMs: round(s.ms, 1),
      meanMs: round(s.ms / s.count, 3),
    }));
}

/** Storage as openStorage opens it for a DATABASE_URL, on an instrumented pool: for the API profiles. */
export async function instrumentedStorage(url: string, poolSize: number) {
  const db = new InstrumentedDatabase(openPostgres({ connectionString: url, max: poolSize }));
  const notifications = await listenToPostgres(url);
  const store = await PostgresEventStore.open(db, { notifications, chainKey: BENCH_AUDIT_KEY });
  const storage = {
    db,
    store,
    notifications,
    async close() {
      await store.close();
      await notifications.close();
      await db.close();
    },
  };
  return { db, storage };
}
