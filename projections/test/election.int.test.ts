import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type UserEvent, userStreamId } from '@ifu/contracts';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { TEST_AUDIT_KEY } from '../../test-support/audit-key';
import '../../test-support/provided-context';
import { openTestDatabase, skipWithoutServer, type TestDatabase } from '../../test-support/test-database';
import { AdvisoryLockElection, type Election, LEADER_LOCK_SPACE, leaderLockKey } from '../src/election';
import type { Projection } from '../src/projection';
import { ensureCheckpoints, LeadershipLostError, projectBatch } from '../src/catch-up';
import { ProjectionRunner, rebuild } from '../src/runner';
import { userAccountsProjection } from '../src/user-accounts/projection';
import { metadata } from './support';


async function appendUsers(store: PostgresEventStore, users: number) {
  for (let i = 0; i < users; i++) {
    const userId = randomUUID();
    const events: UserEvent[] = [
      { type: 'UserRegistered', data: { userId, email: `${userId}@example.com`, firstName: `F${i}`, lastName: `L${i}`, role: 'USER', isTrainingCompleted: true, origin: 'admin' } },
      { type: 'PasswordSet', data: { userId, setAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(), via: 'set-password-link' } },
    ];
    await store.append(userStreamId(userId), events.map((e) => ({ ...e, metadata: metadata() })), 0);
  }
}

/** The user accounts read model, telling which runner applied each event. */
const recording = (applied: number[]): Projection => ({
  ...userAccountsProjection,
  async applyBatch(tx, events) {
    await userAccountsProjection.applyBatch(tx, events);
    applied.push(...events.map((e) => e.position));
  },
});

const snapshot = async (db: Queryable) => (await db.query('SELECT * FROM user_accounts ORDER BY id')).rows;

/**
 * The backend holding the leader lock of `projection` in `schema`, as the server sees it. pg_locks shows every
 * database of the server, and other tests' databases have the same schema name and keys: this database's only.
 */
async function leaderBackend(db: Queryable, schema: string, projection: string): Promise<number | undefined> {
  const { rows } = await db.query<{ pid: number }>(
    `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND classid = $1::bigint::oid AND objid = $2::bigint::oid AND objsubid = 2 AND granted`,
    [LEADER_LOCK_SPACE, leaderLockKey(schema, projection)],
  );
  return rows[0]?.pid;
}

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
}

// Embedded PGlite has one process, which always leads.
describe.skipIf(skipWithoutServer())('projection election (advisory locks on the server)', () => {
  let test: TestDatabase;
  let secondDb: Database;
  let store: PostgresEventStore;
  beforeEach(async () => {
    test = await openTestDatabase();
    // The second "process": a pool of its own, so its lock connection and its batches are other sessions.
    secondDb = openPostgres({ connectionString: test.connectionString!, searchPath: test.schema, max: 5 });
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
  });
  afterEach(async () => {
    await store.close();
    await secondDb.close();
    await test.dispose();
  });

  it('when two runners share a projection, then one applies, and the other takes over once the leader lock connection breaks', async () => {
    const appliedByFirst: number[] = [];
    const appliedBySecond: number[] = [];
    const leadership: string[] = [];
    // Whoever tries first after the lock is gone leads: the first tries far less often, so that it is the second.
    const runner = (db: Database, name: string, applied: number[], electionIntervalMs: number) =>
      new ProjectionRunner(db, store, [recording(applied)], {
        batchSize: 5,
        pollIntervalMs: 20,
        electionIntervalMs,
        election: new AdvisoryLockElection(db),
        onLeadership: (_, leading) => leadership.push(`${name} ${leading ? 'leads' : 'stands by'}`),
      });
    const first = runner(test.db, 'first', appliedByFirst, 1000);
    const second = runner(secondDb, 'second', appliedBySecond, 20);
    await first.start();
    await second.start();
    try {
      expect(leadership).toEqual(['first leads', 'second stands by']);
      expect(first.leads(userAccountsProjection.name)).toBe(true);
      expect(second.leads(userAccountsProjection.name)).toBe(false);

      await appendUsers(store, 20);
      const before = await store.lastPosition();
      await first.waitFor(before, [userAccountsProjection.name]);
      // The standby's waitFor reads the checkpoint the leader wrote: it does not wait forever.
      await second.waitFor(before, [userAccountsProjection.name]);
      expect(appliedByFirst).toHaveLength(before);
      expect(appliedBySecond).toEqual([]);

      // The leader's lock connection breaks while its process lives on: it stops at once, the standby takes over.
      const lockHolder = await leaderBackend(test.db, test.schema, userAccountsProjection.name);
      expect(lockHolder).toBeDefined();
      await test.db.query('SELECT pg_terminate_backend($1)', [lockHolder]);
      await until('the first runner stands by', () => !first.leads(userAccountsProjection.name));
      await until('the second runner leads', () => second.leads(userAccountsProjection.name));
      expect(leadership).toEqual(['first leads', 'second stands by', 'first stands by', 'second leads']);

      await appendUsers(store, 20);
      const after = await store.lastPosition();
      await second.waitFor(after, [userAccountsProjection.name]);
      await first.waitFor(after, [userAccountsProjection.name]);
      // Every event applied exactly once, by one runner or the other.
      expect(appliedByFirst).toHaveLength(before);
      expect([...appliedByFirst, ...appliedBySecond].sort((a, b) => a - b)).toEqual(Array.from({ length: after }, (_, i) => i + 1));
      // The first runner tried again (a new lock connection) and found the lead taken: still standing by.
      await sleep(1500);
      expect(first.leads(userAccountsProjection.name)).toBe(false);
      expect(leadership).toHaveLength(4);
      expect(await leaderBackend(test.db, test.schema, userAccountsProjection.name)).not.toBe(lockHolder);
    } finally {
      await second.stop();
      await first.stop();
    }
    const incremental = await snapshot(test.db);
    expect(incremental).toHaveLength(40);
    await rebuild(test.db, store, userAccountsProjection, 7);
    expect(await snapshot(test.db)).toEqual(incremental);
  });

  it('when the lock connection breaks during a batch, then that batch is rolled back, the standby applies it, and a wait on the old leader is answered', async () => {
    const appliedByFirst: number[] = [];
    const appliedBySecond: number[] = [];
    // The first runner's batch holds at its leadership check (its checkpoint row already locked) until the gate opens.
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let atGate!: () => void;
    const reachedGate = new Promise<void>((resolve) => (atGate = resolve));
    const firstElection = new AdvisoryLockElection(test.db);
    const gated: Election = {
      campaign: (names) => firstElection.campaign(names),
      onLost: (listener) => firstElection.onLost(listener),
      close: () => firstElection.close(),
      async stillLeads(tx, name) {
        atGate();
        await gate;
        return firstElection.stillLeads(tx, name);
      },
    };
    const first = new ProjectionRunner(test.db, store, [recording(appliedByFirst)], { batchSize: 100, pollIntervalMs: 20, electionIntervalMs: 1000, election: gated });
    const second = new ProjectionRunner(secondDb, store, [recording(appliedBySecond)], {
      batchSize: 100,
      pollIntervalMs: 20,
      electionIntervalMs: 20,
      election: new AdvisoryLockElection(secondDb),
    });
    await first.start();
    await second.start();
    try {
      await appendUsers(store, 5);
      const last = await store.lastPosition();
      await reachedGate;
      const waited = first.waitFor(last, [userAccountsProjection.name], 20_000);
      const lockHolder = await leaderBackend(test.db, test.schema, userAccountsProjection.name);
      await test.db.query('SELECT pg_terminate_backend($1)', [lockHolder]);
      await until('the first runner stands by', () => !first.leads(userAccountsProjection.name));
      await until('the second runner leads', () => second.leads(userAccountsProjection.name));
      openGate();
      await waited;
      await second.waitFor(last, [userAccountsProjection.name]);
      expect(appliedByFirst).toEqual([]);
      expect(appliedBySecond).toEqual(Array.from({ length: last }, (_, i) => i + 1));
    } finally {
      openGate();
      await second.stop();
      await first.stop();
    }
  });

  it('when the leader stops, then it gives its lead up and the standby takes over', async () => {
    const first = new ProjectionRunner(test.db, store, [userAccountsProjection], { election: new AdvisoryLockElection(test.db), electionIntervalMs: 100 });
    const second = new ProjectionRunner(secondDb, store, [userAccountsProjection], { election: new AdvisoryLockElection(secondDb), electionIntervalMs: 100 });
    await first.start();
    await second.start();
    try {
      expect(second.leads(userAccountsProjection.name)).toBe(false);
      await first.stop();
      await until('the second runner leads', () => second.leads(userAccountsProjection.name));
      await appendUsers(store, 3);
      await second.waitFor(await store.lastPosition(), [userAccountsProjection.name]);
      expect(await snapshot(test.db)).toHaveLength(3);
    } finally {
      await second.stop();
    }
  });

  it('when a batch finds its process no longer leads, then it is rolled back and the checkpoint stays', async () => {
    const election = new AdvisoryLockElection(test.db);
    try {
      expect(await election.campaign([userAccountsProjection.name])).toEqual(new Set([userAccountsProjection.name]));
      // The lock as the server holds it for this session is what the fence sees.
      expect(await test.db.transaction((tx) => election.stillLeads(tx, userAccountsProjection.name))).toBe(true);
      expect(await test.db.transaction((tx) => election.stillLeads(tx, 'another-projection'))).toBe(false);
    } finally {
      await election.close();
    }
    await ensureCheckpoints(test.db, [userAccountsProjection]);
    await appendUsers(store, 2);
    await expect(projectBatch(test.db, store, userAccountsProjection, 10, { committed: 0, position: 0 }, async () => false)).rejects.toThrow(
      LeadershipLostError,
    );
    expect(await snapshot(test.db)).toEqual([]);
    const { rows } = await test.db.query<{ position: string }>('SELECT position FROM projection_checkpoints WHERE name = $1', [userAccountsProjection.name]);
    expect(Number(rows[0]!.position)).toBe(0);
  });
});
