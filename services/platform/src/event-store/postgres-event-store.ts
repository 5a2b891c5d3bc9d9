import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from '../database/database';
import {
  type AppendResult,
  type ChainVerification,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from './event-store';
import { eventHash, GENESIS_HASH } from './hash-chain';

/** Key of the transaction-scoped advisory lock that serializes appends (architecture §3). */
const APPEND_LOCK_KEY = 7262002;
export const EVENTS_CHANNEL = 'ifu_events';

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

const COLUMNS = 'position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash';
// Read back as text in the exact ISO form the hash covers: parsing timestamps into Date objects was a third of the
// cost of reading the log (measured in bench/).
const SELECT_COLUMNS = `position, stream_id, stream_version, event_id, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, hash`;

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
  /**
   * When set, a dedicated connection LISTENs for appends made by other processes
   * (the API and the projections worker). Not available on the embedded database.
   */
  listenConnectionString?: string;
  listenSearchPath?: string;
  now?: () => Date;
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly emitter = new EventEmitter().setMaxListeners(100);
  private listener?: pg.Client;
  private readonly now: () => Date;

  private constructor(
    private readonly db: Database,
    options: PostgresEventStoreOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  static async open(db: Database, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(db, options);
    if (options.listenConnectionString) await store.listen(options.listenConnectionString, options.listenSearchPath);
    return store;
  }

  private async listen(connectionString: string, searchPath?: string): Promise<void> {
    const client = new pg.Client({
      connectionString,
      options: searchPath ? `-c search_path=${searchPath}` : undefined,
    });
    client.on('error', () => {
      // Losing the LISTEN connection only delays wake-ups: projectors also poll.
      this.listener = undefined;
    });
    client.on('notification', () => this.emitter.emit('appended'));
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    this.listener = client;
  }

  async append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const result = await this.db.transaction(async (tx) => {
      // Serialized appends: position order equals commit order, and the chain has one tail.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
      const head = await tx.query<{ stream_version: number | null; position: string | null; hash: string | null }>(
        `SELECT (SELECT max(stream_version) FROM events WHERE stream_id = $1) AS stream_version,
                (SELECT position FROM events ORDER BY position DESC LIMIT 1) AS position,
                (SELECT hash FROM events ORDER BY position DESC LIMIT 1) AS hash`,
        [streamId],
      );
      const row = head.rows[0]!;
      const currentVersion = row.stream_version ?? 0;
      if (expectedVersion !== 'any' && expectedVersion !== currentVersion) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, currentVersion);
      }
      let previousHash = row.hash ?? GENESIS_HASH;
      let position = Number(row.position ?? 0);
      const recordedAt = this.now().toISOString();
      const values: unknown[] = [];
      const tuples: string[] = [];
      events.forEach((event, index) => {
        position += 1;
        const recorded = {
          position,
          streamId,
          streamVersion: currentVersion + index + 1,
          eventId: randomUUID(),
          type: event.type,
          // Round-trip through JSON so the hash covers exactly what jsonb will give back.
          data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
          metadata: JSON.parse(JSON.stringify(event.metadata)) as RecordedEvent['metadata'],
          recordedAt,
        };
        const hash = eventHash(previousHash, recorded);
        previousHash = hash;
        const base = values.length;
        tuples.push(`(${Array.from({ length: 9 }, (_, i) => `$${base + i + 1}`).join(', ')})`);
        values.push(
          recorded.position,
          recorded.streamId,
          recorded.streamVersion,
          recorded.eventId,
          recorded.type,
          JSON.stringify(recorded.data),
          JSON.stringify(recorded.metadata),
          recorded.recordedAt,
          hash,
        );
      });
      await tx.query(`INSERT INTO events (${COLUMNS}) VALUES ${tuples.join(', ')}`, values);
      // Delivered on commit to other processes' LISTEN connections.
      if (this.db.kind === 'postgres') await tx.query(`SELECT pg_notify($1, $2)`, [EVENTS_CHANNEL, String(position)]);
      return { nextExpectedVersion: currentVersion + events.length, lastPosition: position };
    });
    this.emitter.emit('appended');
    return result;
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY stream_version`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]> {
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

  /** Re-walks the whole chain in position order; names the first event whose stored hash is not what its content gives. */
  async verifyChain(batchSize = 5000): Promise<ChainVerification> {
    let previousHash = GENESIS_HASH;
    let expectedPosition = 1;
    let checked = 0;
    for (;;) {
      const batch = await this.readAll(expectedPosition - 1, batchSize);
      if (batch.length === 0) return { ok: true, checked };
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
        const recomputed = eventHash(previousHash, content);
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
    await this.listener?.end().catch(() => {});
  }
}
