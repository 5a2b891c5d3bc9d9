import { randomUUID } from 'node:crypto';
import type { Database } from '@ifu/storage/database/database';
import type { EventStore, RecordedEvent } from '@ifu/storage/event-store/event-store';
import { eventHash, GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import type { Projection } from '@ifu/projections/projection';
import { makeUser, newLife, nextUserEvent, prng, type UserLife } from '../lib/events';
import { median } from '../lib/stats';

/** Same key as postgres-event-store.ts: the generator holds the append lock while it writes. */
const APPEND_LOCK_KEY = 7262002;

/** What user_accounts must hold after a replay, computed while generating. */
export interface ExpectedAccount {
  passwordSetAt: string | null;
  lastLoginAt: string | null;
  createdAt: string;
  streamVersion: number;
}

export interface GeneratedLog {
  events: number;
  users: number;
  byType: Record<string, number>;
  expected: Map<string, ExpectedAccount>;
}

const INSERT_SQL = `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
  SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[],
                       $8::timestamptz[], $9::text[])`;

/**
 * Writes `total` user events for `users` users straight into the log, `chunk` rows per INSERT, under the store's
 * append lock and continuing the log's hash chain with the store's own eventHash(). Users register through the
 * first 80 % of the log; every other event goes to a random already registered user, so streams interleave as
 * they do in production.
 */
export async function generateLog(
  db: Database,
  total: number,
  users: number,
  options: { chunk?: number; seed?: number; adminChanges?: boolean } = {},
): Promise<GeneratedLog> {
  const { chunk = 5000, seed = 42, adminChanges = false } = options;
  const random = prng(seed);
  const lives: UserLife[] = [];
  const byType: Record<string, number> = {};
  const expected = new Map<string, ExpectedAccount>();
  const registerSpan = Math.max(1, Math.floor(total * 0.8));
  let clock = Date.parse('2025-01-06T07:00:00.000Z');

  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [APPEND_LOCK_KEY]);
    const head = await tx.query<{ position: string | null; hash: string | null }>(
      'SELECT position, hash FROM events ORDER BY position DESC LIMIT 1',
    );
    let position = Number(head.rows[0]?.position ?? 0);
    let previousHash = head.rows[0]?.hash ?? GENESIS_HASH;

    for (let written = 0; written < total; ) {
      const n = Math.min(chunk, total - written);
      const cols: unknown[][] = Array.from({ length: 9 }, () => []);
      for (let i = 0; i < n; i++, written++) {
        const due = Math.min(users, Math.ceil((users * (written + 1)) / registerSpan));
        let life: UserLife;
        if (lives.length < due || lives.length === 0) {
          life = newLife(makeUser(random, lives.length));
          lives.push(life);
        } else {
          life = lives[Math.floor(random() * lives.length)]!;
        }
        clock += 1 + Math.floor(random() * 2000);
        const at = new Date(clock);
        const event = nextUserEvent(random, life, at, adminChanges);
        position += 1;
        const recorded: Omit<RecordedEvent, 'hash'> = {
          position,
          streamId: `user-${life.user.userId}`,
          streamVersion: life.version,
          eventId: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: event.metadata,
          recordedAt: at.toISOString(),
        };
        const hash = eventHash(previousHash, recorded);
        previousHash = hash;
        const row = [
          recorded.position,
          recorded.streamId,
          recorded.streamVersion,
          recorded.eventId,
          recorded.type,
          JSON.stringify(recorded.data),
          JSON.stringify(recorded.metadata),
          recorded.recordedAt,
          hash,
        ];
        row.forEach((value, c) => cols[c]!.push(value));
        byType[event.type] = (byType[event.type] ?? 0) + 1;
        track(expected, life.user.userId, recorded);
      }
      await tx.query(INSERT_SQL, cols);
    }
  });
  return { events: total, users: lives.length, byType, expected };
}

/**
 * What the events of the benchmark's mix say about each account, to check user_accounts after every replay: the
 * last password set, the last successful login, the creation time, and the stream's version. Every event of the
 * stream moves the version (the read model keeps it equal to the stream's version: the record's ETag), failed
 * logins and logouts included. (Logs generated with `adminChanges` are checked against the product's own rebuild
 * instead.)
 */
function track(expected: Map<string, ExpectedAccount>, userId: string, e: Omit<RecordedEvent, 'hash'>): void {
  if (e.type === 'UserRegistered') {
    expected.set(userId, { passwordSetAt: null, lastLoginAt: null, createdAt: e.recordedAt, streamVersion: e.streamVersion });
    return;
  }
  const account = expected.get(userId);
  if (!account) return;
  account.streamVersion = e.streamVersion;
  if (e.type === 'PasswordSet') account.passwordSetAt = String(e.data.setAt);
  if (e.type === 'LoginSucceeded') account.lastLoginAt = String(e.data.at);
}

/** Compares user_accounts with the expectation; returns the number of mismatching rows (0 is correct). */
export async function checkReadModel(db: Database, expected: Map<string, ExpectedAccount>): Promise<number> {
  const { rows } = await db.query<{
    id: string;
    password_set_at: Date | null;
    last_login_at: Date | null;
    created_at: Date;
    stream_version: number;
  }>('SELECT id, password_set_at, last_login_at, created_at, stream_version FROM user_accounts');
  let wrong = Math.abs(rows.length - expected.size);
  for (const row of rows) {
    const want = expected.get(row.id);
    if (
      !want ||
      (row.password_set_at?.toISOString() ?? null) !== want.passwordSetAt ||
      (row.last_login_at?.toISOString() ?? null) !== want.lastLoginAt ||
      row.created_at.toISOString() !== want.createdAt ||
      row.stream_version !== want.streamVersion
    ) {
      wrong += 1;
    }
  }
  return wrong;
}

export type RebuildFn = (db: Database, store: EventStore, projection: Projection, batchSize?: number) => Promise<number>;

export interface RebuildRun {
  batchSize: number;
  runsMs: number[];
  medianMs: number;
  eventsPerSecond: number;
  wrongRows: number;
}

/** Times `runs` complete rebuilds (each one deletes the read model first, then replays the whole log). */
export async function timeRebuild(
  db: Database,
  store: EventStore,
  projection: Projection,
  rebuildFn: RebuildFn,
  batchSize: number,
  runs: number,
  log: GeneratedLog,
): Promise<RebuildRun> {
  const runsMs: number[] = [];
  let wrongRows = 0;
  for (let r = 0; r < runs; r++) {
    // Untimed housekeeping, so each run starts from the same table state (autovacuum would do this in production).
    await db.exec('VACUUM user_accounts, projection_checkpoints');
    const start = performance.now();
    const position = await rebuildFn(db, store, projection, batchSize);
    runsMs.push(performance.now() - start);
    if (position !== log.events) throw new Error(`rebuild stopped at ${position}, expected ${log.events}`);
    wrongRows = Math.max(wrongRows, await checkReadModel(db, log.expected));
  }
  const medianMs = median(runsMs);
  return { batchSize, runsMs, medianMs, eventsPerSecond: (log.events / medianMs) * 1000, wrongRows };
}

/** The floor every projection pays: reading the whole log through store.readAllForProjection() in batches, applying nothing. */
export async function timeReadAll(store: EventStore, batchSize: number): Promise<{ ms: number; events: number }> {
  const start = performance.now();
  let position = 0;
  let events = 0;
  for (;;) {
    const batch = await store.readAllForProjection(position, batchSize);
    events += batch.length;
    if (batch.length > 0) position = batch[batch.length - 1]!.position;
    if (batch.length < batchSize) break;
  }
  return { ms: performance.now() - start, events };
}
