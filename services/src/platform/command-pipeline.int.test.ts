import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { Seals } from './seals';
import { CommandPipeline, type Decider, fold, type ReadModels, SNAPSHOT_EVERY, Snapshots } from './command-pipeline';
import { Refusal } from './errors';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

type CounterEvent = { type: 'Counted'; data: { by: number } } | { type: 'CountRefused'; data: { attempts: number } };
type CounterCommand = { type: 'Count'; by: number } | { type: 'CountAtMost'; by: number; limit: number };
interface CounterState {
  total: number;
  refusals: number;
}

/** A small aggregate for the pipeline's own tests: a refusal is recorded, like a failed credential check. */
const counter: Decider<CounterCommand, CounterEvent, CounterState> = {
  name: 'counter',
  initialState: () => ({ total: 0, refusals: 0 }),
  evolve: (state, event) =>
    event.type === 'Counted' ? { ...state, total: state.total + event.data.by } : { ...state, refusals: state.refusals + 1 },
  decide(command, state) {
    switch (command.type) {
      case 'Count':
        return { events: [{ type: 'Counted', data: { by: command.by } }] };
      case 'CountAtMost':
        if (state.total + command.by > command.limit) {
          return { events: [{ type: 'CountRefused', data: { attempts: state.refusals + 1 } }], rejection: { code: 'concurrent-change' } };
        }
        return { events: [{ type: 'Counted', data: { by: command.by } }] };
      default: {
        const unhandled: never = command;
        return unhandled;
      }
    }
  },
};

class RecordingReadModels implements ReadModels {
  readonly waits: Array<{ position: number; readModels: readonly string[] }> = [];
  async waitFor(position: number, readModels: readonly string[]) {
    this.waits.push({ position, readModels });
  }
}

const origin = { actor: { type: 'system' as const, name: 'pipeline-test' }, correlationId: 'c-1', ip: null, userAgent: null };

describe('the command pipeline', () => {
  let test: TestDatabase;
  let store: EventStore;
  let readModels: RecordingReadModels;
  let now: Date;
  let pipeline: CommandPipeline;
  beforeAll(async () => {
    test = await openTestDatabase();
    store = await PostgresEventStore.open(test.db, { chainKey: TEST_AUDIT_KEY });
    readModels = new RecordingReadModels();
    now = new Date('2026-11-21T10:00:00.000Z');
    pipeline = new CommandPipeline(store, new Snapshots(test.db, new Seals(TEST_AUDIT_KEY)), readModels, () => now);
  });
  afterAll(async () => {
    await store.close();
    await test.dispose();
  });

  const stream = () => `counter-${randomUUID()}`;

  it('when a command takes several steps, then the clock is read once and every event carries that time and origin', async () => {
    const run = pipeline.begin(origin);
    const started = now;
    const [a, b] = [stream(), stream()];
    await run.execute({ stream: a, decider: counter, command: { type: 'Count', by: 1 } });
    now = new Date(now.getTime() + 60_000);
    await run.execute({ stream: b, decider: counter, command: { type: 'Count', by: 2 } });
    const events = [...(await store.readStream(a)), ...(await store.readStream(b))];
    expect(events.map((e) => e.metadata.occurredAt)).toEqual([started.toISOString(), started.toISOString()]);
    expect(events[1]!.metadata).toMatchObject({ actor: origin.actor, correlationId: 'c-1' });
  });

  it('when two commands race on one stream without an expected version, then the loser decides again on the new state', async () => {
    const s = stream();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } })),
    );
    expect(results.map((r) => r.version).sort()).toEqual([1, 2, 3, 4]);
    expect(fold(counter, (await store.readStream(s)) as never).total).toBe(4);
  });

  it('when the client saw another version (If-Match), then 409 concurrent-change and nothing is appended', async () => {
    const s = stream();
    await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    const before = await store.lastPosition();
    await expect(pipeline.begin(origin).execute({ stream: s, decider: counter, expectedVersion: 0, command: { type: 'Count', by: 1 } })).rejects.toMatchObject({
      rejection: { code: 'concurrent-change' },
    });
    expect(await store.lastPosition()).toBe(before);
    const ok = await pipeline.begin(origin).execute({ stream: s, decider: counter, expectedVersion: 1, command: { type: 'Count', by: 1 } });
    expect(ok.version).toBe(2);
  });

  it('when a step appends, then each follower runs after the append with its stream and events, before the step returns; a step that appends nothing runs none', async () => {
    const followed: Array<{ stream: string; types: string[]; committed: number }> = [];
    const followers = new CommandPipeline(store, new Snapshots(test.db, new Seals(TEST_AUDIT_KEY)), readModels, () => now, undefined, [
      async (run, followedStream, events) => {
        followed.push({ stream: followedStream, types: events.map((event) => event.type), committed: (await store.readStream(followedStream)).length });
      },
    ]);
    const s = stream();
    await followers.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    expect(followed).toEqual([{ stream: s, types: ['Counted'], committed: 1 }]);
    // A refusal that records its events follows them too; one that records nothing does not.
    await followers.begin(origin).execute({ stream: s, decider: counter, command: { type: 'CountAtMost', by: 5, limit: 3 } }).catch(() => undefined);
    expect(followed.at(-1)).toEqual({ stream: s, types: ['CountRefused'], committed: 2 });
    await followers.begin(origin).check({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    expect(followed).toHaveLength(2);
  });

  it('when a decision refuses but records events, then they are appended and the refusal is thrown', async () => {
    const s = stream();
    const error = await pipeline
      .begin(origin)
      .execute({ stream: s, decider: counter, command: { type: 'CountAtMost', by: 5, limit: 3 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect((await store.readStream(s)).map((e) => e.type)).toEqual(['CountRefused']);
  });

  it('when a step is only checked, then a refusal is thrown and nothing is appended, even the events it would record', async () => {
    const s = stream();
    const before = await store.lastPosition();
    await expect(pipeline.begin(origin).check({ stream: s, decider: counter, command: { type: 'CountAtMost', by: 5, limit: 3 } })).rejects.toBeInstanceOf(Refusal);
    await pipeline.begin(origin).check({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    expect(await store.lastPosition()).toBe(before);
  });

  it('when a step is given the stream as the command folded it (from), then check and execute decide on it without reading the stream again', async () => {
    const s = stream();
    await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 2 } });
    const run = pipeline.begin(origin);
    const loaded = await run.load(s, counter);
    const reads: string[] = [];
    const readStream = store.readStream;
    store.readStream = (id, after) => {
      reads.push(id);
      return readStream.call(store, id, after);
    };
    try {
      await expect(run.check({ stream: s, decider: counter, from: loaded, command: { type: 'CountAtMost', by: 5, limit: 3 } })).rejects.toBeInstanceOf(Refusal);
      await run.check({ stream: s, decider: counter, from: loaded, expectedVersion: 1, command: { type: 'Count', by: 1 } });
      const result = await run.execute({ stream: s, decider: counter, from: loaded, expectedVersion: loaded.version, command: { type: 'Count', by: 1 } });
      expect(result).toMatchObject({ version: 2, state: { total: 3 } });
    } finally {
      store.readStream = readStream;
    }
    expect(reads).toEqual([]);
    await expect(run.check({ stream: stream(), decider: counter, from: loaded, command: { type: 'Count', by: 1 } })).rejects.toThrow(/was given the state of/);
  });

  it('when the stream moved after the fold a step is given, then with an expected version 409 and nothing appended; without one it folds again and decides on what is there', async () => {
    const s = stream();
    await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    const run = pipeline.begin(origin);
    const loaded = await run.load(s, counter);
    await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    const before = await store.lastPosition();
    await expect(run.execute({ stream: s, decider: counter, from: loaded, expectedVersion: loaded.version, command: { type: 'Count', by: 1 } })).rejects.toMatchObject({
      rejection: { code: 'concurrent-change' },
    });
    expect(await store.lastPosition()).toBe(before);
    expect(await run.execute({ stream: s, decider: counter, from: loaded, command: { type: 'Count', by: 1 } })).toMatchObject({ version: 3, state: { total: 3 } });
  });

  it('when a command settles, then it waits only for the read models it names, up to its own last event', async () => {
    const run = pipeline.begin(origin);
    await run.settle(['user-accounts']); // nothing appended: nothing to wait for
    await run.execute({ stream: stream(), decider: counter, command: { type: 'Count', by: 1 } });
    await run.settle(['customer-list']);
    expect(readModels.waits.at(-1)).toEqual({ position: await store.lastPosition(), readModels: ['customer-list'] });
  });

  it('when a stream grows long, then it is loaded from a snapshot plus the events after it, with the same state', async () => {
    const s = stream();
    const snapshots = new Snapshots(test.db, new Seals(TEST_AUDIT_KEY));
    for (let i = 1; i <= SNAPSHOT_EVERY + 20; i++) await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: i } });
    const snapshot = await snapshots.load<CounterState>(s, snapshots.keyOf(counter as never));
    expect(snapshot?.version).toBe(SNAPSHOT_EVERY);
    const loaded = await pipeline.begin(origin).load(s, counter);
    expect(loaded).toEqual({ stream: s, state: fold(counter, (await store.readStream(s)) as never), version: SNAPSHOT_EVERY + 20, sinceSnapshot: 20 });
    expect(loaded.state.total).toBe(((SNAPSHOT_EVERY + 20) * (SNAPSHOT_EVERY + 21)) / 2);
  });

  it('when the decider code changes, then an older snapshot is not used', async () => {
    const s = stream();
    for (let i = 0; i < SNAPSHOT_EVERY; i++) await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    const changed: typeof counter = { ...counter, evolve: (state, event) => (event.type === 'Counted' ? { ...state, total: state.total + 2 * event.data.by } : state) };
    const loaded = await pipeline.begin(origin).load(s, changed);
    expect(loaded).toMatchObject({ state: { total: 2 * SNAPSHOT_EVERY }, sinceSnapshot: SNAPSHOT_EVERY });
  });

  it('when a snapshot row is changed behind the product\'s back, then it is not used and the stream is folded from its events', async () => {
    const s = stream();
    for (let i = 0; i < SNAPSHOT_EVERY; i++) await pipeline.begin(origin).execute({ stream: s, decider: counter, command: { type: 'Count', by: 1 } });
    expect(await pipeline.begin(origin).load(s, counter)).toMatchObject({ state: { total: SNAPSHOT_EVERY }, sinceSnapshot: 0 });
    // What a writer with the API's own role can do: change the folded state (its seal then no longer holds).
    await test.db.query(`UPDATE stream_snapshots SET state = jsonb_set(state, '{total}', '1000000') WHERE stream_id = $1`, [s]);
    expect(await pipeline.begin(origin).load(s, counter)).toMatchObject({ state: { total: SNAPSHOT_EVERY }, sinceSnapshot: SNAPSHOT_EVERY });
    // Or plant a row with a made-up seal.
    await test.db.query(`UPDATE stream_snapshots SET seal = 'made-up' WHERE stream_id = $1`, [s]);
    expect(await pipeline.begin(origin).load(s, counter)).toMatchObject({ state: { total: SNAPSHOT_EVERY }, sinceSnapshot: SNAPSHOT_EVERY });
  });
});
