import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { openTestDatabase, type TestDatabase, skipWithoutServer } from '../../../test-support/test-database';
import type { Database } from '../src/database/database';
import { openPostgres } from '../src/database/postgres';
import { grantApiRole } from '../src/database/roles';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';

import '../../../test-support/provided-context';

const serverUrl = inject('testDatabaseUrl');

describe.skipIf(skipWithoutServer())("the API's database role", () => {
  const role = `ifu_api_${randomBytes(4).toString('hex')}`;
  let owner: TestDatabase;
  let api: Database;
  let store: PostgresEventStore;
  const metadata = { actor: { type: 'system' as const, name: 'roles-test' }, occurredAt: new Date().toISOString(), correlationId: 'c', ip: null, userAgent: null };

  beforeAll(async () => {
    owner = await openTestDatabase(); // migrated by the superuser: it owns every table
    await owner.db.exec(`CREATE ROLE ${role} LOGIN`);
    await grantApiRole(owner.db, role);
    const url = new URL(owner.connectionString!);
    url.username = role;
    api = openPostgres({ connectionString: url.toString(), searchPath: owner.schema, max: 2 });
    store = await PostgresEventStore.open(api, { chainKey: TEST_AUDIT_KEY });
  });
  afterAll(async () => {
    await store?.close();
    await api?.close();
    await owner.db.exec(`DROP OWNED BY ${role}`);
    await owner.dispose();
    const admin = openPostgres({ connectionString: serverUrl!, max: 1 });
    await admin.exec(`DROP ROLE IF EXISTS ${role}`);
    await admin.close();
  });

  it('when the API appends through the append function, then it works, and the chain verifies', async () => {
    await store.append(`s-${randomUUID()}`, [{ type: 'Happened', data: { n: 1 }, metadata }], 0);
    expect(await store.verifyChain()).toMatchObject({ ok: true, checked: 1 });
  });

  it('when the API appends several at once, then they go together through the batch function, and the chain verifies', async () => {
    await Promise.all(Array.from({ length: 8 }, () => store.append(`s-${randomUUID()}`, [{ type: 'Happened', data: { n: 2 }, metadata }], 0)));
    expect(await store.verifyChain()).toMatchObject({ ok: true, checked: 9 });
    const tail = Number((await api.query<{ p: string }>('SELECT max(position) AS p FROM events')).rows[0]!.p);
    // Called by the API's role itself (a grant, not the store's doing): it may, and the function checks as it should.
    await expect(
      api.query(
        `SELECT append_events_batch(ARRAY['s-direct', 's-direct'], ARRAY[0, 0], ARRAY[1, 1], $1, ARRAY[gen_random_uuid(), gen_random_uuid()],
           ARRAY['X', 'X'], ARRAY['{}'::jsonb, '{}'::jsonb], ARRAY['{}'::jsonb, '{}'::jsonb], now(), ARRAY['a', 'b'], false)`,
        [tail],
      ),
    ).rejects.toMatchObject({ code: 'IF001', detail: '2:1' });
  });

  const forbidden: Array<[string, string, RegExp]> = [
    ['insert an event directly', `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
      VALUES (2, 's', 1, '${randomUUID()}', 'X', '{}', '{}', now(), 'x')`, /permission denied/],
    ['change an event', "UPDATE events SET type = 'Other'", /permission denied/],
    ['delete events', 'DELETE FROM events', /permission denied/],
    ['truncate the log', 'TRUNCATE events', /permission denied/],
    ["disable the log's triggers", 'ALTER TABLE events DISABLE TRIGGER USER', /must be owner/],
    ['drop a trigger', 'DROP TRIGGER events_append_only ON events', /must be owner/],
    ['replace the append function', 'CREATE OR REPLACE FUNCTION append_events() RETURNS void LANGUAGE sql AS $$ SELECT $$', /permission denied/],
    ['replace the batch append function', 'CREATE OR REPLACE FUNCTION append_events_batch() RETURNS void LANGUAGE sql AS $$ SELECT $$', /permission denied/],
    ['record a migration', "INSERT INTO schema_migrations (id) VALUES ('forged')", /permission denied/],
  ];
  for (const [what, sql, error] of forbidden) {
    it(`when the API's role tries to ${what}, then the database refuses`, async () => {
      await expect(api.exec(sql)).rejects.toThrow(error);
    });
  }

  it("when the API's role works with its read models and sessions, then it may", async () => {
    await api.query("INSERT INTO sessions (id, user_id, created_at, last_seen_at) VALUES (gen_random_uuid(), 'u', now(), now())");
    await api.query("UPDATE projection_checkpoints SET updated_at = now() WHERE name = 'nothing'");
    expect((await api.query('SELECT count(*) AS n FROM events')).rows[0]).toEqual({ n: '9' });
  });
});
