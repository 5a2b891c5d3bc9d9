import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@ifu/storage/event-store/event-store';
import type { Projection } from '../src/projection';

/** Metadata of an event a projection test appends straight to the log. */
export const metadata = (): EventMetadata => ({
  actor: { type: 'system', name: 'projection-test' },
  occurredAt: new Date().toISOString(),
  correlationId: randomUUID(),
  ip: null,
  userAgent: null,
});

/** The same read model applied one event per statement batch: what a set-based batch must equal. */
export const eventByEvent = (projection: Projection): Projection => ({
  ...projection,
  async applyBatch(tx, events) {
    for (const event of events) await projection.applyBatch(tx, [event]);
  },
});
