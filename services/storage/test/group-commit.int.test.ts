import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { expectEvery, expectNone } from '../../../test-support/list-expectations';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import type { Database } from '../src/database/database';
import { ChainBrokenError, type EventMetadata, type NewEvent, WrongExpectedVersionError } from '../src/event-store/event-store';
import { PostgresEventStore } from '../src/event-store/postgres-event-store';

const metadata = (): EventMetadata => ({
  actor: { type: 'system', name: 'group-commit-test' },
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  ip: null,
  userAgent: null,
});
const event = (data: Record<string, unknown>): NewEvent => ({ type: 'Happened', data, metadata: metadata() });

/** `db`, counting the group commits sent through it: a test of grouping must see that grouping happened. */
function countingBatches(db: Database): { db: Database; batches: () => number } {
  let batches = 0;
  const seen = (sql: string) => {
    if (sql.includes('append_events_batch(')) batches++;
  };
  const counted: Database = {
    kind: db.kind,
    description: db.description,
    query: (sql, params) => (seen(sql), db.query(sql, params)),
    ...(db.queryPrepared ? { queryPrepared: (name: string, sql: string, params: readonly unknown[]) => (seen(sql), db.queryPrepared!(name, sql, params)) } : {}),
    exec: (sql) => db.exec(sql),
    transaction: (work) => db.transaction(work),
    close: () => db.close(),
  } as Database;
  return { db: counted, batches: () => batches };
}

const settle = <T>(promises: Promise<T>[]) => Promise.allSettled(promises);

describe('group commit: concurrent appends of one process share a transaction', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let batches: () => number;
  beforeAll(async () => {
    test = await openTestDatabase();
    const counting = countingBatches(test.db);
    batches = counting.batches;
    store = await PostgresEventStore.open(counting.db, { chainKey: TEST_AUDIT_KEY });
  });
  afterAll(async () => {
    await store?.close();
    await test?.dispose();
  });

  it('when many appenders write across streams and some expect a wrong version, then exactly those fail and every other event is in the log once, chained', async () => {
    const before = await store.lastPosition();
    const batchesBefore = batches();
    const streams = Array.from({ length: 24 }, (_, i) => `gc-${i}-${randomUUID()}`);
    const rounds = 6;
    // Each stream: `rounds` appends in a row with the right version (every third one two events), and next to each
    // one an append that expects a version the stream never has: exactly these must fail.
    const rogue: Promise<unknown>[] = []; // each settled to its outcome at once: awaited only after the writers
    let woken = 0;
    const stop = store.onAppended(() => woken++);
    const written = await Promise.all(
      streams.map(async (stream, s) => {
        let version = 0;
        let events = 0;
        for (let round = 0; round < rounds; round++) {
          rogue.push(store.append(stream, [event({ s, round, rogue: true })], version + 50).then((r) => r, (error: unknown) => error));
          const batch = round % 3 === 0 ? [event({ s, round, n: 0 }), event({ s, round, n: 1 })] : [event({ s, round, n: 0 })];
          const result = await store.append(stream, batch, version);
          version += batch.length;
          events += batch.length;
          expect(result.nextExpectedVersion).toBe(version);
        }
        return events;
      }),
    );
    stop();
    const rogueResults = await Promise.all(rogue);
    expectEvery(rogueResults, (r) => r instanceof WrongExpectedVersionError, 'the appends at a wrong version');
    expect(rogueResults).toHaveLength(streams.length * rounds);

    const total = written.reduce((a, b) => a + b, 0);
    const log = await store.readAll(before, total + 100);
    expect(log.map((e) => e.position)).toEqual(Array.from({ length: total }, (_, i) => before + i + 1));
    expectNone(log, (e) => e.data.rogue === true, 'the log');
    const keys = new Set(log.map((e) => `${String(e.data.s)}/${String(e.data.round)}/${String(e.data.n)}`));
    expect(keys.size).toBe(total);
    for (const stream of streams) {
      const events = await store.readStream(stream);
      expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: events.length }, (_, i) => i + 1));
    }
    expect(await store.verifyChain()).toMatchObject({ ok: true, lastPosition: before + total });
    expect(batches() - batchesBefore).toBeGreaterThan(0); // appends were grouped
    expect(woken).toBeGreaterThan(0);
  });

  it('when two appends of one batch expect the same version of a stream, then the first wins and the second fails alone', async () => {
    const stream = `race-${randomUUID()}`;
    const others = Array.from({ length: 6 }, (_, i) => store.append(`other-${i}-${randomUUID()}`, [event({ i })], 0));
    const first = store.append(stream, [event({ who: 'first' })], 0);
    const second = store.append(stream, [event({ who: 'second' })], 0);
    const [a, b] = await settle([first, second]);
    expect(a).toMatchObject({ status: 'fulfilled' });
    expect(b).toMatchObject({ status: 'rejected', reason: { name: 'WrongExpectedVersionError', actual: 1 } });
    await Promise.all(others);
    expect((await store.readStream(stream)).map((e) => e.data.who)).toEqual(['first']);
    expect(await store.verifyChain()).toMatchObject({ ok: true });
  });

  it("when appends in one batch expect 'any', then each goes to the end of its stream, after the others of the batch", async () => {
    const stream = `any-${randomUUID()}`;
    await store.append(stream, [event({ n: 0 })], 0);
    const results = await Promise.all([
      ...Array.from({ length: 10 }, (_, n) => store.append(stream, [event({ n: n + 1 })], 'any')),
      store.append(stream, [event({ n: 'explicit' })], 1), // in the first batch: right only if it goes before the 'any's
    ].map((p) => p.then((r) => r, (error: unknown) => error)));
    const versions = (await store.readStream(stream)).map((e) => e.streamVersion);
    const failed = results.filter((r) => r instanceof WrongExpectedVersionError);
    expect(versions).toEqual(Array.from({ length: 11 - failed.length + 1 }, (_, i) => i + 1));
    expectEvery(results.slice(0, 10), (r) => !(r instanceof Error), "the 'any' appends"); // 'any' never fails for a racing writer
    expect(await store.verifyChain()).toMatchObject({ ok: true });
  });

  it('when the batch function is given an append with a wrong version, then it inserts nothing and names that append', async () => {
    const a = `direct-a-${randomUUID()}`;
    const b = `direct-b-${randomUUID()}`;
    const tail = await store.lastPosition();
    const call = test.db.query(
      `SELECT append_events_batch(ARRAY[$1, $2], ARRAY[0, 3], ARRAY[1, 1], $3, ARRAY[gen_random_uuid(), gen_random_uuid()],
         ARRAY['Happened', 'Happened'], ARRAY['{}'::jsonb, '{}'::jsonb], ARRAY['{}'::jsonb, '{}'::jsonb], now(), ARRAY['x', 'y'], false)`,
      [a, b, tail],
    );
    await expect(call).rejects.toMatchObject({ code: 'IF001', detail: '2:0' });
    expect(await store.lastPosition()).toBe(tail);
  });
});

describe('group commit from two processes on one log', () => {
  it('when both append many at once, then the tail check re-chains their batches and no event is lost or doubled', async () => {
    const test = await openTestDatabase();
    const [a, b] = [await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY }), await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY })];
    try {
      await Promise.all(
        Array.from({ length: 16 }, async (_, writer) => {
          const store = writer % 2 ? a : b;
          const stream = `two-${writer}-${randomUUID()}`;
          for (let i = 0; i < 8; i++) await store.append(stream, [event({ writer, i })], i);
        }),
      );
      expect(await a.lastPosition()).toBe(128);
      expect(await b.verifyChain()).toMatchObject({ ok: true, checked: 128, lastPosition: 128 });
    } finally {
      await a.close();
      await b.close();
      await test.dispose();
    }
  });
});

describe('group commit after a link that does not verify', () => {
  it('when the tail was forged, then every append of the batch is refused', async () => {
    const test = await openTestDatabase();
    const writer = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    const store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    try {
      await writer.append('forged-x', [event({ n: 1 })], 0);
      await test.db.query(
        `SELECT append_events('forged-x', 1, 1, ARRAY[gen_random_uuid()], ARRAY['Happened'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb], now(), ARRAY[repeat('0', 64)], false)`,
      );
      const results = await settle(Array.from({ length: 6 }, (_, i) => store.append(`after-${i}`, [event({ i })], 0)));
      expectEvery(results, (r) => r.status === 'rejected' && r.reason instanceof ChainBrokenError, 'the appends after the forged link');
      expect(await store.lastPosition()).toBe(2);
    } finally {
      await writer.close();
      await store.close();
      await test.dispose();
    }
  });
});
