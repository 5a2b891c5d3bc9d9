/**
 * PROTOTYPE, not product code: the store's readAll with cheaper decoding. The server formats recorded_at as the
 * ISO string the store returns anyway, so node-postgres does not parse a timestamptz into a Date that toRecorded()
 * immediately turns back into a string. Everything else is delegated to the real store.
 *
 * `slim` goes further and reads only what projections use (no event_id, metadata, hash): that needs an interface
 * change (a projection-only read returning a narrower event type); here the missing fields are left empty.
 */
import type { Database } from '@ifu/platform/database/database';
import type { EventStore, RecordedEvent } from '@ifu/platform/event-store/event-store';

interface LeanRow {
  position: string;
  stream_id: string;
  stream_version: number;
  event_id: string;
  type: string;
  data: Record<string, unknown>;
  metadata: RecordedEvent['metadata'];
  recorded_at: string;
  hash: string;
}

const LEAN_COLUMNS = `position, stream_id, stream_version, event_id, type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, hash`;

const SLIM_COLUMNS = `position, stream_id, stream_version, ''::text AS event_id, type, data, NULL::jsonb AS metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, ''::text AS hash`;

export function withLeanReadAll(db: Database, store: EventStore, options: { slim?: boolean } = {}): EventStore {
  const columns = options.slim ? SLIM_COLUMNS : LEAN_COLUMNS;
  return {
    kind: store.kind,
    append: (...a) => store.append(...a),
    readStream: (s) => store.readStream(s),
    lastPosition: () => store.lastPosition(),
    onAppended: (l) => store.onAppended(l),
    verifyChain: () => store.verifyChain(),
    close: () => store.close(),
    async readAll(afterPosition, limit) {
      const { rows } = await db.query<LeanRow>(
        `SELECT ${columns} FROM events WHERE position > $1 ORDER BY position LIMIT $2`,
        [afterPosition, limit],
      );
      return rows.map((row) => ({
        position: Number(row.position),
        streamId: row.stream_id,
        streamVersion: row.stream_version,
        eventId: row.event_id,
        type: row.type,
        data: row.data,
        metadata: row.metadata,
        recordedAt: row.recorded_at,
        hash: row.hash,
      }));
    },
  };
}
