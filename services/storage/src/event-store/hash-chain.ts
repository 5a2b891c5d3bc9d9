import { createHash } from 'node:crypto';
import type { RecordedEvent } from './event-store';

export const GENESIS_HASH = '0'.repeat(64);

/** JSON with object keys sorted at every level, so that jsonb's reordering cannot change a hash. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** Every stored field of an event takes part in its hash, so changing any byte breaks the chain. */
export function eventHash(previousHash: string, event: Omit<RecordedEvent, 'hash'>): string {
  const canonical = canonicalJson({
    position: event.position,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    eventId: event.eventId,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
  });
  return createHash('sha256').update(previousHash).update('\n').update(canonical).digest('hex');
}
