/**
 * PROTOTYPE, not product code: projections/src/runner.ts's projectBatch / catchUp / rebuild with two changes:
 *  - a projection with `applyBatch` gets the batch's handled events in one call (set-based SQL);
 *  - optional prefetch: while a batch is applied, the next one is already being read on another pool connection.
 */
import type { Database } from '@ifu/platform/database/database';
import type { EventStore, RecordedEvent } from '@ifu/platform/event-store/event-store';
import { ensureCheckpoints } from '@ifu/projections/runner';
import type { Projection } from '@ifu/projections/projection';
import type { BatchProjection } from './batched-user-accounts';

export interface PrototypeRunnerOptions {
  prefetch?: boolean;
}

const hasApplyBatch = (p: Projection): p is BatchProjection => typeof (p as Partial<BatchProjection>).applyBatch === 'function';

interface Prefetch {
  after: number;
  events: Promise<RecordedEvent[]>;
}

async function projectBatch(
  db: Database,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  options: PrototypeRunnerOptions,
  prefetched: Prefetch | undefined,
): Promise<{ read: number; position: number; next?: Prefetch }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ position: string | number }>(
      'SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
      [projection.name],
    );
    const checkpoint = Number(rows[0]?.position ?? 0);
    // A prefetch is only used when it starts exactly at the locked checkpoint (else another runner moved it).
    const events = prefetched?.after === checkpoint ? await prefetched.events : await store.readAll(checkpoint, batchSize);
    if (events.length === 0) return { read: 0, position: checkpoint };
    const position = events[events.length - 1]!.position;
    let next: Prefetch | undefined;
    if (options.prefetch && events.length === batchSize) {
      next = { after: position, events: store.readAll(position, batchSize) };
      next.events.catch(() => {}); // surfaced when awaited; never an unhandled rejection
    }
    if (hasApplyBatch(projection)) {
      await projection.applyBatch(tx, events.filter((e) => projection.handles.has(e.type)));
    } else {
      for (const event of events) if (projection.handles.has(event.type)) await projection.apply(tx, event);
    }
    await tx.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [
      projection.name,
      position,
    ]);
    return { read: events.length, position, next };
  });
}

export async function catchUp(
  db: Database,
  store: EventStore,
  projection: Projection,
  batchSize = 1000,
  options: PrototypeRunnerOptions = {},
): Promise<number> {
  let prefetched: Prefetch | undefined;
  for (;;) {
    const result = await projectBatch(db, store, projection, batchSize, options, prefetched);
    prefetched = result.next;
    if (result.read < batchSize) return result.position;
  }
}

export async function rebuild(
  db: Database,
  store: EventStore,
  projection: Projection,
  batchSize = 1000,
  options: PrototypeRunnerOptions = {},
): Promise<number> {
  await ensureCheckpoints(db, [projection]);
  await db.transaction(async (tx) => {
    await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    for (const table of projection.tables) await tx.query(`DELETE FROM ${table}`);
    await tx.query('UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE name = $1', [projection.name]);
  });
  return catchUp(db, store, projection, batchSize, options);
}
