import { INVISIBLE_CHARACTER } from '@ifu/contracts';
import type { Queryable } from '@ifu/storage/database/database';
import type { QuarantinedEvent } from '@ifu/storage/event-store/event-store';
import { eventHash, GENESIS_HASH, quarantineMac } from '@ifu/storage/event-store/hash-chain';

/** Longest reason an operator may give (it is stored and shown by audit:verify). */
export const QUARANTINE_REASON_MAX = 1000;

export class QuarantineRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuarantineRefused';
  }
}

/**
 * Sets aside the event at `position` whose link in the hash chain does not verify (docs/security.md, "When /health
 * reports a broken link"): records it in quarantined_events, signed with the audit key, so that every reader skips
 * it and goes on from its stored hash. `owner` must be able to write that table (the schema owner: the API's role may
 * only read it). Refuses an event that verifies (the key wrote it: nothing to set aside) and an empty reason.
 */
export async function quarantineEvent(owner: Queryable, key: string, position: number, reason: string, now: Date): Promise<QuarantinedEvent> {
  const why = reason.trim();
  if (!why) throw new QuarantineRefused('a reason is required (--reason "..."): it is kept with the quarantine and shown by audit:verify');
  if (why.length > QUARANTINE_REASON_MAX) throw new QuarantineRefused(`the reason is longer than ${QUARANTINE_REASON_MAX} characters`);
  // It is printed by audit:verify and written to the log output: no control or invisible characters to hide in.
  if (/\p{Cc}/u.test(why) || INVISIBLE_CHARACTER.test(why)) throw new QuarantineRefused('the reason must not contain control or invisible characters');
  if (!Number.isSafeInteger(position) || position < 1) throw new QuarantineRefused('--position must be the position of an event (a whole number from 1)');
  const { rows } = await owner.query<{
    position: string | number;
    stream_id: string;
    stream_version: number;
    event_id: string;
    type: string;
    data: Record<string, unknown>;
    metadata: never;
    recorded_at: string;
    hash: string;
  }>(
    `SELECT position, stream_id, stream_version, event_id, type, data, metadata,
            to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at, hash
       FROM events WHERE position BETWEEN $1 - 1 AND $1 ORDER BY position`,
    [position],
  );
  const row = rows.find((r) => Number(r.position) === position);
  if (!row) throw new QuarantineRefused(`the log has no event at position ${position}`);
  const previous = position === 1 ? GENESIS_HASH : rows.find((r) => Number(r.position) === position - 1)?.hash;
  if (previous === undefined) throw new QuarantineRefused(`the log has no event at position ${position - 1}: restore the log from a backup`);
  const content = {
    position,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  };
  if (eventHash(key, previous, content) === row.hash) {
    throw new QuarantineRefused(`the event at position ${position} verifies with the audit key: the product wrote it, so it is not set aside`);
  }
  const quarantine = { position, streamId: row.stream_id, type: row.type, hash: row.hash, reason: why, quarantinedAt: now.toISOString() };
  const inserted = await owner.query(
    `INSERT INTO quarantined_events (position, stream_id, type, hash, reason, quarantined_at, mac)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (position) DO NOTHING`,
    [position, quarantine.streamId, quarantine.type, quarantine.hash, quarantine.reason, quarantine.quarantinedAt, quarantineMac(key, quarantine)],
  );
  if (inserted.rowCount === 0) throw new QuarantineRefused(`the event at position ${position} is quarantined already`);
  const { hash: _hash, ...described } = quarantine;
  return described;
}
