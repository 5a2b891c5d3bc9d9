import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, skipWithoutServer, type TestDatabase } from '../../../test-support/test-database';
import { QUERY_CANCELED, withStatementTimeout } from '../src/database/database';

import '../../../test-support/provided-context';


describe('a statement bounded in time (the internal search: 3 s)', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await openTestDatabase([]);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers a statement that ends in time, on the bounded pool (pg) or in a transaction (PGlite)', async () => {
    const { rows } = await withStatementTimeout(test.db, 1_000, (db) => db.query<{ n: number }>('SELECT 41 + 1 AS n'));
    expect(rows).toEqual([{ n: 42 }]);
  });

  // Embedded PGlite runs one statement at a time in this process, with no timer to cancel it.
  it.skipIf(skipWithoutServer('cancelling a statement'))('cancels one that runs longer (57014), and leaves the ordinary pool unbounded', async () => {
    const slow = withStatementTimeout(test.db, 100, (db) => db.query('SELECT pg_sleep(2)'));
    await expect(slow).rejects.toMatchObject({ code: QUERY_CANCELED });
    // The bound belongs to the bounded pool's connections only.
    const { rows } = await test.db.query<{ statement_timeout: string }>('SHOW statement_timeout');
    expect(rows[0]!.statement_timeout).toBe('0');
    // Bounded connections keep the schema of the database they serve (tests and bench: a search_path per schema).
    const bounded = await withStatementTimeout(test.db, 1_000, (db) => db.query<{ path: string }>('SELECT current_setting(\'search_path\') AS path'));
    const ordinary = await test.db.query<{ path: string }>('SELECT current_setting(\'search_path\') AS path');
    expect(bounded.rows[0]!.path).toBe(ordinary.rows[0]!.path);
  });

  it.skipIf(skipWithoutServer('the bounded pool\'s settings'))('runs bounded statements without JIT and without parallel workers; the ordinary pool keeps the server\'s settings', async () => {
    const settings = "SELECT current_setting('jit') AS jit, current_setting('max_parallel_workers_per_gather') AS workers";
    const bounded = await withStatementTimeout(test.db, 1_000, (db) => db.query<{ jit: string; workers: string }>(settings));
    expect(bounded.rows[0]).toEqual({ jit: 'off', workers: '0' });
    const server = await test.db.query<{ jit: string; workers: string }>(
      "SELECT reset_val AS jit, (SELECT reset_val FROM pg_settings WHERE name = 'max_parallel_workers_per_gather') AS workers FROM pg_settings WHERE name = 'jit'",
    );
    const ordinary = await test.db.query<{ jit: string; workers: string }>(settings);
    expect(ordinary.rows[0]).toEqual(server.rows[0]);
  });
});
