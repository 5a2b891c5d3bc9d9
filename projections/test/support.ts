import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Database, Queryable } from '@ifu/storage/database/database';
import type { EventMetadata, EventStore } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import type { Projection } from '../src/projection';
import { ProjectionRunner, rebuild } from '../src/runner';

/** Metadata of an event a projection test appends straight to the log. */
export const metadata = (): EventMetadata => ({
  actor: { type: 'system', name: 'projection-test' },
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  ip: null,
  userAgent: null,
});

/** The same read model applied one event per statement batch: what a set-based batch must equal. */
export const eventByEvent = (projection: Projection): Projection => ({
  ...projection,
  async applyBatch(tx, events) {
    for (const event of events) await projection.applyBatch(tx, [event]);
  },
});

/** The read model as the runner builds it while `append` writes the log: batch by batch, as production does. */
export async function projectIncrementally(db: Database, store: EventStore, projection: Projection, batchSize: number, append: () => Promise<void>): Promise<void> {
  const runner = new ProjectionRunner(db, store, [projection], { batchSize, pollIntervalMs: 20 });
  await runner.start();
  await append();
  await runner.waitFor(await store.lastPosition(), [projection.name]);
  await runner.stop();
}

/**
 * The rebuild-equality check every read model passes: rebuilt from the log at each batch size, set-based and event by
 * event, it equals `incremental` (the snapshot of the read model as built while the log was written).
 */
export async function expectRebuildsEqual<T>(
  db: Database,
  store: EventStore,
  projection: Projection,
  snapshot: (db: Queryable) => Promise<T>,
  incremental: T,
  batchSizes: readonly number[] = [1, 5, 1000],
): Promise<void> {
  for (const batchSize of batchSizes) {
    await rebuild(db, store, projection, batchSize);
    expect(await snapshot(db), `rebuilt, batches of ${batchSize}`).toEqual(incremental);
    await rebuild(db, store, eventByEvent(projection), batchSize);
    expect(await snapshot(db), `rebuilt event by event, batches of ${batchSize}`).toEqual(incremental);
  }
}

/** A fresh schema and log for each test of the file (none depends on what another left behind): read them in the test. */
export function freshLogPerTest(): { readonly test: TestDatabase; readonly store: PostgresEventStore } {
  const current: { test?: TestDatabase; store?: PostgresEventStore } = {};
  beforeEach(async () => {
    current.test = await openTestDatabase();
    current.store = await PostgresEventStore.open(current.test.db, { chainKey: TEST_AUDIT_KEY });
  });
  afterEach(async () => {
    await current.store?.close();
    await current.test?.dispose();
  });
  return {
    get test() {
      return current.test!;
    },
    get store() {
      return current.store!;
    },
  };
}
