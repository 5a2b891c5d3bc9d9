import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Database } from '../database/database';
import type { Queryable } from '../database/database';
import {
  type AppendResult,
  BrokenLinkError,
  type ChainBreak,
  ChainBrokenError,
  type ChainVerification,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ProjectedEvent,
  QUARANTINED_EVENT_TYPE,
  type QuarantinedEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store';
import { eventHash, GENESIS_HASH, quarantineMac, requireChainKey } from './hash-chain';
import { EVENTS_CHANNEL, type Notifications } from '../notifications';
import { VerifiedRanges } from './verified-ranges';

interface EventRow {
  position: string | number;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date | string;
  hash: string;
}

// Read back as text in the exact ISO form the hash covers: parsing timestamps into Date objects was a third of the
// cost of reading the log (measured in bench/).
const SELECT_COLUMNS = `position, stream_id, stream_version, event_id, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, hash`;

/** The same columns of the events table aliased `e`. */
/** How many events a tail check reads at once. */
const VERIFY_BATCH = 1000;

const SELECT_EVENT_COLUMNS = `e.position, e.stream_id, e.stream_version, e.event_id, e.type, e.data, e.metadata,
  to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, e.hash`;

function toRecorded(row: EventRow): RecordedEvent {
  return {
    position: Number(row.position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: typeof row.recorded_at === 'string' ? row.recorded_at : row.recorded_at.toISOString(),
    hash: row.hash,
  };
}

/** What readers get for a quarantined event: where it is, nothing of what it claimed (event-store.ts). */
function placeholderOf(event: RecordedEvent): RecordedEvent {
  return {
    ...event,
    type: QUARANTINED_EVENT_TYPE,
    data: {},
    metadata: { actor: { type: 'system', name: 'quarantine' }, occurredAt: event.recordedAt, correlationId: event.eventId, ip: null, userAgent: null },
  };
}

const toProjected = ({ position, streamId, streamVersion, type, data, recordedAt }: RecordedEvent): ProjectedEvent => ({
  position,
  streamId,
  streamVersion,
  type,
  data,
  recordedAt,
});

interface QuarantineRowData {
  position: string | number;
  stream_id: string;
  type: string;
  hash: string;
  reason: string;
  quarantined_at: string;
  mac: string;
}

/** Events of the log checked link by link: those that verify (or were quarantined), and the break that stopped the read. */
interface VerifiedRead {
  events: RecordedEvent[];
  chainBreak?: ChainBreak;
}

export interface PostgresEventStoreOptions {
  /** The audit key the hash chain is keyed with (AUDIT_KEY); without it the store can only read. */
  chainKey?: string;
  /** Appends made by other processes (the API and the projections worker) wake this store's subscribers too. */
  notifications?: Notifications;
  now?: () => Date;
  /**
   * Appends that queue while one is in flight go to the log together, one transaction and one WAL flush (default).
   * `false` sends them one at a time, each its own commit: the bench's same-run baseline.
   */
  groupCommit?: boolean;
}

/** An append waiting for its turn in the group commit. */
interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** An event in the form the hash covers (its id drawn once: nothing is stored until it commits). */
type PreparedEvent = { eventId: string; type: string; data: Record<string, unknown>; metadata: RecordedEvent['metadata'] };

/** An append of a batch, its events prepared. */
interface PreparedAppend {
  pending: PendingAppend;
  events: PreparedEvent[];
}

/** Throws for data that cannot be stored: the append it belongs to fails, alone. */
const prepared = (events: readonly NewEvent[]): PreparedEvent[] =>
  events.map((event) => ({
    eventId: randomUUID(),
    type: event.type,
    // Round-trip through JSON so the hash covers exactly what jsonb will give back.
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
    metadata: JSON.parse(JSON.stringify(event.metadata)) as RecordedEvent['metadata'],
  }));

/**
 * The appends' events chained after `tail` in order, as the append functions take them (parallel arrays), with each
 * append's last position and the new tail.
 */
function chained(key: string, tail: { position: number; hash: string }, recordedAt: string, appends: ReadonlyArray<{ streamId: string; expected: number; events: readonly PreparedEvent[] }>) {
  let hash = tail.hash;
  let position = tail.position;
  const rows = { eventIds: [] as string[], types: [] as string[], data: [] as string[], metadata: [] as string[], hashes: [] as string[] };
  const lastPositions: number[] = [];
  for (const { streamId, expected, events } of appends) {
    events.forEach((event, index) => {
      position += 1;
      hash = eventHash(key, hash, { position, streamId, streamVersion: expected + index + 1, ...event, recordedAt });
      rows.eventIds.push(event.eventId);
      rows.types.push(event.type);
      rows.data.push(JSON.stringify(event.data));
      rows.metadata.push(JSON.stringify(event.metadata));
      rows.hashes.push(hash);
    });
    lastPositions.push(position);
  }
  return { ...rows, lastPositions, tail: { position, hash } };
}

// The most appends, and events, one group commit carries: bounds the statement's parameters and the time a caller
// behind a large batch waits. One append larger than MAX_BATCH_EVENTS still goes, alone.
const MAX_BATCH_APPENDS = 64;
const MAX_BATCH_EVENTS = 1000;
/** Tries of one append when another process moved the tail or an 'any' stream moved under it, as before batching. */
const MAX_ATTEMPTS = 20;

const APPEND_BATCH_SQL = `SELECT append_events_batch($1::text[], $2::int[], $3::int[], $4, $5::uuid[], $6::text[], $7::jsonb[],
  $8::jsonb[], $9, $10::text[], $11)`;

/** `index:actual` pairs (1-based) of append_events_batch's IF001. */
function conflictsOf(detail: string | undefined): Map<number, number> {
  const conflicts = new Map<number, number>();
  for (const pair of (detail ?? '').split(',')) {
    const [index, actual] = pair.split(':').map(Number);
    if (Number.isInteger(index) && Number.isInteger(actual)) conflicts.set(index! - 1, actual!);
  }
  return conflicts;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(100);
  private readonly unlisten?: () => void;
  private readonly now: () => Date;
  private readonly chainKey?: string;
  private readonly groupCommit: boolean;

  private constructor(
    private readonly db: Database,
    options: PostgresEventStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.chainKey = options.chainKey;
    this.groupCommit = options.groupCommit ?? true;
    this.unlisten = options.notifications?.on(EVENTS_CHANNEL, () => this.emitter.emit('appended'));
  }

  static async open(db: Database, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    return new PostgresEventStore(db, options);
  }

  /** The newest event this process knows of; appends chain from it and the database checks it is still the tail. */
  private tail?: { position: number; hash: string };
  /**
   * Appends from this process never race each other: the cached tail then stays right, and the lock would serialize
   * them anyway. Without group commit they go one at a time on this queue.
   */
  private appendQueue: Promise<unknown> = Promise.resolve();
  /** With group commit: the appends waiting while a round trip is in flight; the next one takes them together. */
  private pending: PendingAppend[] = [];
  private flushing = false;
  /** The newest position whose link (and every one before it, by induction over the writers) this store has verified. */
  private verifiedThrough?: number;
  /** The break this store found and no operator has quarantined yet: appends wait for it. */
  private chainBreak?: ChainBreak;
  /** Quarantines checked against the audit key, by position (an event's row never changes). */
  private readonly quarantines = new Map<number, QuarantinedEvent & { hash: string }>();
  /** Positions whose links this store has checked (verified-ranges.ts). */
  private readonly verified = new VerifiedRanges();

  append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    if (!this.groupCommit) {
      const run = this.appendQueue.then(() => this.appendNow(streamId, events, expectedVersion));
      this.appendQueue = run.catch(() => undefined);
      return run;
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.pending.push({ streamId, events, expectedVersion, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  /**
   * Sends what is pending, round trip after round trip, until nothing is: an append alone goes as it always did
   * (append_events, so one appender costs what it did), several together in one append_events_batch.
   */
  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.pending.length > 0) {
        const batch = this.takeBatch();
        if (batch.length === 1) {
          const [only] = batch as [PendingAppend];
          await this.appendNow(only.streamId, only.events, only.expectedVersion).then(only.resolve, only.reject);
        } else {
          await this.appendBatch(batch);
        }
      }
    } finally {
      this.flushing = false;
    }
  }

  /** The oldest pending appends, in order, up to the batch bounds (the first one always). */
  private takeBatch(): PendingAppend[] {
    let events = 0;
    let taken = 0;
    for (const append of this.pending) {
      if (taken > 0 && (taken >= MAX_BATCH_APPENDS || events + append.events.length > MAX_BATCH_EVENTS)) break;
      events += append.events.length;
      taken++;
    }
    return this.pending.splice(0, taken);
  }

  /** The current version of each stream named (0 for a new one), in one query. */
  private async streamVersions(streamIds: readonly string[]): Promise<Map<string, number>> {
    const versions = new Map<string, number>();
    if (streamIds.length === 0) return versions;
    const { rows } = await this.db.query<{ stream_id: string; version: number }>(
      'SELECT stream_id, max(stream_version) AS version FROM events WHERE stream_id = ANY($1::text[]) GROUP BY stream_id',
      [[...new Set(streamIds)]],
    );
    for (const row of rows) versions.set(row.stream_id, row.version);
    return versions;
  }

  /**
   * Several appends in one transaction: the hash chain runs across them in order from the tail, positions follow on.
   * An append whose expected version is wrong fails alone; the rest are chained again without it and sent again.
   * Settles every append of the batch; never throws.
   */
  private async appendBatch(batch: readonly PendingAppend[]): Promise<void> {
    let live: PreparedAppend[] = [];
    for (const pending of batch) {
      try {
        live.push({ pending, events: prepared(pending.events) });
      } catch (error) {
        pending.reject(error); // this append's own data cannot be stored: the others go on
      }
    }
    try {
      const key = this.key();
      // Nothing is appended after a link that does not verify until an operator has acted (docs/security.md).
      const known = await this.knownBreak();
      if (known) throw new ChainBrokenError(known);
      for (let attempt = 1; live.length > 0; attempt++) {
        const current = await this.streamVersions(live.filter((a) => a.pending.expectedVersion === 'any').map((a) => a.pending.streamId));
        // 'any' goes after what the appends before it in this batch add to its stream.
        const next = new Map<string, number>();
        const expected = live.map(({ pending: { streamId, expectedVersion, events } }) => {
          const version = expectedVersion === 'any' ? (next.get(streamId) ?? current.get(streamId) ?? 0) : expectedVersion;
          next.set(streamId, version + events.length);
          return version;
        });
        const tail = (this.tail ??= await this.loadTail());
        const recordedAt = this.now().toISOString();
        const chain = chained(key, tail, recordedAt, live.map((append, a) => ({ streamId: append.pending.streamId, expected: expected[a]!, events: append.events })));
        try {
          const params = [
            live.map((a) => a.pending.streamId),
            expected,
            live.map((a) => a.events.length),
            tail.position,
            chain.eventIds,
            chain.types,
            chain.data,
            chain.metadata,
            recordedAt,
            chain.hashes,
            this.db.kind === 'postgres',
          ];
          await (this.db.queryPrepared ? this.db.queryPrepared('ifu_append_events_batch', APPEND_BATCH_SQL, params) : this.db.query(APPEND_BATCH_SQL, params));
        } catch (error) {
          const { code, detail } = error as { code?: string; detail?: string };
          if (code === 'IF002' && attempt < MAX_ATTEMPTS) {
            this.tail = undefined; // another process appended: chain from the real tail
            continue;
          }
          if (code !== 'IF001') {
            this.tail = undefined;
            throw error;
          }
          const conflicts = conflictsOf(detail);
          if (conflicts.size === 0) throw error;
          live = live.filter((append, index) => {
            const actual = conflicts.get(index);
            if (actual === undefined) return true;
            const { streamId, expectedVersion } = append.pending;
            if (expectedVersion === 'any' && attempt < MAX_ATTEMPTS) return true; // read its stream again
            append.pending.reject(new WrongExpectedVersionError(streamId, expectedVersion, actual));
            return false;
          });
          continue;
        }
        this.tail = chain.tail;
        this.verifiedThrough = Math.max(this.verifiedThrough ?? 0, chain.tail.position);
        live.forEach((append, a) => append.pending.resolve({ nextExpectedVersion: expected[a]! + append.events.length, lastPosition: chain.lastPositions[a]! }));
        live = [];
        this.emitter.emit('appended');
      }
    } catch (error) {
      for (const append of live) append.pending.reject(error);
    }
  }

  /**
   * The tail the next append chains from, after verifying every link up to it that this store has not verified yet
   * (on the first load: the tail's own link; every writer with the key verified its tail before it appended, so the
   * links before were checked then). A break refuses the append: chaining from a forged event would carry it on.
   */
  private async loadTail(): Promise<{ position: number; hash: string }> {
    const { rows } = await this.db.query<{ position: string | number; hash: string }>(
      'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
    );
    const tail = rows[0] ? { position: Number(rows[0].position), hash: rows[0].hash } : { position: 0, hash: GENESIS_HASH };
    await this.verifyUpTo(tail.position);
    return tail;
  }

  /** Verifies the links after `verifiedThrough` up to `position`; records and throws the break it finds. */
  private async verifyUpTo(position: number): Promise<void> {
    let after = Math.max(0, Math.min(this.verifiedThrough ?? position - 1, position));
    while (after < position) {
      const { events, chainBreak } = await this.readVerified(this.db, after, Math.min(position - after, VERIFY_BATCH));
      if (events.length > 0) {
        after = events[events.length - 1]!.position;
        this.verifiedThrough = Math.max(this.verifiedThrough ?? 0, after);
      }
      if (chainBreak) this.broken(chainBreak);
      if (events.length === 0) break;
    }
  }

  /** Records a break (told to listeners once per position) and throws it. */
  private broken(chainBreak: ChainBreak): never {
    if (this.chainBreak?.position !== chainBreak.position) {
      this.chainBreak = chainBreak;
      this.emitter.emit('chain-broken', chainBreak);
    }
    throw new ChainBrokenError(chainBreak);
  }

  /**
   * The break this store knows of, read again: gone once an operator has quarantined its event, or put the log back
   * as the key wrote it (a restore).
   */
  private async knownBreak(): Promise<ChainBreak | undefined> {
    if (!this.chainBreak) return undefined;
    const { position } = this.chainBreak;
    const { events, chainBreak } = await this.readVerified(this.db, position - 1, 1);
    if (!chainBreak && events.length > 0) this.chainBreak = undefined;
    return this.chainBreak;
  }

  async checkChain(): Promise<ChainBreak | undefined> {
    this.key();
    const known = await this.knownBreak();
    if (known) return known;
    try {
      await this.verifyUpTo(await this.lastPosition());
      return undefined;
    } catch (error) {
      if (error instanceof ChainBrokenError) return error.chainBreak;
      throw error;
    }
  }

  onChainBroken(listener: (chainBreak: ChainBreak) => void): () => void {
    this.emitter.on('chain-broken', listener);
    return () => this.emitter.off('chain-broken', listener);
  }

  /** The operator's quarantine of this very row, if one is recorded and signed with the audit key. */
  private async quarantineOf(q: Queryable, event: RecordedEvent): Promise<QuarantinedEvent | undefined> {
    const cached = this.quarantines.get(event.position);
    if (cached) return cached.hash === event.hash ? cached : undefined;
    const { rows } = await q.query<QuarantineRowData>(
      'SELECT position, stream_id, type, hash, reason, quarantined_at, mac FROM quarantined_events WHERE position = $1',
      [event.position],
    );
    const row = rows[0];
    if (!row) return undefined;
    const quarantine = { position: Number(row.position), streamId: row.stream_id, type: row.type, hash: row.hash, reason: row.reason, quarantinedAt: row.quarantined_at };
    const signed = quarantineMac(this.key(), quarantine) === row.mac;
    const same = quarantine.streamId === event.streamId && quarantine.type === event.type && quarantine.hash === event.hash;
    if (!signed || !same) return undefined;
    this.quarantines.set(quarantine.position, quarantine);
    const { hash: _hash, ...described } = quarantine;
    return described;
  }

  /**
   * Reads events after `after` with the event at `after` itself, whose stored hash the first one chains from, and
   * checks each link: an event whose stored hash is the HMAC of its content and the stored hash before it was written
   * by a holder of the audit key. Checking each link against the stored hash before it is enough: a forged event
   * fails its own link, and the events after it were verified by the writers that chained from it (who refuse to).
   * Stops before the first link that neither verifies nor was quarantined, and names it.
   */
  private async readVerified(q: Queryable, after: number, limit: number): Promise<VerifiedRead> {
    const key = this.key();
    const { rows } = await q.query<EventRow>(`SELECT ${SELECT_COLUMNS} FROM events WHERE position >= $1 ORDER BY position LIMIT $2`, [
      Math.max(after, 1),
      after > 0 ? limit + 1 : limit,
    ]);
    let previousHash = GENESIS_HASH;
    let index = 0;
    if (after > 0) {
      const anchor = rows[0];
      if (!anchor || Number(anchor.position) !== after) {
        if (!anchor) return { events: [] };
        return { events: [], chainBreak: { position: after, streamId: anchor.stream_id, reason: `the event at position ${after} is missing` } };
      }
      previousHash = anchor.hash;
      index = 1;
    }
    const events: RecordedEvent[] = [];
    const done = (chainBreak?: ChainBreak): VerifiedRead => {
      if (events.length > 0) this.verified.add(after + 1, events[events.length - 1]!.position);
      return chainBreak ? { events, chainBreak } : { events };
    };
    let knownUntil = this.verified.endOf(after + 1) ?? after;
    for (let expected = after + 1; index < rows.length; index++, expected++) {
      const event = toRecorded(rows[index]!);
      if (event.position !== expected) {
        return done({ position: expected, streamId: event.streamId, reason: `the event at position ${expected} is missing` });
      }
      const { hash, ...content } = event;
      if (event.position > knownUntil) knownUntil = this.verified.endOf(event.position) ?? knownUntil;
      const quarantined = this.quarantines.get(event.position);
      if (quarantined?.hash === hash) events.push(placeholderOf(event));
      else if (event.position <= knownUntil || eventHash(key, previousHash, content) === hash) events.push(event);
      else if (await this.quarantineOf(q, event)) events.push(placeholderOf(event));
      else {
        return done({
          position: event.position,
          streamId: event.streamId,
          type: event.type,
          reason: `the stored hash of position ${event.position} is not what the audit key gives for its content: it was not written by the product`,
        });
      }
      previousHash = hash;
    }
    return done();
  }

  /**
   * A verified read for a reader of the whole log: the events up to a break; the break itself when nothing before it
   * was left to return. A store opened without the audit key cannot check, and so reads nothing.
   */
  private async readAllVerified(q: Queryable, afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const { events, chainBreak } = await this.readVerified(q, afterPosition, limit);
    if (chainBreak && events.length === 0) this.broken(chainBreak);
    return events;
  }

  private async streamVersion(streamId: string): Promise<number> {
    const { rows } = await this.db.query<{ version: number | null }>(
      'SELECT max(stream_version) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }

  private key(): string {
    return requireChainKey(this.chainKey);
  }

  private async appendNow(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const key = this.key();
    // Nothing is appended after a link that does not verify until an operator has acted (docs/security.md).
    const known = await this.knownBreak();
    if (known) throw new ChainBrokenError(known);
    const ready = prepared(events);
    for (let attempt = 1; ; attempt++) {
      const expected = expectedVersion === 'any' ? await this.streamVersion(streamId) : expectedVersion;
      const tail = (this.tail ??= await this.loadTail());
      const recordedAt = this.now().toISOString();
      const chain = chained(key, tail, recordedAt, [{ streamId, expected, events: ready }]);
      try {
        const sql = 'SELECT append_events($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8, $9::text[], $10)';
        const params = [streamId, expected, tail.position, chain.eventIds, chain.types, chain.data, chain.metadata, recordedAt, chain.hashes, this.db.kind === 'postgres'];
        await (this.db.queryPrepared ? this.db.queryPrepared('ifu_append_events', sql, params) : this.db.query(sql, params));
      } catch (error) {
        const { code, detail } = error as { code?: string; detail?: string };
        if (code === 'IF002' && attempt < 20) {
          this.tail = undefined; // another process appended: chain from the real tail
          continue;
        }
        if (code === 'IF001') {
          if (expectedVersion === 'any' && attempt < 20) continue;
          throw new WrongExpectedVersionError(streamId, expectedVersion, Number(detail ?? 0));
        }
        this.tail = undefined;
        throw error;
      }
      this.tail = chain.tail;
      this.verifiedThrough = Math.max(this.verifiedThrough ?? 0, chain.tail.position);
      this.emitter.emit('appended');
      return { nextExpectedVersion: expected + events.length, lastPosition: chain.tail.position };
    }
  }

  async readStream(streamId: string, afterVersion = 0): Promise<RecordedEvent[]> {
    // Each event with the hash of the one before it in the log, so that its link can be checked on its own.
    const { rows } = await this.db.query<EventRow & { previous_hash: string | null }>(
      `SELECT ${SELECT_EVENT_COLUMNS}, p.hash AS previous_hash
         FROM events e LEFT JOIN events p ON p.position = e.position - 1
        WHERE e.stream_id = $1 AND e.stream_version > $2 ORDER BY e.stream_version`,
      [streamId, afterVersion],
    );
    const events = rows.map(toRecorded);
    if (this.chainKey) {
      for (const [index, event] of events.entries()) {
        const previous = rows[index]!.previous_hash ?? (event.position === 1 ? GENESIS_HASH : undefined);
        const { hash, ...content } = event;
        if (previous !== undefined && eventHash(this.chainKey, previous, content) === hash) continue;
        // Quarantined: its place in the stream is kept (the stream's version counts it), nothing it claimed.
        if (await this.quarantineOf(this.db, event)) {
          events[index] = placeholderOf(event);
          continue;
        }
        // A break found here is the log's too: appends wait for the operator (the error names the stream).
        if (this.chainBreak?.position !== event.position) {
          this.chainBreak = { position: event.position, streamId, type: event.type, reason: `the stored hash of position ${event.position} is not what the audit key gives for its content: it was not written by the product` };
          this.emitter.emit('chain-broken', this.chainBreak);
        }
        throw new BrokenLinkError(streamId, event.streamVersion);
      }
    }
    return events;
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    return this.readAllVerified(this.db, afterPosition, limit);
  }

  /**
   * Like readAll; `via` reads in a caller's transaction (the embedded database serves one connection at a time). The
   * link of each event covers its metadata and id, so these are read too (bench: rebuild, before and after).
   */
  async readAllForProjection(afterPosition: number, limit: number, via: Queryable = this.db): Promise<ProjectedEvent[]> {
    this.key();
    // Verified already in this process (another projection read them): only the columns projections use.
    const end = this.verified.endOf(afterPosition + 1);
    if (end === undefined) return (await this.readAllVerified(via, afterPosition, limit)).map(toProjected);
    const upTo = Math.min(end, afterPosition + limit);
    const { rows } = await via.query<Pick<EventRow, 'position' | 'stream_id' | 'stream_version' | 'type' | 'data' | 'recorded_at' | 'hash'>>(
      `SELECT position, stream_id, stream_version, type, data, hash,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at
         FROM events WHERE position > $1 AND position <= $2 ORDER BY position`,
      [afterPosition, upTo],
    );
    if (rows.length !== upTo - afterPosition) return (await this.readAllVerified(via, afterPosition, limit)).map(toProjected);
    const events = rows.map((row): ProjectedEvent => {
      const position = Number(row.position);
      const recordedAt = typeof row.recorded_at === 'string' ? row.recorded_at : row.recorded_at.toISOString();
      const base = { position, streamId: row.stream_id, streamVersion: row.stream_version, recordedAt };
      return this.quarantines.get(position)?.hash === row.hash ? { ...base, type: QUARANTINED_EVENT_TYPE, data: {} } : { ...base, type: row.type, data: row.data };
    });
    if (events.length === limit) return events;
    // The verified run ends inside this batch: the rest is read and checked.
    const rest = await this.readVerified(via, upTo, limit - events.length);
    return [...events, ...rest.events.map(toProjected)];
  }

  /** The log as stored, unchecked: for the chain's own verification only. */
  private async readRaw(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map(toRecorded);
  }

  async lastPosition(): Promise<number> {
    const { rows } = await this.db.query<{ position: string | number | null }>('SELECT max(position) AS position FROM events');
    return Number(rows[0]?.position ?? 0);
  }

  onAppended(listener: () => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /**
   * Re-walks the whole chain in position order; names the first event whose stored hash is not what its content
   * gives and that no operator quarantined. A quarantined event is listed and walked over: its stored hash goes on.
   */
  async verifyChain(batchSize = 5000): Promise<ChainVerification> {
    const key = this.key();
    let previousHash = GENESIS_HASH;
    let expectedPosition = 1;
    let checked = 0;
    const quarantined: QuarantinedEvent[] = [];
    for (;;) {
      const batch = await this.readRaw(expectedPosition - 1, batchSize);
      if (batch.length === 0) return { ok: true, checked, lastPosition: expectedPosition - 1, lastHash: previousHash, ...(quarantined.length > 0 ? { quarantined } : {}) };
      for (const event of batch) {
        if (event.position !== expectedPosition) {
          return {
            ok: false,
            checked,
            firstBrokenPosition: expectedPosition,
            firstBrokenStream: event.streamId,
            reason: `event at position ${expectedPosition} is missing`,
            ...(quarantined.length > 0 ? { quarantined } : {}),
          };
        }
        const { hash, ...content } = event;
        const recomputed = eventHash(key, previousHash, content);
        if (recomputed !== hash) {
          const quarantine = await this.quarantineOf(this.db, event);
          if (quarantine) quarantined.push(quarantine);
          else {
            return {
              ok: false,
              checked,
              firstBrokenPosition: event.position,
              firstBrokenStream: event.streamId,
              firstBrokenType: event.type,
              reason: `stored hash of position ${event.position} does not match its content and the previous hash`,
              ...(quarantined.length > 0 ? { quarantined } : {}),
            };
          }
        }
        previousHash = hash;
        expectedPosition += 1;
        checked += 1;
      }
    }
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    this.unlisten?.();
  }
}
