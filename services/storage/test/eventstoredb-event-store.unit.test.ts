import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  type AppendExpectedRevision,
  type EventData,
  EventStoreDBClient,
  type Position,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EventMetadata, WrongExpectedVersionError } from '../src/event-store/event-store';
import {
  CHAIN_METADATA_KEY,
  chainHash,
  type ChainEnvelope,
  comparePositions,
  EventStoreDbEventStore,
  fromEsdbWrongExpectedVersion,
  isSystemEvent,
  positionOf,
  readPositionFrom,
  streamVersionOf,
  toExpectedRevision,
  toRecordedEvent,
  unwrapMetadata,
  versionFromCurrentRevision,
  wrapMetadata,
} from '../src/event-store/eventstoredb-event-store';
import { eventHash, GENESIS_HASH } from '../src/event-store/hash-chain';
import { describeEventStoreContract, type TamperableField } from './event-store-contract';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

const metadata: EventMetadata = {
  actor: { type: 'user', userId: 'u-1', email: 'signer@example.com' },
  occurredAt: '2025-01-02T03:04:05.678Z',
  correlationId: '6f1c7a52-1f7e-4a8e-9d55-0d8b5b7f1e11',
  ip: null,
  userAgent: 'unit',
};
const chain: ChainEnvelope = { recordedAt: '2025-01-02T03:04:05.679Z', hash: 'a'.repeat(64), previousHash: GENESIS_HASH };

describe('EventStoreDB mapping: versions', () => {
  it('when the expected version is 0, n or any, then ESDB gets NO_STREAM, revision n-1 or ANY', () => {
    expect(toExpectedRevision(0)).toBe('no_stream');
    expect(toExpectedRevision(1)).toBe(0n);
    expect(toExpectedRevision(5)).toBe(4n);
    expect(toExpectedRevision('any')).toBe('any');
  });

  it('when the expected version is negative or fractional, then it is refused', () => {
    expect(() => toExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toExpectedRevision(1.5)).toThrow(RangeError);
  });

  it('when ESDB reports revisions, then stream versions are revision + 1 and no stream is version 0', () => {
    expect(streamVersionOf(0n)).toBe(1);
    expect(streamVersionOf(41n)).toBe(42);
    expect(versionFromCurrentRevision('no_stream')).toBe(0);
    expect(versionFromCurrentRevision(2n)).toBe(3);
  });

  it("when ESDB refuses an append, then our WrongExpectedVersionError carries the stream's actual version", () => {
    const stale = new EsdbWrongExpectedVersionError(undefined, { streamName: 's-1', expected: 0n, current: 2n });
    const mapped = fromEsdbWrongExpectedVersion('s-1', 1, stale);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({ streamId: 's-1', expected: 1, actual: 3 });
    const exists = new EsdbWrongExpectedVersionError(undefined, { streamName: 's-2', expected: 'no_stream', current: 0n });
    expect(fromEsdbWrongExpectedVersion('s-2', 0, exists)).toMatchObject({ expected: 0, actual: 1 });
    const missing = new EsdbWrongExpectedVersionError(undefined, { streamName: 's-3', expected: 4n, current: 'no_stream' });
    expect(fromEsdbWrongExpectedVersion('s-3', 5, missing)).toMatchObject({ actual: 0 });
    expect(fromEsdbWrongExpectedVersion('s-1', 1, new Error('boom'))).toBeUndefined();
    expect(fromEsdbWrongExpectedVersion('s-1', 1, new StreamNotFoundError(undefined, 's-1'))).toBeUndefined();
  });
});

describe('EventStoreDB mapping: positions', () => {
  it('when an ESDB position is converted, then our position is its commit position', () => {
    expect(positionOf({ commit: 123_456n, prepare: 123_456n })).toBe(123_456);
    expect(positionOf({ commit: BigInt(Number.MAX_SAFE_INTEGER), prepare: 0n })).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('when a commit position is beyond 2^53, then it is refused rather than rounded', () => {
    expect(() => positionOf({ commit: BigInt(Number.MAX_SAFE_INTEGER) + 1n, prepare: 0n })).toThrow(RangeError);
    expect(() => positionOf({ commit: 18_446_744_073_709_551_615n, prepare: 0n })).toThrow(RangeError);
  });

  it('when reading after a position, then the read starts at that position, or at the start for 0', () => {
    expect(readPositionFrom(0)).toBe('start');
    expect(readPositionFrom(-3)).toBe('start');
    expect(readPositionFrom(4096)).toEqual({ commit: 4096n, prepare: 4096n });
    expect(() => readPositionFrom(1.5)).toThrow(RangeError);
  });

  it('when positions are compared, then commit decides first and prepare breaks ties', () => {
    expect(comparePositions({ commit: 1n, prepare: 9n }, { commit: 2n, prepare: 0n })).toBe(-1);
    expect(comparePositions({ commit: 2n, prepare: 3n }, { commit: 2n, prepare: 1n })).toBe(1);
    expect(comparePositions({ commit: 2n, prepare: 2n }, { commit: 2n, prepare: 2n })).toBe(0);
  });

  it('when an event is a system event by type or stream, then it is not ours', () => {
    expect(isSystemEvent('$ce-doc', '$>')).toBe(true);
    expect(isSystemEvent('$$doc-1', '$metadata')).toBe(true);
    expect(isSystemEvent('$persistentsubscription-x::g-checkpoint', 'SubscriptionCheckpoint')).toBe(true);
    expect(isSystemEvent('doc-1', '$statsCollected')).toBe(true);
    expect(isSystemEvent('doc-1', 'DocumentSigned')).toBe(false);
  });
});

describe('EventStoreDB mapping: metadata and chain', () => {
  it('when metadata is wrapped and stored as JSON, then unwrapping gives back ours and the envelope', () => {
    const stored = JSON.parse(JSON.stringify(wrapMetadata(metadata, chain))) as Record<string, unknown>;
    expect(stored[CHAIN_METADATA_KEY]).toEqual(chain);
    expect(unwrapMetadata(stored)).toEqual({ metadata, chain });
  });

  it('when the envelope is missing or malformed, then metadata is still stripped and no chain is reported', () => {
    expect(unwrapMetadata({ ...metadata })).toEqual({ metadata });
    expect(unwrapMetadata({ ...metadata, [CHAIN_METADATA_KEY]: { hash: 1 } })).toEqual({ metadata });
    expect(unwrapMetadata(undefined)).toEqual({ metadata: {} });
    expect(unwrapMetadata(new Uint8Array([1, 2]))).toEqual({ metadata: {} });
  });

  it('when an ESDB event is mapped, then version, position, recordedAt and hash come from revision, commit and envelope', () => {
    const id = randomUUID();
    const { event, chain: mappedChain } = toRecordedEvent({
      streamId: 'doc-1',
      id: id.toUpperCase(),
      revision: 2n,
      type: 'DocumentSigned',
      data: { n: 1 },
      metadata: wrapMetadata(metadata, chain),
      created: new Date('2030-01-01T00:00:00.000Z'),
      position: { commit: 777n, prepare: 777n },
    });
    expect(event).toEqual({
      position: 777,
      streamId: 'doc-1',
      streamVersion: 3,
      eventId: id,
      type: 'DocumentSigned',
      data: { n: 1 },
      metadata,
      recordedAt: chain.recordedAt,
      hash: chain.hash,
    });
    expect(mappedChain).toEqual(chain);
  });

  it('when an ESDB event has no envelope and no position, then it maps with an empty hash, its created time and position 0', () => {
    const { event, chain: mappedChain } = toRecordedEvent({
      streamId: 'doc-1',
      id: randomUUID(),
      revision: 0n,
      type: 'Foreign',
      data: 'not an object',
      metadata: undefined,
      created: new Date('2030-01-01T00:00:00.000Z'),
    });
    expect(mappedChain).toBeUndefined();
    expect(event).toMatchObject({ position: 0, data: {}, hash: '', recordedAt: '2030-01-01T00:00:00.000Z' });
  });

  it('when hashing for the per-stream chain, then position is hashed as 0 and every other field counts', () => {
    const content = {
      streamId: 'doc-1',
      streamVersion: 1,
      eventId: randomUUID(),
      type: 'DocumentSigned',
      data: { n: 1 },
      metadata,
      recordedAt: chain.recordedAt,
    };
    const hash = chainHash(TEST_AUDIT_KEY, GENESIS_HASH, content);
    expect(hash).toBe(eventHash(TEST_AUDIT_KEY, GENESIS_HASH, { ...content, position: 0 }));
    expect(chainHash(TEST_AUDIT_KEY, GENESIS_HASH, { ...content, position: 99 } as typeof content)).toBe(hash);
    expect(chainHash(TEST_AUDIT_KEY, 'f'.repeat(64), content)).not.toBe(hash);
    expect(chainHash(TEST_AUDIT_KEY, GENESIS_HASH, { ...content, streamVersion: 2 })).not.toBe(hash);
    expect(chainHash(TEST_AUDIT_KEY, GENESIS_HASH, { ...content, data: { n: 2 } })).not.toBe(hash);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The store's own logic (paging, filtering, chaining, retries, wake-ups) against an in-memory stand-in for the
// client. The fake models the server behaviour the store relies on (forward $all reads include their start
// position, backward reads exclude it, commit = prepare per event, system link events interleaved, optimistic
// concurrency); it is no substitute for the contract suite on a real server (eventstoredb-event-store.int.test.ts).
// ---------------------------------------------------------------------------------------------------------------

interface FakeRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: string;
  metadata: string;
  created: Date;
  position: bigint;
}

class FakeSubscription extends EventEmitter {
  unsubscribed = false;
  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
    this.emit('close');
  }
}

class FakeEsdb {
  readonly log: FakeRecord[] = [];
  private nextPosition = 1_000n;
  readonly subscriptions: FakeSubscription[] = [];
  disposed = false;
  /** Runs once before the next append's concurrency check (simulates another writer slipping in). */
  beforeNextAppend?: () => void;

  /** `links`: write a system link event after each event, as ESDB's system projections do. */
  constructor(private readonly options: { links?: boolean } = {}) {}

  private current(streamId: string): bigint | 'no_stream' {
    let revision: bigint | 'no_stream' = 'no_stream';
    for (const r of this.log) if (r.streamId === streamId) revision = r.revision;
    return revision;
  }

  write(streamId: string, type: string, data: unknown, metadata: unknown, id: string = randomUUID()): FakeRecord {
    const current = this.current(streamId);
    const record: FakeRecord = {
      streamId,
      id,
      revision: current === 'no_stream' ? 0n : current + 1n,
      type,
      data: JSON.stringify(data),
      metadata: metadata === undefined ? '' : JSON.stringify(metadata),
      created: new Date(),
      position: this.nextPosition,
    };
    this.nextPosition += 137n;
    this.log.push(record);
    return record;
  }

  /** Writes without the store (no chain metadata), like a foreign writer. */
  appendRaw(streamId: string, type: string, data: unknown): FakeRecord {
    return this.write(streamId, type, data, undefined);
  }

  private toResolved(r: FakeRecord) {
    const position: Position = { commit: r.position, prepare: r.position };
    return {
      event: {
        streamId: r.streamId,
        id: r.id,
        revision: r.revision,
        type: r.type,
        isJson: true,
        data: JSON.parse(r.data) as unknown,
        metadata: r.metadata ? (JSON.parse(r.metadata) as unknown) : undefined,
        created: r.created,
        position,
      },
      commitPosition: r.position,
    };
  }

  async appendToStream(streamName: string, events: EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    await new Promise((resolve) => setImmediate(resolve));
    const hook = this.beforeNextAppend;
    this.beforeNextAppend = undefined;
    hook?.();
    const expected = options.expectedRevision ?? 'any';
    const current = this.current(streamName);
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      expected === current;
    if (!ok) throw new EsdbWrongExpectedVersionError(undefined, { streamName, expected, current });
    let last: FakeRecord | undefined;
    for (const e of events) {
      last = this.write(streamName, e.type, e.data, e.metadata, e.id);
      // What the system projections do: a link event in a $-stream after each event.
      if (this.options.links !== false)
        this.write(`$ce-${streamName.split('-')[0]}`, '$>', `${last.revision}@${streamName}`, undefined);
      for (const s of this.subscriptions) if (!s.unsubscribed) s.emit('data', this.toResolved(last));
    }
    return {
      success: true,
      nextExpectedRevision: last!.revision,
      position: { commit: last!.position, prepare: last!.position },
    };
  }

  async *readStream(
    streamName: string,
    options: { direction?: string; fromRevision?: bigint | 'start' | 'end'; maxCount?: number | bigint } = {},
  ) {
    const events = this.log.filter((r) => r.streamId === streamName);
    if (events.length === 0) throw new StreamNotFoundError(undefined, streamName);
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    let selected = backwards ? [...events].reverse() : events;
    if (typeof from === 'bigint') selected = selected.filter((r) => (backwards ? r.revision <= from : r.revision >= from));
    for (const r of selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield this.toResolved(r);
  }

  async *readAll(options: { fromPosition?: Position | 'start' | 'end'; maxCount?: number | bigint; direction?: string } = {}) {
    const backwards = options.direction === 'backwards';
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    let selected = backwards ? [...this.log].reverse() : this.log;
    if (typeof from === 'object') {
      // Forward reads include the start position, backward reads exclude it.
      selected = selected.filter((r) => (backwards ? r.position < from.commit : r.position >= from.commit));
    } else if ((from === 'end' && !backwards) || (from === 'start' && backwards)) {
      selected = [];
    }
    for (const r of selected.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER))) yield this.toResolved(r);
  }

  subscribeToAll() {
    const subscription = new FakeSubscription();
    this.subscriptions.push(subscription);
    return subscription;
  }

  async dispose() {
    this.disposed = true;
  }
}

function openOnFake(fake: FakeEsdb) {
  vi.spyOn(EventStoreDBClient, 'connectionString').mockReturnValue(fake as unknown as EventStoreDBClient);
  return EventStoreDbEventStore.connect('esdb://fake:2113?tls=false', { chainKey: TEST_AUDIT_KEY });
}

const newEvent = (type: string, data: Record<string, unknown>) => ({ type, data, metadata });

describeEventStoreContract('EventStoreDB logic on an in-memory fake client', async () => {
  const fake = new FakeEsdb();
  const store = await openOnFake(fake);
  vi.restoreAllMocks();
  return {
    store,
    // The real server cannot be edited; the fake can, which exercises verifyChain's broken-link reports.
    async tamper(position: number, field: TamperableField) {
      const record = fake.log.find((r) => r.position === BigInt(position))!;
      const original = { ...record };
      if (field === 'data') record.data = JSON.stringify({ ...JSON.parse(record.data), tampered: true });
      if (field === 'type') record.type += 'X';
      if (field === 'metadata' || field === 'recordedAt') {
        const meta = JSON.parse(record.metadata) as Record<string, unknown>;
        const envelope = meta[CHAIN_METADATA_KEY] as ChainEnvelope;
        if (field === 'metadata') meta.ip = '10.6.6.6';
        else envelope.recordedAt = new Date(Date.parse(envelope.recordedAt) + 1).toISOString();
        record.metadata = JSON.stringify(meta);
      }
      return async () => {
        Object.assign(record, original);
      };
    },
    dispose: () => store.close(),
  };
});

describe('EventStoreDbEventStore on an in-memory fake client', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("when an 'any' append loses the race to a concurrent writer, then it retries on the new head", async () => {
    const fake = new FakeEsdb();
    const store = await openOnFake(fake);
    const stream = `doc-${randomUUID()}`;
    await store.append(stream, [newEvent('Created', {})], 0);
    // Sneaks an event in after the store read the head (version 1) but before ESDB checks revision 0.
    fake.beforeNextAppend = () => {
      const head = fake.log.filter((r) => r.streamId === stream).at(-1)!;
      const previous = unwrapMetadata(JSON.parse(head.metadata)).chain!.hash;
      const content = {
        streamId: stream,
        streamVersion: 2,
        eventId: randomUUID(),
        type: 'Sneaked',
        data: {},
        metadata,
        recordedAt: new Date().toISOString(),
      };
      const hash = chainHash(TEST_AUDIT_KEY, previous, content);
      const record = fake.write(
        stream,
        'Sneaked',
        {},
        wrapMetadata(metadata, { recordedAt: content.recordedAt, hash, previousHash: previous }),
        content.eventId,
      );
      expect(record.revision).toBe(1n);
    };
    const result = await store.append(stream, [newEvent('Changed', {})], 'any');
    expect(result.nextExpectedVersion).toBe(3);
    expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['Created', 'Sneaked', 'Changed']);
    expect(await store.verifyChain()).toMatchObject({ ok: true, checked: 3 });
    await store.close();
  });

  it('when an event without chain metadata is in the log, then verify reports it as the first broken link', async () => {
    const fake = new FakeEsdb();
    const store = await openOnFake(fake);
    await store.append('doc-a', [newEvent('Created', {})], 0);
    const foreign = fake.appendRaw('doc-b', 'Forged', { x: 1 });
    await store.append('doc-c', [newEvent('Created', {})], 0);
    const result = await store.verifyChain();
    expect(result).toMatchObject({ ok: false, checked: 1, firstBrokenPosition: Number(foreign.position), firstBrokenStream: 'doc-b' });
    await store.close();
  });

  it('when an event without the audit key\'s hash is in a stream, then reading that stream refuses it', async () => {
    const fake = new FakeEsdb();
    const store = await openOnFake(fake);
    await store.append('user-a', [newEvent('UserRegistered', { role: 'USER' })], 0);
    const head = unwrapMetadata(JSON.parse(fake.log.filter((r) => r.streamId === 'user-a').at(-1)!.metadata)).chain!;
    fake.write('user-a', 'UserModified', { role: 'ADMIN' }, wrapMetadata(metadata, { recordedAt: new Date().toISOString(), hash: 'f'.repeat(64), previousHash: head.hash }), randomUUID());
    await expect(store.readStream('user-a')).rejects.toMatchObject({ name: 'BrokenLinkError', streamId: 'user-a', streamVersion: 2 });
    fake.appendRaw('user-b', 'UserRegistered', { role: 'ADMIN' });
    await expect(store.readStream('user-b')).rejects.toMatchObject({ name: 'BrokenLinkError', streamVersion: 1 });
    await store.close();
  });

  it('when events of a stream are missing (truncated), then verify reports the version gap', async () => {
    const fake = new FakeEsdb();
    const store = await openOnFake(fake);
    await store.append('doc-a', [newEvent('Created', {}), newEvent('Changed', {}), newEvent('Changed', {})], 0);
    fake.log.splice(
      fake.log.findIndex((r) => r.streamId === 'doc-a' && r.revision === 1n),
      1,
    );
    const result = await store.verifyChain();
    expect(result).toMatchObject({ ok: false, checked: 1, firstBrokenStream: 'doc-a' });
    expect(result.reason).toMatch(/version 1 to 3/);
    await store.close();
  });

  it('when another process appends, then the $all subscription wakes listeners; close() unsubscribes and disposes', async () => {
    const fake = new FakeEsdb();
    const reader = await openOnFake(fake);
    const writer = await openOnFake(fake);
    let wakeUps = 0;
    reader.onAppended(() => (wakeUps += 1));
    await writer.append('doc-x', [newEvent('Created', {})], 0);
    expect(wakeUps).toBe(1);
    await reader.close();
    expect(fake.subscriptions[0]!.unsubscribed).toBe(true);
    expect(fake.disposed).toBe(true);
    await writer.append('doc-x', [newEvent('Changed', {})], 1);
    expect(wakeUps).toBe(1);
    await writer.close();
  });

  it('when reads cross $all page boundaries, then every event comes exactly once, in order', async () => {
    const fake = new FakeEsdb({ links: false });
    const store = await openOnFake(fake);
    const total = 1234;
    let version = 0;
    while (version < total) {
      const batch = Array.from({ length: Math.min(100, total - version) }, (_, i) => newEvent('Counted', { n: version + i + 1 }));
      version = (await store.append('doc-many', batch, version)).nextExpectedVersion;
    }
    const all = await store.readAll(0, 10_000);
    expect(all.map((e) => e.data.n)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    let position = 0;
    const seen: unknown[] = [];
    for (;;) {
      const page = await store.readAll(position, 499);
      if (page.length === 0) break;
      seen.push(...page.map((e) => e.data.n));
      position = page[page.length - 1]!.position;
    }
    expect(seen).toEqual(all.map((e) => e.data.n));
    expect(await store.verifyChain()).toEqual({ ok: true, checked: total });
    await store.close();
  });

  it('when the log holds only system events after ours, then lastPosition still finds our last event', async () => {
    const fake = new FakeEsdb();
    const store = await openOnFake(fake);
    const { lastPosition } = await store.append('doc-a', [newEvent('Created', {})], 0);
    for (let i = 0; i < 200; i++) fake.appendRaw('$stats-127.0.0.1:2113', '$statsCollected', { i });
    expect(await store.lastPosition()).toBe(lastPosition);
    expect(await store.readAll(lastPosition, 10)).toEqual([]);
    await store.close();
  });
});
