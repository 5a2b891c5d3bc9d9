import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { credentialsStreamId, type UserEvent, userStreamId } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import { type ChainBreak, ChainBrokenError, type ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database';
import type { Projection } from '../src/projection';
import { catchUp, ensureCheckpoints, projectBatch, saveCheckpoint } from '../src/catch-up';
import { ProjectionRunner, ReadModelTimeoutError, rebuild } from '../src/runner';
import { userAccountsProjection } from '../src/user-accounts/projection';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import { eventByEvent, metadata } from './support';
import { expectEvery } from '../../test-support/list-expectations';


async function appendUserHistory(store: PostgresEventStore, users: number) {
  for (let i = 0; i < users; i++) {
    const userId = randomUUID();
    const at = new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString();
    const events: UserEvent[] = [
      { type: 'UserRegistered', data: { userId, email: `user${i}@example.com`, firstName: `F${i}`, lastName: `L${i}`, role: i % 3 ? 'USER' : 'ADMIN', isTrainingCompleted: true, origin: 'admin' } },
      { type: 'PasswordSet', data: { userId, setAt: at, via: 'set-password-link' } },
      { type: 'LoginFailed', data: { userId, at, reason: 'wrong-password', consecutiveFailures: 1 } },
      { type: 'LoginSucceeded', data: { userId, sessionId: randomUUID(), at } },
    ];
    // Written in two appends, so batches cut through streams.
    await store.append(userStreamId(userId), events.slice(0, 2).map((e) => ({ ...e, metadata: metadata() })), 0);
    await store.append(userStreamId(userId), events.slice(2).map((e) => ({ ...e, metadata: metadata() })), 2);
  }
}

/** Counts how often each event is applied; not idempotent on purpose, so applying one twice shows as times = 2. */
const countingProjection = (afterApply: (event: ProjectedEvent) => void = () => {}): Projection => ({
  name: 'counting-test',
  tables: ['applied_counts'],
  handles: new Set(['UserRegistered', 'PasswordSet', 'LoginFailed', 'LoginSucceeded']),
  migrations: () => [],
  async applyBatch(tx: Queryable, events: readonly ProjectedEvent[]) {
    for (const event of events) {
      await tx.query(
        'INSERT INTO applied_counts (position, times) VALUES ($1, 1) ON CONFLICT (position) DO UPDATE SET times = applied_counts.times + 1',
        [event.position],
      );
      afterApply(event);
    }
  },
});


const snapshot = async (db: Queryable) => (await db.query('SELECT * FROM user_accounts ORDER BY id')).rows;

describe('projections', () => {
  // Each test has its own schema and log: none depends on what another left behind.
  let test: TestDatabase;
  let store: PostgresEventStore;
  beforeEach(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
  });
  afterEach(async () => {
    await store.close();
    await test.dispose();
  });

  it('when a read model is rebuilt from the log, then it equals the one built incrementally while events arrived', async () => {
    const runner = new ProjectionRunner(test.db, store, [userAccountsProjection], { batchSize: 7, pollIntervalMs: 20 });
    await runner.start();
    await appendUserHistory(store, 40);
    await runner.waitFor(await store.lastPosition(), [userAccountsProjection.name]);
    await runner.stop();
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(40);
    expectEvery(incremental, (row) => row.last_login_at !== null && row.password_set_at !== null);

    await rebuild(test.db, store, userAccountsProjection, 13);
    expect(await snapshot(test.db)).toEqual(incremental);
  });

  it('when a rebuild fills a table, then its statistics are refreshed as it grows (never planned as the empty table)', async () => {
    // Rows of 1,500 characters (under the TOAST threshold: about 5 to a page), one per event.
    const filling: Projection = {
      name: 'filling-test',
      tables: ['filled_rows'],
      handles: new Set(['UserRegistered', 'PasswordSet', 'LoginFailed', 'LoginSucceeded']),
      migrations: () => [],
      async applyBatch(tx: Queryable, events: readonly ProjectedEvent[]) {
        await tx.query('INSERT INTO filled_rows (position, padding) SELECT p, repeat(md5(p::text), 47) FROM unnest($1::bigint[]) AS p', [
          events.map((event) => event.position),
        ]);
      },
    };
    await test.db.exec('CREATE TABLE filled_rows (position bigint PRIMARY KEY, padding text NOT NULL)');
    await appendUserHistory(store, 150);
    await rebuild(test.db, store, filling, 50);
    const { rows } = await test.db.query<{ reltuples: number; relpages: number; pages: number }>(
      `SELECT reltuples::float8 AS reltuples, relpages, (pg_relation_size(oid) / current_setting('block_size')::bigint)::int AS pages
         FROM pg_class WHERE oid = 'filled_rows'::regclass`,
    );
    const table = rows[0]!;
    expect(table.pages).toBeGreaterThan(64);
    // Analyzed while it grew: its statistics describe at least half of what it holds at the end (never analyzed: -1).
    expect(table.reltuples).toBeGreaterThan(0);
    expect(table.relpages * 2).toBeGreaterThanOrEqual(table.pages);
  });

  it('when replayed set-based (applyBatch) or event by event (apply), then user_accounts comes out the same', async () => {
    await appendUserHistory(store, 40);
    await rebuild(test.db, store, userAccountsProjection, 1000);
    // Add the rarer events, so batches are cut at UserModified and fold deactivations and reactivations.
    const ids = (await test.db.query<{ id: string }>('SELECT id FROM user_accounts ORDER BY id LIMIT 6')).rows.map((r) => r.id);
    for (const [i, userId] of ids.entries()) {
      const version = (await store.readStream(userStreamId(userId))).length;
      const events: UserEvent[] = [
        { type: 'UserModified', data: { userId, email: `renamed${i}@example.com`, firstName: `R${i}`, lastName: 'Mod', role: 'ADMIN', isTrainingCompleted: true, changed: ['email'] } },
        { type: 'UserDeactivated', data: { userId, at: new Date().toISOString() } },
      ];
      if (i % 2) events.push({ type: 'UserReactivated', data: { userId, at: new Date().toISOString() } });
      // A change of name waiting for the user; every other one accepted, which applies it and clears the wait.
      const to = { email: `renamed${i}@example.com`, firstName: `R${i}`, lastName: 'Accepted' };
      events.push({
        type: 'IdentityChangeRequested',
        data: { userId, requestedBy: 'admin', to, changed: ['lastName'], needsAcceptance: true, expiresAt: '2030-01-01T00:00:00.000Z' },
      });
      if (i % 2) {
        events.push(
          { type: 'IdentityChangeAccepted', data: { userId, at: new Date().toISOString() } },
          { type: 'UserModified', data: { userId, ...to, role: 'ADMIN', isTrainingCompleted: true, changed: ['lastName'], via: 'identity-change' } },
        );
      }
      await store.append(userStreamId(userId), events.map((e) => ({ ...e, metadata: metadata() })), version);
      // A reactivation revokes the password on the user's credentials stream.
      if (i % 2) {
        const revoked: UserEvent = { type: 'PasswordRevoked', data: { userId, at: new Date().toISOString(), reason: 'reactivated' } };
        await store.append(credentialsStreamId(userId), [{ ...revoked, metadata: metadata() }], 0);
      }
    }
    for (const batchSize of [1, 7, 64, 1000]) {
      await rebuild(test.db, store, eventByEvent(userAccountsProjection), batchSize);
      const expected = await snapshot(test.db);
      await rebuild(test.db, store, userAccountsProjection, batchSize);
      expect(await snapshot(test.db)).toEqual(expected);
    }
    expect((await snapshot(test.db)).filter((row) => row.user_active === false)).toHaveLength(3);
    const rows = await snapshot(test.db);
    expect(rows.filter((row) => row.pending_identity_change !== null).map((row) => row.last_name)).toEqual(['Mod', 'Mod', 'Mod']);
    expect(rows.filter((row) => row.last_name === 'Accepted')).toHaveLength(3);
    expect(rows.filter((row) => row.password_set_at === null && row.credentials_version === 1)).toHaveLength(3);
  });

  it('when a user enrols a second factor and another has theirs reset, then user_accounts shows who has one, the versions match their streams, and every rebuild equals the incremental read model', async () => {
    const runner = new ProjectionRunner(test.db, store, [userAccountsProjection], { batchSize: 5, pollIntervalMs: 20 });
    await runner.start();
    await appendUserHistory(store, 4);
    // The four users are read from the read model once it has applied them (the runner may lag behind the appends).
    await runner.waitFor(await store.lastPosition(), [userAccountsProjection.name]);
    const ids = (await test.db.query<{ id: string }>('SELECT id FROM user_accounts ORDER BY id')).rows.map((r) => r.id);
    expect(ids).toHaveLength(4);
    const at = new Date().toISOString();
    for (const [i, userId] of ids.entries()) {
      const credentials: UserEvent[] = [
        { type: 'SecondFactorEnrolmentStarted', data: { userId, at, enrolmentId: `e-${i}` } },
        { type: 'SecondFactorCodeRefused', data: { userId, at, purpose: 'enrolment', reason: 'wrong-code' } },
        { type: 'SecondFactorCodeAccepted', data: { userId, at, timeStep: 100, purpose: 'enrolment' } },
        { type: 'RecoveryCodeUsed', data: { userId, at, enrolmentId: `e-${i}`, index: 1 } },
      ];
      await store.append(credentialsStreamId(userId), credentials.map((e) => ({ ...e, metadata: metadata() })), 0);
      const record: UserEvent[] = [{ type: 'SecondFactorEnrolled', data: { userId, at, enrolmentId: `e-${i}`, factorSeal: 'seal', recoveryCodes: 10 } }];
      if (i % 2) {
        const signature = { signerId: 'a', name: 'A Admin', email: 'a@example.com', signedAt: at, meaning: 'factor-reset' as const };
        record.push({ type: 'SecondFactorReset', data: { userId, at, signature } });
      }
      await store.append(userStreamId(userId), record.map((e) => ({ ...e, metadata: metadata() })), 4);
    }
    await runner.waitFor(await store.lastPosition(), [userAccountsProjection.name]);
    await runner.stop();
    const incremental = await snapshot(test.db);
    expect(incremental.map((row) => row.second_factor_enrolled).filter(Boolean)).toHaveLength(2);
    expectEvery(incremental, (row) => row.credentials_version === 4 && row.stream_version === (row.second_factor_enrolled ? 5 : 6));
    for (const batchSize of [1, 3, 1000]) {
      await rebuild(test.db, store, eventByEvent(userAccountsProjection), batchSize);
      expect(await snapshot(test.db)).toEqual(incremental);
      await rebuild(test.db, store, userAccountsProjection, batchSize);
      expect(await snapshot(test.db)).toEqual(incremental);
    }
  });

  it('when a projector stops in the middle of a batch, then it resumes without applying anything twice', async () => {
    await appendUserHistory(store, 40);
    await test.db.exec('CREATE TABLE applied_counts (position bigint PRIMARY KEY, times integer NOT NULL)');
    let crashAt: number | undefined;
    const counting = countingProjection((event) => {
      if (event.position === crashAt) throw new Error('projector process killed here');
    });
    await ensureCheckpoints(test.db, [counting]);
    const batchSize = 10;
    const first = await projectBatch(test.db, store, counting, batchSize);
    expect(first.read).toBe(batchSize);
    crashAt = first.position + 4; // the fifth event of the next batch
    await expect(projectBatch(test.db, store, counting, batchSize)).rejects.toThrow('projector process killed here');
    const afterCrash = await test.db.query<{ position: string }>("SELECT position FROM projection_checkpoints WHERE name = 'counting-test'");
    expect(Number(afterCrash.rows[0]!.position)).toBe(first.position);

    crashAt = undefined;
    const end = await catchUp(test.db, store, counting, batchSize);
    expect(end).toBe(await store.lastPosition());
    const { rows } = await test.db.query<{ n: string; max_times: number; min_pos: string; max_pos: string }>(
      'SELECT count(*) AS n, max(times) AS max_times, min(position) AS min_pos, max(position) AS max_pos FROM applied_counts',
    );
    expect(Number(rows[0]!.max_times)).toBe(1);
    expect(Number(rows[0]!.n)).toBe(Number(rows[0]!.max_pos) - Number(rows[0]!.min_pos) + 1);
    expect(Number(rows[0]!.n)).toBe(160);
  });

  it('when two runners project the same read model at once, then every event is still applied once', async () => {
    await appendUserHistory(store, 40);
    await Promise.all([rebuild(test.db, store, userAccountsProjection, 5), rebuild(test.db, store, userAccountsProjection, 7)]);
    const { rows } = await test.db.query<{ n: string }>('SELECT count(*) AS n FROM user_accounts');
    expect(Number(rows[0]!.n)).toBe(40);
    await test.db.exec('CREATE TABLE applied_counts (position bigint PRIMARY KEY, times integer NOT NULL)');
    const counting = countingProjection();
    await ensureCheckpoints(test.db, [counting]);
    await Promise.all([catchUp(test.db, store, counting, 3), catchUp(test.db, store, counting, 4)]);
    await catchUp(test.db, store, counting, 4);
    const result = await test.db.query<{ n: string; max_times: number }>('SELECT count(*) AS n, max(times) AS max_times FROM applied_counts');
    expect(Number(result.rows[0]!.max_times)).toBe(1);
    expect(Number(result.rows[0]!.n)).toBe(160);
  });

  const checkpoint = async (name: string) =>
    Number((await test.db.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name])).rows[0]?.position ?? -1);

  /** Events of a type no read model handles: the kind of batch that must cost a projection nothing. */
  const appendUnrelated = async (count: number) => {
    const stream = `unrelated-${randomUUID()}`;
    for (let i = 0; i < count; i++) await store.append(stream, [{ type: 'SomethingElse', data: { i }, metadata: metadata() }], i);
  };

  it('when a batch holds nothing for a projection, then no checkpoint is committed; the cursor moves, and a save writes it', async () => {
    await appendUserHistory(store, 2);
    await ensureCheckpoints(test.db, [userAccountsProjection]);
    const applied = await projectBatch(test.db, store, userAccountsProjection, 1000);
    expect(await checkpoint('user-accounts')).toBe(applied.position);
    await appendUnrelated(5);
    const skipped = await projectBatch(test.db, store, userAccountsProjection, 1000, applied);
    expect(skipped).toMatchObject({ read: 5, position: applied.position + 5, committed: applied.position });
    expect(await checkpoint('user-accounts')).toBe(applied.position);
    const saved = await saveCheckpoint(test.db, userAccountsProjection, skipped);
    expect(saved).toMatchObject({ committed: applied.position + 5, position: applied.position + 5 });
    expect(await checkpoint('user-accounts')).toBe(applied.position + 5);
  });

  it('when a command waits, then only for the read models it names: a stuck one delays nobody else', async () => {
    const stuck: Projection = { ...countingProjection(), name: 'stuck-test', applyBatch: async () => Promise.reject(new Error('this read model is broken')) };
    const runner = new ProjectionRunner(test.db, store, [userAccountsProjection, stuck], { pollIntervalMs: 20, onError: () => {} });
    await runner.start();
    try {
      await appendUserHistory(store, 1);
      const position = await store.lastPosition();
      await runner.waitFor(position, [userAccountsProjection.name], 5000);
      await expect(runner.waitFor(position, ['stuck-test'], 200)).rejects.toBeInstanceOf(ReadModelTimeoutError);
      await expect(runner.waitFor(position, ['no-such-model'])).rejects.toThrow('no read model named no-such-model');
    } finally {
      await runner.stop();
    }
  });

  it('when projections run in another process, then a read model with nothing to do up to the position counts as there', async () => {
    const worker = new ProjectionRunner(test.db, store, [userAccountsProjection], { pollIntervalMs: 20, saveProgressEveryMs: 600_000 });
    const api = new ProjectionRunner(test.db, store, [userAccountsProjection]); // not started: the API of the worker layout
    await worker.start();
    try {
      await appendUserHistory(store, 1);
      await api.waitFor(await store.lastPosition(), [userAccountsProjection.name], 5000);
      const committed = await checkpoint('user-accounts');
      await appendUnrelated(3);
      // The worker has not committed past the unrelated events, yet the read model already shows all there is.
      await api.waitFor(await store.lastPosition(), [userAccountsProjection.name], 1000);
      expect(await checkpoint('user-accounts')).toBe(committed);
    } finally {
      await worker.stop();
    }
    // Stopping writes the progress the worker held in memory.
    expect(await checkpoint('user-accounts')).toBe(await store.lastPosition());
  });

  it('when the log has a hole (a stray row far ahead), then the projector stops there, the store says so once, and waits time out', async () => {
    await appendUserHistory(store, 1);
    await ensureCheckpoints(test.db, [userAccountsProjection]);
    const caughtUp = await catchUp(test.db, store, userAccountsProjection);
    // Only someone who can switch the database's own guard off can do this; the product's role cannot.
    await test.db.exec('ALTER TABLE events DISABLE TRIGGER events_dense_positions');
    await test.db.query(
      `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
       VALUES ($1, 'stray', 1, $2, 'UserRegistered', '{"userId":"stray"}', '{}', now(), 'x')`,
      [caughtUp + 999, randomUUID()],
    );
    await test.db.exec('ALTER TABLE events ENABLE TRIGGER events_dense_positions');
    const reported: ChainBreak[] = [];
    const stopReports = store.onChainBroken((chainBreak) => reported.push(chainBreak));
    const error = await projectBatch(test.db, store, userAccountsProjection, 100).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainBrokenError);
    expect((error as ChainBrokenError).chainBreak).toEqual({ position: caughtUp + 1, streamId: 'stray', reason: `the event at position ${caughtUp + 1} is missing` });
    expect(await checkpoint('user-accounts')).toBe(caughtUp);
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(test.db, store, [userAccountsProjection], { pollIntervalMs: 20, onError: (_name, e) => errors.push(e) });
    await runner.start();
    try {
      await expect(runner.waitFor(caughtUp + 999, [userAccountsProjection.name], 300)).rejects.toBeInstanceOf(ReadModelTimeoutError);
      // Told once by the store however often the runner tries again, not at every poll.
      expect(errors).toEqual([]);
      expect(reported).toHaveLength(1);
    } finally {
      await runner.stop();
      stopReports();
    }
    expect(await checkpoint('user-accounts')).toBe(caughtUp);
  });
});
