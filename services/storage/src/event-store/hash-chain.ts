import { createHmac } from 'node:crypto';
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

/**
 * Every stored field of an event takes part in its hash, so changing any byte breaks the chain. The hash is an
 * HMAC-SHA256 under the audit key, which lives outside the database: someone who can write to the database can
 * change rows, but cannot recompute a chain that verifies (architecture §3).
 */
export function eventHash(key: string, previousHash: string, event: Omit<RecordedEvent, 'hash'>): string {
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
  return createHmac('sha256', key).update(previousHash).update('\n').update(canonical).digest('hex');
}

/** The error of a store opened without the audit key (a projections worker reads; it never appends or verifies). */
export class MissingChainKeyError extends Error {
  constructor() {
    super('this event store was opened without the audit key: it can read the log, not append to it or verify it');
    this.name = 'MissingChainKeyError';
  }
}

/** The audit key a store was opened with, or the error of a store that may only read. */
export function requireChainKey(key: string | undefined): string {
  if (!key) throw new MissingChainKeyError();
  return key;
}

/** What an operator's quarantine of one event signs: every column of its row (migrations/0007_quarantined_events.sql). */
export interface QuarantineRow {
  position: number;
  streamId: string;
  type: string;
  hash: string;
  reason: string;
  quarantinedAt: string;
}

/** The HMAC of a quarantine row under the audit key: a row written without the key does not set any event aside. */
export function quarantineMac(key: string, row: QuarantineRow): string {
  return createHmac('sha256', key)
    .update(`ifu quarantined event\n${canonicalJson({ ...row })}`)
    .digest('hex');
}
