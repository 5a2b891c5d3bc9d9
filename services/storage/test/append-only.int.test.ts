import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

describe('the PostgreSQL event log is append-only', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
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

  it('when a row is inserted past the tail, or out of its stream\'s order, then the database refuses it', async () => {
    const insert = (position: string, stream: string, version: number) =>
      test.db.query(
        `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
         VALUES (${position}, $1, $2, $3, 'Stray', '{}', '{}', now(), 'x')`,
        [stream, version, randomUUID()],
      );
    await expect(insert('999999', `s-${randomUUID()}`, 1)).rejects.toThrow(/event position 999999 is not the next one/);
    await expect(insert('(SELECT max(position) + 1 FROM events)', `s-${randomUUID()}`, 3)).rejects.toThrow(/version 3 is not the next one \(1\)/);
    expect(await store.lastPosition()).toBe(1);
  });
});
