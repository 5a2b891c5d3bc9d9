import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Database } from '../database/database';
import {
  type AppendResult,
  BrokenLinkError,
  type ChainVerification,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type ProjectedEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store';
import { eventHash, GENESIS_HASH, requireChainKey } from './hash-chain';
import { EVENTS_CHANNEL, type Notifications } from '../notifications';

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

export interface PostgresEventStoreOptions {
  /** The audit key the hash chain is keyed with (AUDIT_KEY); without it the store can only read. */
  chainKey?: string;
  /** Appends made by other processes (the API and the projections worker) wake this store's subscribers too. */
  notifications?: Notifications;
  now?: () => Date;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(100);
  private readonly unlisten?: () => void;
  private readonly now: () => Date;
  private readonly chainKey?: string;

  private constructor(
    private readonly db: Database,
    options: PostgresEventStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.chainKey = options.chainKey;
    this.unlisten = options.notifications?.on(EVENTS_CHANNEL, () => this.emitter.emit('appended'));
  }

  static async open(db: Database, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    return new PostgresEventStore(db, options);
  }

  /** The newest event this process knows of; appends chain from it and the database checks it is still the tail. */
  private tail?: { position: number; hash: string };
  /** Appends from this process go one at a time: the cached tail then stays right, and the lock would serialize them anyway. */
  private appendQueue: Promise<unknown> = Promise.resolve();

  append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    const run = this.appendQueue.then(() => this.appendNow(streamId, events, expectedVersion));
    this.appendQueue = run.catch(() => undefined);
    return run;
  }

  private async loadTail(): Promise<{ position: number; hash: string }> {
    const { rows } = await this.db.query<{ position: string | number; hash: string }>(
      'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
    );
    return rows[0] ? { position: Number(rows[0].position), hash: rows[0].hash } : { position: 0, hash: GENESIS_HASH };
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
    for (let attempt = 1; ; attempt++) {
      const expected = expectedVersion === 'any' ? await this.streamVersion(streamId) : expectedVersion;
      const tail = (this.tail ??= await this.loadTail());
      const recordedAt = this.now().toISOString();
      let previousHash = tail.hash;
      const eventIds: string[] = [];
      const types: string[] = [];
      const data: string[] = [];
      const metadata: string[] = [];
      const hashes: string[] = [];
      events.forEach((event, index) => {
        const recorded = {
          position: tail.position + index + 1,
          streamId,
          streamVersion: expected + index + 1,
          eventId: randomUUID(),
          type: event.type,
          // Round-trip through JSON so the hash covers exactly what jsonb will give back.
          data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
          metadata: JSON.parse(JSON.stringify(event.metadata)) as RecordedEvent['metadata'],
          recordedAt,
        };
        previousHash = eventHash(key, previousHash, recorded);
        eventIds.push(recorded.eventId);
        types.push(recorded.type);
        data.push(JSON.stringify(recorded.data));
        metadata.push(JSON.stringify(recorded.metadata));
        hashes.push(previousHash);
      });
      try {
        const sql = 'SELECT append_events($1, $2, $3, $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8, $9::text[], $10)';
        const params = [streamId, expected, tail.position, eventIds, types, data, metadata, recordedAt, hashes, this.db.kind === 'postgres'];
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
      const lastPosition = tail.position + events.length;
      this.tail = { position: lastPosition, hash: previousHash };
      this.emitter.emit('appended');
      return { nextExpectedVersion: expected + events.length, lastPosition };
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
      events.forEach((event, index) => {
        const previous = rows[index]!.previous_hash ?? (event.position === 1 ? GENESIS_HASH : undefined);
        const { hash, ...content } = event;
        if (previous === undefined || eventHash(this.chainKey!, previous, content) !== hash) throw new BrokenLinkError(streamId, event.streamVersion);
      });
    }
    return events;
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map(toRecorded);
  }

  async readAllForProjection(afterPosition: number, limit: number): Promise<ProjectedEvent[]> {
    const { rows } = await this.db.query<Pick<EventRow, 'position' | 'stream_id' | 'stream_version' | 'type' | 'data' | 'recorded_at'>>(
      `SELECT position, stream_id, stream_version, type, data,
              to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at
         FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
      [afterPosition, limit],
    );
    return rows.map((row) => ({
      position: Number(row.position),
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.type,
      data: row.data,
      recordedAt: typeof row.recorded_at === 'string' ? row.recorded_at : row.recorded_at.toISOString(),
    }));
  }

  async lastPosition(): Promise<number> {
    const { rows } = await this.db.query<{ position: string | number | null }>('SELECT max(position) AS position FROM events');
    return Number(rows[0]?.position ?? 0);
  }

  onAppended(listener: () => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /** Re-walks the whole chain in position order; names the first event whose stored hash is not what its content gives. */
  async verifyChain(batchSize = 5000): Promise<ChainVerification> {
    const key = this.key();
    let previousHash = GENESIS_HASH;
    let expectedPosition = 1;
    let checked = 0;
    for (;;) {
      const batch = await this.readAll(expectedPosition - 1, batchSize);
      if (batch.length === 0) return { ok: true, checked, lastPosition: expectedPosition - 1, lastHash: previousHash };
      for (const event of batch) {
        if (event.position !== expectedPosition) {
          return {
            ok: false,
            checked,
            firstBrokenPosition: expectedPosition,
            firstBrokenStream: event.streamId,
            reason: `event at position ${expectedPosition} is missing`,
          };
        }
        const { hash, ...content } = event;
        const recomputed = eventHash(key, previousHash, content);
        if (recomputed !== hash) {
          return {
            ok: false,
            checked,
            firstBrokenPosition: event.position,
            firstBrokenStream: event.streamId,
            reason: `stored hash of position ${event.position} does not match its content and the previous hash`,
          };
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
