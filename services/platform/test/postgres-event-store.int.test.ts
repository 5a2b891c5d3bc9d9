import { openTestDatabase } from '../../../test-support/test-database';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';
import { describeEventStoreContract, type TamperableField } from './event-store-contract';

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
  const store = await PostgresEventStore.open(test.db);
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
