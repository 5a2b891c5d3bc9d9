import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Queryable } from '@ifu/storage/database/database';
import { type ProjectedEvent, QUARANTINED_EVENT_TYPE } from '@ifu/storage/event-store/event-store';
import type { Projection } from './projection';

/** A read-model row: one per aggregate, keyed by its id, with the stream version it has applied. */
export interface Row {
  id: string;
  stream_version: number;
}

export interface RowProjectionSpec<R extends Row> {
  name: string;
  table: string;
  /** The directory of this read model's migrations (`new URL('./migrations', import.meta.url)`). */
  migrationsDirectory: URL;
  handles: readonly string[];
  /** The row an event changes: the aggregate's id. */
  rowId(event: ProjectedEvent): string;
  /**
   * The column holding the version of the event's stream that the row has applied: `stream_version` unless a row
   * also follows a second stream (a user's sign-ins). Kept equal to that stream's version, so it is the record's ETag.
   */
  versionColumn?(event: ProjectedEvent): string;
  /**
   * The row whose version follows a stream (undefined for a stream of no row here): for the placeholder of a quarantined
   * event, which carries nothing else. Its row's version moves past it and nothing more changes, so that the record's
   * ETag stays its stream's version and a signer can still bind a decision to it.
   */
  rowOfStream?(streamId: string): string | undefined;
  /**
   * The row after the event (`row` is undefined when there is none yet; undefined back leaves it absent): pure, no
   * I/O. An event is applied only when its stream version is above the row's, so a replay changes nothing; every
   * applied event moves the row's version, even one that changes no other column.
   */
  evolve(row: R | undefined, event: ProjectedEvent): R | undefined;
  /** More tables the read model keeps (emptied by a rebuild with its own). */
  extraTables?: readonly string[];
  /** Runs in the batch's transaction after its rows are written (figures kept over the whole table, such as totals). */
  afterBatch?(tx: Queryable): Promise<void>;
  /** What the emptied read model holds before any event (Projection.initialRows). */
  initialRows?(tx: Queryable): Promise<void>;
}

/**
 * A read model of one row per aggregate, applied set-based: a batch reads the rows it touches in one query, folds
 * its events into them in memory, and writes them back in one upsert. Two statements a batch, however many events.
 */
export function rowProjection<R extends Row>(spec: RowProjectionSpec<R>): Projection {
  return {
    name: spec.name,
    tables: [spec.table, ...(spec.extraTables ?? [])],
    handles: new Set(spec.rowOfStream ? [...spec.handles, QUARANTINED_EVENT_TYPE] : spec.handles),
    migrations: () => migrationsFromDirectory(`projections/${spec.name}`, spec.migrationsDirectory.pathname),
    ...(spec.initialRows ? { initialRows: spec.initialRows } : {}),
    async applyBatch(tx: Queryable, events: readonly ProjectedEvent[]) {
      if (events.length === 0) return;
      const idOf = (event: ProjectedEvent) => (event.type === QUARANTINED_EVENT_TYPE ? spec.rowOfStream?.(event.streamId) : spec.rowId(event));
      const ids = [...new Set(events.map(idOf).filter((id) => id !== undefined))];
      const { rows } = await tx.query<R>(`SELECT * FROM ${spec.table} WHERE id = ANY($1)`, [ids]);
      const current = new Map<string, R | undefined>(rows.map((row) => [row.id, row]));
      const changed = new Set<string>();
      for (const event of events) {
        const id = idOf(event);
        if (id === undefined) continue;
        const row = current.get(id);
        const column = spec.versionColumn?.(event) ?? 'stream_version';
        if (row && event.streamVersion <= Number((row as unknown as Record<string, unknown>)[column])) continue;
        const next = event.type === QUARANTINED_EVENT_TYPE ? row : spec.evolve(row, event);
        if (next === undefined) continue;
        current.set(id, { ...next, [column]: event.streamVersion });
        changed.add(id);
      }
      if (changed.size === 0) return;
      const written = [...changed].map((id) => current.get(id)!);
      const columns = Object.keys(written[0]!).filter((column) => column !== 'id');
      await tx.query(
        `INSERT INTO ${spec.table}
         SELECT * FROM jsonb_populate_recordset(NULL::${spec.table}, $1::jsonb)
         ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = EXCLUDED.${c}`).join(', ')}`,
        [JSON.stringify(written)],
      );
      await spec.afterBatch?.(tx);
    },
  };
}
