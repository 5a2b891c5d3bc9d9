import type { Store } from 'express-rate-limit';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, skipWithoutServer, type TestDatabase } from '../../../test-support/test-database';
import { postgresRateLimits } from './rate-limit-stores';
import type { RateLimitStores } from './index';

import '../../../test-support/provided-context';

/** The counts every API instance shares on a PostgreSQL server (the embedded database keeps them in memory). */
describe.skipIf(skipWithoutServer())('rate limits kept in PostgreSQL', () => {
  let test: TestDatabase;
  let stores: RateLimitStores;
  beforeAll(async () => {
    test = await openTestDatabase();
    stores = await postgresRateLimits({ databaseUrl: test.connectionString!, namespace: test.schema });
  });
  afterAll(async () => {
    await stores?.close();
    await test?.dispose();
  });

  const opened = (name: string) => {
    const store = stores.store(name)!;
    store.init?.({ windowMs: 60_000 } as Parameters<NonNullable<Store['init']>>[0]);
    return store;
  };

  it('when two instances count hits of one caller, then each sees the other\'s; the counts commit without waiting for a WAL flush', async () => {
    // Two stores of one name: what two API processes make.
    const [first, second] = [opened('ip:test-shared'), opened('ip:test-shared')];
    expect((await first.increment('198.51.100.7')).totalHits).toBe(1);
    expect((await second.increment('198.51.100.7')).totalHits).toBe(2);
    expect((await first.increment('198.51.100.8')).totalHits).toBe(1);

    const { rows } = await ((first as unknown as { pool: pg.Pool }).pool).query<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting");
    expect(rows[0]!.setting).toBe('off');
    // The product's own connections still wait for the flush: the log and the read models are not best-effort.
    const own = await test.db.query<{ setting: string }>("SELECT current_setting('synchronous_commit') AS setting");
    expect(own.rows[0]!.setting).toBe('on');
  });
});
