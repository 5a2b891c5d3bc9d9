import type { Database, Queryable } from '@ifu/storage/database/database';
import type { EventStore, ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { CHECKPOINTS_CHANNEL } from '@ifu/storage/notifications';
import type { Projection } from './projection';

/*
 * Bringing one projection up to the log: its checkpoint row, batches applied together with their checkpoint, a
 * replay in place. The runner (runner.ts) loops over these for the live read models and the shadow rebuild
 * (shadow-rebuild.ts) for its shadow tables, so neither imports the other.
 */

/**
 * The log has a hole: an event is missing before `found`. On the PostgreSQL log positions are dense, so this means
 * rows were added or removed behind the product's back; the projector stops there rather than skip.
 */
export class LogGapError extends Error {
  constructor(
    readonly projection: string,
    readonly expected: number,
    readonly found: number,
  ) {
    super(`projection ${projection} stopped: the event log has no event at position ${expected} (the next one is at ${found})`);
    this.name = 'LogGapError';
  }
}

/** This process no longer leads the projection (elections): the batch was rolled back, the new leader applies it. */
export class LeadershipLostError extends Error {
  constructor(readonly projection: string) {
    super(`projection ${projection}: this process no longer leads it; the batch was not applied`);
    this.name = 'LeadershipLostError';
  }
}

/** Ensures every projection has a checkpoint row. */
export async function ensureCheckpoints(db: Database, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    await db.query('INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING', [
      projection.name,
    ]);
    // A rebuild cut short (a crash) left its indexes dropped: build them again.
    await restoreDeferredIndexes(db, projection.name);
  }
}

/**
 * Drops the projection's deferred indexes for a rebuild, keeping their definitions to build them again after. Only
 * when the connection owns the tables (the API's restricted role cannot drop an index; then they stay).
 */
async function deferIndexes(tx: Queryable, projection: Projection): Promise<void> {
  if (!projection.deferredIndexes?.length) return;
  const { rows } = await tx.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i JOIN pg_class c ON c.relname = i.tablename AND c.relnamespace = to_regnamespace(i.schemaname)
      WHERE i.schemaname = current_schema() AND i.indexname = ANY($1) AND pg_has_role(current_user, c.relowner, 'USAGE')`,
    [projection.deferredIndexes],
  );
  for (const { name, definition } of rows) {
    await tx.query('INSERT INTO projection_deferred_indexes (projection, name, definition) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      projection.name,
      name,
      definition,
    ]);
    await tx.query(`DROP INDEX ${name}`);
  }
}

async function restoreDeferredIndexes(db: Database, projectionName: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ name: string; definition: string }>(
      'SELECT name, definition FROM projection_deferred_indexes WHERE projection = $1 FOR UPDATE',
      [projectionName],
    );
    // A GIN index builds in memory: with the default 64 MB it spills and merges over and over (bench: search).
    if (rows.length > 0) await tx.query(`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const { name, definition } of rows) {
      await tx.query(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
      await tx.query('DELETE FROM projection_deferred_indexes WHERE projection = $1 AND name = $2', [projectionName, name]);
    }
  });
}

export async function checkpointOf(db: Database, name: string): Promise<number> {
  const { rows } = await db.query<{ position: string | number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [name]);
  return Number(rows[0]?.position ?? 0);
}

interface Prefetch {
  after: number;
  events: Promise<ProjectedEvent[]>;
}

/** Where a projector is: its checkpoint row as last seen or written, and how far it has really got. */
export interface Cursor {
  /** The checkpoint in the database, as this projector last read or wrote it. */
  committed: number;
  /** Every event up to here is applied or held nothing for this projection (ahead of `committed` between commits). */
  position: number;
  /** The next batch, already being read. */
  next?: Prefetch;
}

/**
 * Applies one batch after the cursor. A batch with events for the projection is applied in one transaction with its
 * checkpoint: the read model and the checkpoint move together or not at all. Inside, the checkpoint row is locked
 * and must still be where this projector left it, so two processes running the same projector cannot both apply a
 * batch. A batch with nothing for the projection only moves the cursor: no transaction, no commit (`saveCheckpoint`
 * writes such progress now and then). Events are read before the transaction (on the embedded database a query
 * outside a running transaction would wait for it); when a full batch came, the next one is read while this one is
 * applied. With `stillLeads` (an election), the batch commits only if this process still leads the projection once
 * its checkpoint row is locked.
 */
export async function projectBatch(
  db: Database,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  from?: Cursor,
  stillLeads?: (tx: Queryable) => Promise<boolean>,
): Promise<{ read: number } & Cursor> {
  const cursor: Cursor = from ?? (await checkpointOf(db, projection.name).then((position) => ({ committed: position, position })));
  const read = (after: number): Promise<ProjectedEvent[]> => (projection.readsMetadata ? store.readAll(after, batchSize) : store.readAllForProjection(after, batchSize));
  const events = cursor.next?.after === cursor.position ? await cursor.next.events : await read(cursor.position);
  if (events.length === 0) return { read: 0, committed: cursor.committed, position: cursor.position };
  if (store.kind === 'postgres') {
    events.forEach((event, index) => {
      if (event.position !== cursor.position + index + 1) throw new LogGapError(projection.name, cursor.position + index + 1, event.position);
    });
  }
  const position = events[events.length - 1]!.position;
  let next: Prefetch | undefined;
  if (events.length === batchSize) {
    next = { after: position, events: read(position) };
    next.events.catch(() => {}); // surfaced when awaited
  }
  const handled = events.filter((event) => projection.handles.has(event.type));
  if (handled.length === 0) return { read: events.length, committed: cursor.committed, position, next };
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ position: string | number }>(
      'SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
      [projection.name],
    );
    const current = Number(locked.rows[0]?.position ?? 0);
    // Another runner applied events meanwhile: nothing to do, carry on from its checkpoint.
    if (current !== cursor.committed) return { read: 0, committed: current, position: current };
    if (stillLeads && !(await stillLeads(tx))) throw new LeadershipLostError(projection.name);
    await projection.applyBatch(tx, handled);
    await tx.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [projection.name, position]);
    if (db.kind === 'postgres') await tx.query('SELECT pg_notify($1, $2)', [CHECKPOINTS_CHANNEL, projection.name]);
    return { read: events.length, committed: position, position, next };
  });
}

/** Writes progress over events that held nothing for the projection; returns the cursor as the database has it now. */
export async function saveCheckpoint(db: Database, projection: Projection, cursor: Cursor): Promise<Cursor> {
  if (cursor.position <= cursor.committed) return cursor;
  const result = await db.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1 AND position = $3', [
    projection.name,
    cursor.position,
    cursor.committed,
  ]);
  if (result.rowCount === 1) return { ...cursor, committed: cursor.position };
  const current = await checkpointOf(db, projection.name);
  return { committed: current, position: current };
}

/** Replays a projection until it has caught up with the log, and saves its checkpoint. */
export async function catchUp(db: Database, store: EventStore, projection: Projection, batchSize = 1000): Promise<number> {
  let cursor: Cursor | undefined;
  for (;;) {
    const { read, ...next } = await projectBatch(db, store, projection, batchSize, cursor);
    cursor = next;
    if (read < batchSize) break;
    await refreshGrownStatistics(db, projection);
  }
  return (await saveCheckpoint(db, projection, cursor)).position;
}

/** A table's statistics are refreshed while it is filled once it holds this many times the pages they describe. */
const STATISTICS_GROWTH = 2;
const STATISTICS_MIN_PAGES = 64;

/**
 * ANALYZEs the projection's tables that have grown to STATISTICS_GROWTH times the size their statistics describe.
 * A replay fills tables far faster than autovacuum looks at them: planned with the statistics of a table a hundredth
 * of its size, a join read the whole table for every batch (bench: search, the supersession of a rebuild grew from
 * 1.5 s to 8 s a batch over 20,000 children). Doubling keeps it to a handful of ANALYZEs however long the log.
 */
async function refreshGrownStatistics(db: Database, projection: Projection): Promise<void> {
  if (projection.tables.length === 0) return;
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.oid = ANY($1::regclass[])
        AND pg_relation_size(c.oid) / current_setting('block_size')::bigint > greatest($2 * c.relpages, $3)`,
    [projection.tables, STATISTICS_GROWTH, STATISTICS_MIN_PAGES],
  );
  for (const { name } of rows) await db.exec(`ANALYZE "${name.replace(/"/g, '""')}"`);
}

/** Empties a projection's tables and checkpoint, then replays the whole log into it (readers see it refill). */
export async function rebuildInPlace(db: Database, store: EventStore, projection: Projection, batchSize = 1000): Promise<number> {
  await ensureCheckpoints(db, [projection]);
  await db.transaction(async (tx) => {
    await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    for (const table of projection.tables) await tx.query(`DELETE FROM ${table}`);
    await projection.initialRows?.(tx);
    await tx.query('UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE name = $1', [projection.name]);
    await deferIndexes(tx, projection);
  });
  try {
    return await catchUp(db, store, projection, batchSize);
  } finally {
    await restoreDeferredIndexes(db, projection.name);
  }
}
