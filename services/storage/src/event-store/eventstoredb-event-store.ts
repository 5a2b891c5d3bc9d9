import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  BACKWARDS,
  type CurrentRevision,
  END,
  ErrorType,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  isCommandError,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  START,
} from '@eventstore/db-client';
import {
  type AppendResult,
  BrokenLinkError,
  type ChainBreak,
  ChainBrokenError,
  type ChainVerification,
  type EventMetadata,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ProjectedEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store';
import { eventHash, GENESIS_HASH, requireChainKey } from './hash-chain';

/*
 * EventStoreDB implementation of the event log port (architecture §3), through `@eventstore/db-client` 6.x (gRPC).
 *
 * Mapping rules (the pure helpers below are exported so that they can be unit-tested without a server):
 *
 * - Versions. Our `streamVersion` is 1-based: ESDB revision + 1. Expected version 0 is NO_STREAM, n > 0 is revision
 *   n - 1, 'any' is ANY (but see `append`: an 'any' append still pins the revision it chained from).
 *
 * - Positions. ESDB global positions are `{ commit, prepare }` byte offsets in its transaction log. Our `position` is
 *   `Number(commit)`. This relies on two facts:
 *     1. Every event appended through the gRPC API is written as an implicitly committed prepare record, and $all
 *        reports such an event with commit = prepare = the event's own log position, so commit positions are unique
 *        per event and increase in $all order. (Legacy TCP "explicit transactions" would give several events one
 *        commit position; this application never writes those.)
 *     2. Commit positions stay below 2^53 (9 PB of transaction log), so `Number` is exact. `positionOf` throws
 *        rather than round if that ever stops being true.
 *   ESDB makes appends visible in $all in log order, so a reader following positions never misses a late commit.
 *   `readAll(after)` and `lastPosition()` accept and return only such positions (or 0 for "the beginning").
 *
 * - What is "the log". Every event that is not a system event (type or stream starting with `$`) counts: the
 *   EventStoreDB database is assumed to be dedicated to this application. A non-system event that does not carry
 *   our hash-chain metadata is still returned by reads, and `verifyChain` reports it as a broken link.
 *
 * - recordedAt, hash. ESDB's own `created` timestamp is not ours to hash, so each event's metadata carries
 *   `{ ...ourMetadata, $chain: { recordedAt, hash, previousHash } }`; `$chain` is removed again from the
 *   `metadata` we return.
 *
 * - Hash chain, kept per stream (ESDB has no single serialized writer across streams to chain globally):
 *     hash(event) = eventHash(audit key, hash of the previous event of the same stream, or GENESIS_HASH for version 1,
 *                             { position: 0, streamId, streamVersion, eventId, type, data, metadata, recordedAt })
 *   `position` is always hashed as 0 because ESDB assigns it only while writing. The global order is therefore not
 *   covered by the hashes; the order inside each stream is (its versions and the links). ESDB events cannot be
 *   edited in place; the chain still detects forged appends without valid chain metadata, and gaps left by
 *   truncation or scavenging (`verifyChain` checks that each stream's versions are contiguous from 1).
 */

/** Key of our hash-chain envelope inside ESDB event metadata. */
export const CHAIN_METADATA_KEY = '$chain';

/** The chain fields stored next to our metadata in every event we write. */
export interface ChainEnvelope {
  recordedAt: string;
  hash: string;
  previousHash: string;
}

/** The fields of an ESDB recorded event that the mapping needs (a structural subset of the client's type). */
export interface EsdbEventLike {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: unknown;
  created: Date;
  position?: Position;
}

export interface MappedEvent {
  event: RecordedEvent;
  /** Absent when the event does not carry (valid) chain metadata. */
  chain?: ChainEnvelope;
}

/** Our expected version, as the revision ESDB checks before writing. */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new RangeError(`expected version must be 'any' or a non-negative integer, got ${String(expected)}`);
  }
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

/** 1-based stream version of the event at ESDB `revision` (0-based). */
export function streamVersionOf(revision: bigint): number {
  return Number(revision) + 1;
}

/** Number of events in a stream whose ESDB current revision is `current`. */
export function versionFromCurrentRevision(current: CurrentRevision): number {
  return current === NO_STREAM ? 0 : streamVersionOf(current);
}

/** Our numeric position of an ESDB global position: its commit position (see the module comment). */
export function positionOf(position: Position): number {
  if (position.commit < 0n || position.commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`EventStoreDB commit position ${position.commit} cannot be represented exactly as a number`);
  }
  return Number(position.commit);
}

/**
 * Where a forward $all read must start to see the events after our `position`. ESDB forward reads include the
 * event at the given position, so callers must still drop events at or before `position`.
 */
export function readPositionFrom(position: number): ReadPosition {
  if (!Number.isSafeInteger(position)) throw new RangeError(`position must be an integer, got ${position}`);
  if (position <= 0) return START;
  const at = BigInt(position);
  return { commit: at, prepare: at };
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** System events ($-prefixed types such as `$>` links and `$metadata`, and anything in a $-prefixed stream) are not ours. */
export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$');
}

/** The metadata JSON we store in ESDB: ours plus the chain envelope. */
export function wrapMetadata(metadata: EventMetadata, chain: ChainEnvelope): Record<string, unknown> {
  return { ...metadata, [CHAIN_METADATA_KEY]: { ...chain } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

function parseChain(value: unknown): ChainEnvelope | undefined {
  if (!isPlainObject(value)) return undefined;
  const { recordedAt, hash, previousHash } = value;
  if (typeof recordedAt !== 'string' || typeof hash !== 'string' || typeof previousHash !== 'string') return undefined;
  return { recordedAt, hash, previousHash };
}

/** Splits stored ESDB metadata into our metadata (chain envelope removed) and the envelope, if valid. */
export function unwrapMetadata(raw: unknown): { metadata: EventMetadata; chain?: ChainEnvelope } {
  if (!isPlainObject(raw)) return { metadata: {} as EventMetadata };
  const { [CHAIN_METADATA_KEY]: envelope, ...rest } = raw;
  const chain = parseChain(envelope);
  return chain ? { metadata: rest as unknown as EventMetadata, chain } : { metadata: rest as unknown as EventMetadata };
}

/** The per-stream chain rule, used identically when writing and when verifying. */
export function chainHash(key: string, previousHash: string, event: Omit<RecordedEvent, 'hash' | 'position'>): string {
  return eventHash(key, previousHash, { ...event, position: 0 });
}

/** An ESDB recorded event as one of ours. */
export function toRecordedEvent(raw: EsdbEventLike): MappedEvent {
  const { metadata, chain } = unwrapMetadata(raw.metadata);
  const event: RecordedEvent = {
    // Stream reads carry positions only from server 22.6 on; 0 means "not reported" there.
    position: raw.position ? positionOf(raw.position) : 0,
    streamId: raw.streamId,
    streamVersion: streamVersionOf(raw.revision),
    eventId: raw.id.toLowerCase(),
    type: raw.type,
    data: isPlainObject(raw.data) ? raw.data : {},
    metadata,
    recordedAt: chain?.recordedAt ?? raw.created.toISOString(),
    hash: chain?.hash ?? '',
  };
  return chain ? { event, chain } : { event };
}

/** Our WrongExpectedVersionError for ESDB's, or undefined when `error` is something else. */
export function fromEsdbWrongExpectedVersion(
  streamId: string,
  expected: ExpectedVersion,
  error: unknown,
): WrongExpectedVersionError | undefined {
  if (!(error instanceof Error) || !isCommandError(error) || error.type !== ErrorType.WRONG_EXPECTED_VERSION) {
    return undefined;
  }
  return new WrongExpectedVersionError(streamId, expected, versionFromCurrentRevision(error.actualVersion));
}

function isStreamNotFound(error: unknown): boolean {
  return error instanceof Error && isCommandError(error) && error.type === ErrorType.STREAM_NOT_FOUND;
}

/** How many times an 'any' append re-reads the stream head after losing a race, before giving up. */
const MAX_ANY_ATTEMPTS = 20;
const RESUBSCRIBE_DELAY_MS = 1000;
/** $all page size: reads are filtered on our side (client 6.x has no server-side filter for reads). */
const PAGE_SIZE = 500;

export interface EventStoreDbEventStoreOptions {
  now?: () => Date;
  /** The audit key the per-stream chains are keyed with (AUDIT_KEY); without it the store can only read. */
  chainKey?: string;
}

interface StreamHead {
  /** Current stream version (0: no stream). */
  version: number;
  /** Hash of the last event, GENESIS_HASH for an empty stream. */
  hash: string;
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(100);
  private readonly now: () => Date;
  private subscription?: AllStreamSubscription;
  private resubscribeTimer?: NodeJS.Timeout;
  private closed = false;

  private readonly chainKey?: string;
  /** A link a read found broken: appends wait for it (readAll). */
  private chainBreak?: ChainBreak;

  private constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDbEventStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.chainKey = options.chainKey;
  }

  private key(): string {
    return requireChainKey(this.chainKey);
  }

  /**
   * Connects with an `esdb://` / `esdb+discover://` connection string. Reading $all needs a user allowed to
   * (an admin on a secured server: put the credentials in the connection string).
   */
  static async connect(connectionString: string, options: EventStoreDbEventStoreOptions = {}): Promise<EventStoreDbEventStore> {
    const client = EventStoreDBClient.connectionString(connectionString);
    const store = new EventStoreDbEventStore(client, options);
    try {
      // Fails fast on a wrong address or missing permission to read $all.
      await store.lastPosition();
    } catch (error) {
      await client.dispose().catch(() => {});
      throw error;
    }
    store.subscribe();
    return store;
  }

  /** Wakes `onAppended` listeners for appends made by other processes. */
  private subscribe(): void {
    if (this.closed) return;
    const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.subscription = subscription;
    let dropped = false;
    const onDropped = () => {
      if (dropped) return;
      dropped = true;
      if (this.subscription === subscription) this.subscription = undefined;
      if (this.closed) return;
      void subscription.unsubscribe().catch(() => {});
      // Losing the subscription only delays wake-ups: projectors also poll.
      this.resubscribeTimer = setTimeout(() => this.subscribe(), RESUBSCRIBE_DELAY_MS);
      this.resubscribeTimer.unref();
    };
    subscription.on('data', (resolved: AllStreamResolvedEvent) => {
      const recorded = resolved.event;
      if (!recorded || isSystemEvent(recorded.streamId, recorded.type)) return;
      this.emitter.emit('appended');
    });
    subscription.on('error', onDropped);
    subscription.on('close', onDropped);
  }

  async append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    if (this.chainBreak) throw new ChainBrokenError(this.chainBreak);
    toExpectedRevision(expectedVersion); // validates
    for (let attempt = 1; ; attempt++) {
      // The chain needs the hash of the stream's last event, so every append pins the revision it chained from:
      // a concurrent append makes ESDB refuse ours instead of forking the chain.
      const head: StreamHead =
        expectedVersion === 0 ? { version: 0, hash: GENESIS_HASH } : await this.readHead(streamId);
      if (expectedVersion !== 'any' && head.version !== expectedVersion) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, head.version);
      }
      const prepared = this.prepare(streamId, events, head);
      try {
        const result = await this.client.appendToStream(streamId, prepared, {
          expectedRevision: toExpectedRevision(head.version),
        });
        const nextExpectedVersion = streamVersionOf(result.nextExpectedRevision);
        // The reported position is that of the last event written (its log position, which $all reports as its
        // commit position); without one, look the event up.
        const lastPosition = result.position
          ? positionOf(result.position)
          : await this.positionOfRevision(streamId, result.nextExpectedRevision);
        this.emitter.emit('appended');
        return { nextExpectedVersion, lastPosition };
      } catch (error) {
        const conflict = fromEsdbWrongExpectedVersion(streamId, expectedVersion, error);
        if (!conflict) throw error;
        if (expectedVersion !== 'any' || attempt >= MAX_ANY_ATTEMPTS) throw conflict;
        await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 5 * attempt)));
      }
    }
  }

  /** The events to write after `head`, each chained to the one before it. */
  private prepare(streamId: string, events: readonly NewEvent[], head: StreamHead) {
    const recordedAt = this.now().toISOString();
    let previousHash = head.hash;
    return events.map((event, index) => {
      const content = {
        streamId,
        streamVersion: head.version + index + 1,
        eventId: randomUUID(),
        type: event.type,
        // Round-trip through JSON so the hash covers exactly what a read will give back.
        data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
        metadata: JSON.parse(JSON.stringify(event.metadata)) as EventMetadata,
        recordedAt,
      };
      const hash = chainHash(this.key(), previousHash, content);
      const chain: ChainEnvelope = { recordedAt, hash, previousHash };
      previousHash = hash;
      return jsonEvent({
        id: content.eventId,
        type: content.type,
        data: content.data,
        metadata: wrapMetadata(content.metadata, chain),
      });
    });
  }

  /** The stream's current version and last hash. */
  private async readHead(streamId: string): Promise<StreamHead> {
    try {
      for await (const resolved of this.client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        if (!resolved.event) continue;
        const { event } = toRecordedEvent(resolved.event);
        return { version: event.streamVersion, hash: event.hash };
      }
    } catch (error) {
      if (!isStreamNotFound(error)) throw error;
    }
    return { version: 0, hash: GENESIS_HASH };
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<number> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event?.position) return positionOf(resolved.event.position);
    }
    // Server older than 22.6: stream reads carry no position.
    return this.lastPosition();
  }

  async readStream(streamId: string, afterVersion = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    // Version v is revision v - 1, so the events after version n start at revision n.
    const fromRevision = afterVersion > 0 ? BigInt(afterVersion) : START;
    try {
      let previous: string | undefined;
      for await (const resolved of this.client.readStream(streamId, { direction: FORWARDS, fromRevision })) {
        if (!resolved.event) continue;
        const { event, chain } = toRecordedEvent(resolved.event);
        // Each event carries the hash it chained from: its own link is checked as it is read, and the links between
        // the events read.
        if (this.chainKey) {
          const { hash, position: _position, ...content } = event;
          if (!chain || (previous !== undefined && chain.previousHash !== previous) || chainHash(this.chainKey, chain.previousHash, content) !== hash) {
            throw new BrokenLinkError(streamId, event.streamVersion);
          }
          previous = hash;
        }
        events.push(event);
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw error;
    }
    return events;
  }

  /** One page of $all, system events included (the caller filters), read to the end so nothing stays open. */
  private async readAllPage(
    from: ReadPosition,
    maxCount: number,
    direction: typeof FORWARDS | typeof BACKWARDS,
  ): Promise<{ count: number; events: NonNullable<AllStreamResolvedEvent['event']>[] }> {
    let count = 0;
    const events: NonNullable<AllStreamResolvedEvent['event']>[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: from, maxCount, direction, resolveLinkTos: false })) {
      count += 1;
      if (resolved.event) events.push(resolved.event);
    }
    return { count, events };
  }

  /** Our events after `afterPosition`, in $all order, page by page. */
  private async *walk(afterPosition: number, pageSize: number): AsyncGenerator<MappedEvent> {
    let from = readPositionFrom(afterPosition);
    let lastSeen: Position | undefined;
    const after = BigInt(Math.max(afterPosition, 0));
    for (;;) {
      const page = await this.readAllPage(from, pageSize, FORWARDS);
      let advanced = false;
      for (const recorded of page.events) {
        // Forward reads include their start position: skip what the previous page (or the caller) already had.
        if (lastSeen && comparePositions(recorded.position, lastSeen) <= 0) continue;
        lastSeen = recorded.position;
        advanced = true;
        if (afterPosition > 0 && recorded.position.commit <= after) continue;
        if (isSystemEvent(recorded.streamId, recorded.type)) continue;
        yield toRecordedEvent(recorded);
      }
      if (page.count < pageSize || !advanced || !lastSeen) return;
      from = lastSeen;
    }
  }

  /**
   * Each event's own link is checked as it is read (the hash it claims to chain from, its content and the audit key):
   * an event written without the key stops the read before it, as on PostgreSQL. Quarantine is the PostgreSQL log's
   * (docs/security.md); here a break is repaired by restoring the stream from a backup.
   */
  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    // +1: the page may start with the event at `afterPosition` itself.
    for await (const { event, chain } of this.walk(afterPosition, Math.min(limit + 1, PAGE_SIZE))) {
      if (this.chainKey) {
        const { hash, position: _position, ...content } = event;
        if (!chain || chainHash(this.chainKey, chain.previousHash, content) !== hash) {
          const chainBreak: ChainBreak = {
            position: event.position,
            streamId: event.streamId,
            type: event.type,
            reason: `the event at position ${event.position} does not verify with the audit key: it was not written by the product`,
          };
          if (this.chainBreak?.position !== chainBreak.position) {
            this.chainBreak = chainBreak;
            this.emitter.emit('chain-broken', chainBreak);
          }
          if (events.length === 0) throw new ChainBrokenError(chainBreak);
          break;
        }
      }
      events.push(event);
      if (events.length >= limit) break;
    }
    return events;
  }

  async readAllForProjection(afterPosition: number, limit: number): Promise<ProjectedEvent[]> {
    return this.readAll(afterPosition, limit);
  }

  /** The break a read found (EventStoreDB keeps no quarantine: it stays until the stream is restored and the process restarted). */
  async checkChain(): Promise<ChainBreak | undefined> {
    return this.chainBreak;
  }

  onChainBroken(listener: (chainBreak: ChainBreak) => void): () => void {
    this.emitter.on('chain-broken', listener);
    return () => this.emitter.off('chain-broken', listener);
  }

  async lastPosition(): Promise<number> {
    const pageSize = 64;
    let before: Position | undefined;
    for (;;) {
      const page = await this.readAllPage(before ?? END, pageSize, BACKWARDS);
      for (const recorded of page.events) {
        if (before && comparePositions(recorded.position, before) >= 0) continue;
        if (!isSystemEvent(recorded.streamId, recorded.type)) return positionOf(recorded.position);
      }
      const oldest = page.events[page.events.length - 1];
      // Backward reads exclude their start position, so continuing from the oldest event seen goes further back.
      if (page.count < pageSize || !oldest || (before && comparePositions(oldest.position, before) >= 0)) return 0;
      before = oldest.position;
    }
  }

  onAppended(listener: () => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /**
   * Re-walks $all and every stream's chain; names the first event (in $all order) that is not what its stream's
   * previous hash and its content give, or that breaks the stream's version sequence.
   */
  async verifyChain(): Promise<ChainVerification> {
    const heads = new Map<string, StreamHead>();
    let checked = 0;
    for await (const { event, chain } of this.walk(0, PAGE_SIZE)) {
      const head = heads.get(event.streamId) ?? { version: 0, hash: GENESIS_HASH };
      const broken = (reason: string): ChainVerification => ({
        ok: false,
        checked,
        firstBrokenPosition: event.position,
        firstBrokenStream: event.streamId,
        reason,
      });
      if (!chain) {
        return broken(`event at position ${event.position} (${event.streamId}@${event.streamVersion}) carries no hash-chain metadata`);
      }
      if (event.streamVersion !== head.version + 1) {
        return broken(
          `stream ${event.streamId} goes from version ${head.version} to ${event.streamVersion} at position ${event.position}`,
        );
      }
      if (chain.previousHash !== head.hash) {
        return broken(`event at position ${event.position} does not link to the previous event of stream ${event.streamId}`);
      }
      const { hash, position: _position, ...content } = event;
      if (chainHash(this.key(), head.hash, content) !== hash) {
        return broken(`stored hash of position ${event.position} does not match its content and the previous hash`);
      }
      heads.set(event.streamId, { version: event.streamVersion, hash });
      checked += 1;
    }
    return { ok: true, checked };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.resubscribeTimer);
    this.emitter.removeAllListeners();
    const subscription = this.subscription;
    this.subscription = undefined;
    await subscription?.unsubscribe().catch(() => {});
    await this.client.dispose().catch(() => {});
  }
}
