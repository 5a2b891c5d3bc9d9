import { credentialsStreamId, type UserEvent } from '@ifu/contracts';
import { allProjections, type Projection } from '@ifu/projections';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { type EventStore, type ProjectedEvent, QUARANTINED_EVENT_TYPE } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { snapshotHolds } from '../platform/command-pipeline';
import type { Seals } from '../platform/seals';
import { SET_PASSWORD_PURPOSES, tokenHashSeal, UNLOCK_PURPOSES, foldUser, type UserState } from '../auth';

/** One row that is not what the log says: in the live table only, in the replay only, or different in both. */
export interface RowDifference {
  table: string;
  /** The row's primary key (or the whole row where the table has none). */
  key: Record<string, unknown>;
  /** The columns whose values differ (every column when the row is on one side only). */
  columns: string[];
  live: Record<string, unknown> | null;
  replayed: Record<string, unknown> | null;
}

/** A row the request path stores beside the log whose keyed seal in the log does not hold. */
export interface SealFinding {
  table: string;
  key: Record<string, unknown>;
  problem: string;
}

export interface ReadModelCheck {
  /** Each read model's table, how many rows it has, and up to which log position it was compared. */
  compared: Array<{ projection: string; table: string; rows: number; position: number }>;
  differences: RowDifference[];
  seals: SealFinding[];
}

const BATCH = 1000;

/** Events of the log after a position, up to another, for one projection's replay. */
async function* eventsUpTo(tx: Queryable, store: EventStore, until: number): AsyncGenerator<ProjectedEvent[]> {
  for (let after = 0; after < until; ) {
    // On PostgreSQL the events are read in the check's own transaction (the embedded database serves one at a time),
    // verified as every reader of the log verifies them: the replay applies what the read models may apply.
    const batch = (
      store instanceof PostgresEventStore ? await store.readAllForProjection(after, Math.min(BATCH, until - after), tx) : await store.readAllForProjection(after, BATCH)
    ).filter((event) => event.position <= until);
    if (batch.length === 0) return;
    yield batch;
    after = batch.at(-1)!.position;
  }
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function primaryKeyOf(tx: Queryable, schema: string, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ column: string }>(
    `SELECT a.attname AS column
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE i.indisprimary AND n.nspname = $1 AND c.relname = $2
      ORDER BY k.ord`,
    [schema, table],
  );
  return rows.map((row) => row.column);
}

/** Rows of the live table and of its replay (a temporary table of the same shape) that are not in the other. */
async function differencesOf(tx: Queryable, schema: string, table: string): Promise<RowDifference[]> {
  const live = `${identifier(schema)}.${identifier(table)}`;
  const replay = `pg_temp.${identifier(table)}`;
  const { rows } = await tx.query<{ side: 'live' | 'replayed'; row: Record<string, unknown> }>(
    `SELECT 'live' AS side, to_jsonb(l) AS row FROM (SELECT * FROM ${live} EXCEPT ALL SELECT * FROM ${replay}) l
     UNION ALL
     SELECT 'replayed' AS side, to_jsonb(r) AS row FROM (SELECT * FROM ${replay} EXCEPT ALL SELECT * FROM ${live}) r`,
  );
  if (rows.length === 0) return [];
  const keyColumns = await primaryKeyOf(tx, schema, table);
  const keyOf = (row: Record<string, unknown>) =>
    Object.fromEntries((keyColumns.length > 0 ? keyColumns : Object.keys(row)).map((column) => [column, row[column]]));
  const byKey = new Map<string, RowDifference>();
  for (const { side, row } of rows) {
    const key = keyOf(row);
    const id = JSON.stringify(key);
    const found = byKey.get(id) ?? { table, key, columns: [], live: null, replayed: null };
    found[side] = row;
    byKey.set(id, found);
  }
  for (const difference of byKey.values()) {
    const { live: l, replayed: r } = difference;
    const columns = Object.keys(l ?? r ?? {});
    difference.columns = l && r ? columns.filter((column) => JSON.stringify(l[column]) !== JSON.stringify(r[column])) : columns;
  }
  return [...byKey.values()];
}

/** Replays the log into temporary copies of one projection's tables (up to its checkpoint) and compares them. */
async function checkProjection(tx: Queryable, store: EventStore, schema: string, projection: Projection, check: ReadModelCheck): Promise<void> {
  const { rows } = await tx.query<{ position: string | number }>('SELECT position FROM projection_checkpoints WHERE name = $1', [projection.name]);
  const position = Number(rows[0]?.position ?? 0);
  for (const table of projection.tables) {
    // Unqualified names find a temporary table first, so the projection's own SQL writes the copies.
    await tx.query(`CREATE TEMPORARY TABLE ${identifier(table)} (LIKE ${identifier(schema)}.${identifier(table)} INCLUDING ALL) ON COMMIT DROP`);
  }
  await projection.initialRows?.(tx);
  for await (const batch of eventsUpTo(tx, store, position)) {
    const handled = batch.filter((event) => projection.handles.has(event.type));
    if (handled.length > 0) await projection.applyBatch(tx, handled);
  }
  for (const table of projection.tables) {
    const counted = await tx.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${identifier(schema)}.${identifier(table)}`);
    check.compared.push({ projection: projection.name, table, rows: Number(counted.rows[0]?.n ?? 0), position });
    check.differences.push(...(await differencesOf(tx, schema, table)));
    await tx.query(`DROP TABLE pg_temp.${identifier(table)}`);
  }
}

/** What the credentials stream of an account holds now, folded from the log. */
async function credentialsOf(store: EventStore, userId: string): Promise<UserState> {
  const events = await store.readStream(credentialsStreamId(userId));
  return foldUser(events.filter((event) => event.type !== QUARANTINED_EVENT_TYPE).map((event) => ({ type: event.type, data: event.data }) as UserEvent));
}

/**
 * The rows the request path keeps beside the log and seals in it: each stored password hash
 * must be the one its account's log sealed; each usable emailed link must be the one the log has open; each stream
 * snapshot must carry its seal.
 */
async function checkSeals(tx: Queryable, store: EventStore, seals: Seals, check: ReadModelCheck, now: Date): Promise<void> {
  const credentials = await tx.query<{ user_id: string; password_hash: string }>('SELECT user_id, password_hash FROM user_credentials ORDER BY user_id');
  const tokens = await tx.query<{ user_id: string; token_hash: string; purpose: string }>(
    'SELECT user_id, token_hash, purpose FROM password_tokens WHERE used_at IS NULL AND expires_at > $1 AND purpose = ANY($2) ORDER BY user_id',
    [now.toISOString(), [...SET_PASSWORD_PURPOSES, ...UNLOCK_PURPOSES]],
  );
  const states = new Map<string, UserState>();
  const stateOf = async (userId: string) => {
    let state = states.get(userId);
    if (!state) states.set(userId, (state = await credentialsOf(store, userId)));
    return state;
  };
  for (const row of credentials.rows) {
    const state = await stateOf(row.user_id);
    if (!seals.holds(state.passwordSeal, 'password-hash', row.user_id, row.password_hash)) {
      check.seals.push({ table: 'user_credentials', key: { user_id: row.user_id }, problem: 'the stored password hash is not the one the log sealed' });
    }
  }
  for (const row of tokens.rows) {
    const state = await stateOf(row.user_id);
    const unlock = UNLOCK_PURPOSES.includes(row.purpose);
    const open = unlock ? state.unlockLink : state.passwordLink;
    if (!open || open.tokenSeal !== tokenHashSeal(seals, row.user_id, unlock ? 'unlock' : 'set-password', row.token_hash)) {
      check.seals.push({ table: 'password_tokens', key: { user_id: row.user_id, purpose: row.purpose }, problem: 'a usable link the log never issued (or no longer has open)' });
    }
  }
  const snapshots = await tx.query<{ stream_id: string; state_key: string; version: number; state: unknown; seal: string | null }>(
    'SELECT stream_id, state_key, version, state, seal FROM stream_snapshots ORDER BY stream_id, state_key',
  );
  for (const row of snapshots.rows) {
    if (!snapshotHolds(seals, row)) {
      check.seals.push({ table: 'stream_snapshots', key: { stream_id: row.stream_id, state_key: row.state_key }, problem: 'the snapshot is not sealed with the audit key (it is not used)' });
    }
  }
}

/**
 * `npm run audit:verify`'s second half: every read model compared, row by row, with a replay of
 * the log into temporary tables of the same shape (up to the position the read model says it has applied, in one
 * consistent snapshot of the database), and the sealed rows beside the log checked against their seals. Nothing is
 * written: the temporary tables go with the transaction. Needs a connection of its own (the CLI's), since its
 * temporary tables hide the live ones from that connection while it runs.
 */
export async function checkReadModels(db: Database, store: EventStore, seals: Seals, now: Date, projections: readonly Projection[] = allProjections): Promise<ReadModelCheck> {
  const check: ReadModelCheck = { compared: [], differences: [], seals: [] };
  await db.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const { rows } = await tx.query<{ schema: string }>('SELECT current_schema() AS schema');
    const schema = rows[0]!.schema;
    for (const projection of projections) await checkProjection(tx, store, schema, projection, check);
  });
  // After the transaction: the streams are read on the store's own connections.
  await checkSeals(db, store, seals, check, now);
  return check;
}

const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value)?.slice(0, 200));

/** The check's findings as lines a person reads: each row that differs, named by its key, with what differs. */
export function describeReadModelCheck(check: ReadModelCheck): string[] {
  const lines = check.differences.map((d) => {
    const key = Object.entries(d.key).map(([column, value]) => `${column}=${shown(value)}`).join(', ');
    if (!d.replayed) return `Read model ${d.table} row ${key}: not in a replay of the log (added outside the product)`;
    if (!d.live) return `Read model ${d.table} row ${key}: missing (a replay of the log has it)`;
    return `Read model ${d.table} row ${key} differs from a replay of the log: ${d.columns.map((c) => `${c} is ${shown(d.live![c])}, the log gives ${shown(d.replayed![c])}`).join('; ')}`;
  });
  for (const finding of check.seals) {
    const key = Object.entries(finding.key).map(([column, value]) => `${column}=${shown(value)}`).join(', ');
    lines.push(`Sealed row ${finding.table} ${key}: ${finding.problem}`);
  }
  return lines;
}
