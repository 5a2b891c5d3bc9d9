import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';

describe('the PostgreSQL event log is append-only', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db);
    await store.append(`s-${randomUUID()}`, [{ type: 'Happened', data: {}, metadata: {
      actor: { type: 'system', name: 'test' }, occurredAt: new Date().toISOString(), correlationId: 'c', ip: null, userAgent: null,
    } }], 0);
  });
  afterAll(async () => {
    await store.close();
    await test.dispose();
  });

  it('when an event is updated, then the database refuses', async () => {
    await expect(test.db.query(`UPDATE events SET type = 'Other'`)).rejects.toThrow(/append-only/);
  });
  it('when an event is deleted, then the database refuses', async () => {
    await expect(test.db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
  });
  it('when the log is truncated, then the database refuses', async () => {
    await expect(test.db.query('TRUNCATE events')).rejects.toThrow(/append-only/);
  });
});
