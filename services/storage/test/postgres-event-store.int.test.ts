import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test-support/test-database';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { describeEventStoreContract, type TamperableField } from './event-store-contract';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

const COLUMN: Record<TamperableField, string> = {
  data: 'data',
  metadata: 'metadata',
  type: 'type',
  recordedAt: 'recorded_at',
};

const CHANGE: Record<TamperableField, string> = {
  data: `data || '{"tampered": true}'::jsonb`,
  metadata: `jsonb_set(metadata, '{ip}', '"10.6.6.6"')`,
  type: `type || 'X'`,
  recordedAt: `recorded_at + interval '1 millisecond'`,
};

describeEventStoreContract('PostgreSQL', async () => {
  const test = await openTestDatabase();
  const store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
  // Editing an event needs the append-only trigger off, which only the table's owner can do.
  const edit = async (position: number, column: string, value: string) => {
    await test.db.exec(`ALTER TABLE events DISABLE TRIGGER events_append_only`);
    await test.db.query(`UPDATE events SET ${column} = ${value} WHERE position = $1`, [position]);
    await test.db.exec(`ALTER TABLE events ENABLE TRIGGER events_append_only`);
  };
  return {
    store,
    async tamper(position, field) {
      const column = COLUMN[field];
      const { rows } = await test.db.query<{ original: string }>(
        `SELECT ${column}::text AS original FROM events WHERE position = $1`,
        [position],
      );
      const original = rows[0]!.original;
      await edit(position, column, CHANGE[field]);
      const cast = field === 'data' || field === 'metadata' ? 'jsonb' : field === 'recordedAt' ? 'timestamptz' : 'text';
      return () => edit(position, column, `'${original.replace(/'/g, "''")}'::${cast}`);
    },
    async dispose() {
      await store.close();
      await test.dispose();
    },
  };
});

describe('two PostgreSQL event store instances on one log (two processes)', () => {
  it('when both append in turns and at once, then the chain stays whole and no event is lost', async () => {
    const test = await openTestDatabase();
    const [a, b] = [await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY }), await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY })];
    const metadata = { actor: { type: 'system' as const, name: 'test' }, occurredAt: new Date().toISOString(), correlationId: 'c', ip: null, userAgent: null };
    try {
      for (let i = 0; i < 10; i++) {
        await (i % 2 ? a : b).append(`s-${i}`, [{ type: 'Happened', data: { i }, metadata }], 0);
      }
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).append(`p-${i}`, [{ type: 'Happened', data: { i }, metadata }], 0)));
      expect(await a.lastPosition()).toBe(30);
      expect(await b.verifyChain()).toMatchObject({ ok: true, checked: 30, lastPosition: 30 });
    } finally {
      await a.close();
      await b.close();
      await test.dispose();
    }
  });
});

describe('a PostgreSQL event appended behind the product\'s back', () => {
  it('when a row is inserted into a stream with a hash not made with the audit key, then reading that stream refuses it', async () => {
    const test = await openTestDatabase();
    const store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    const metadata = { actor: { type: 'system' as const, name: 'test' }, occurredAt: new Date().toISOString(), correlationId: 'c', ip: null, userAgent: null };
    try {
      await store.append('user-x', [{ type: 'UserRegistered', data: { role: 'USER' }, metadata }], 0);
      // What a writer with the API's own role can do: call the append function with a made-up hash.
      await test.db.query(
        `SELECT append_events('user-x', 1, 1, ARRAY[gen_random_uuid()], ARRAY['UserModified'], ARRAY['{"role":"ADMIN"}'::jsonb], ARRAY['{}'::jsonb], now(), ARRAY[repeat('0', 64)], false)`,
      );
      await expect(store.readStream('user-x')).rejects.toMatchObject({ name: 'BrokenLinkError', streamId: 'user-x', streamVersion: 2 });
      expect(await store.readStream('user-x', 2)).toEqual([]);
    } finally {
      await store.close();
      await test.dispose();
    }
  });
});
