import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '@ifu/storage/database/database';
import type { EventStore, ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { CHECKPOINTS_CHANNEL } from '@ifu/storage/notifications';
import type { Projection } from './projection';
import { ensureCheckpoints, LogGapError } from './catch-up';

/** Called after each batch the shadow applied (tests pause a rebuild there to look at the live read model). */
export interface ShadowRebuildOptions {
  afterBatch?: (position: number) => Promise<void>;
}

/** Texts stored by the API this long before the rebuild started are caught up too (its clock may differ a little). */
const OUTSIDE_LOG_MARGIN_MS = 5 * 60_000;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Whether `projection` may be rebuilt into a shadow: it asks for it, and this connection may create a schema and
 * owns (or is a member of the owner of) each of its tables. The API's restricted role owns nothing: it rebuilds in place.
 */
export async function canRebuildInShadow(db: Queryable, projection: Projection): Promise<boolean> {
  if (!projection.rebuildsInShadow || projection.tables.length === 0) return false;
  const { rows } = await db.query<{ owned: string | number; creates: boolean }>(
    `SELECT count(*) FILTER (WHERE pg_has_role(current_user, c.relowner, 'USAGE')) AS owned,
            has_database_privilege(current_database(), 'CREATE') AS creates
       FROM unnest($1::text[]) AS t(name)
       JOIN pg_class c ON c.relname = t.name AND c.relnamespace = to_regnamespace(quote_ident(current_schema()))`,
    [projection.tables],
  );
  return Number(rows[0]?.owned ?? 0) === projection.tables.length && rows[0]?.creates === true;
}

interface LiveTable {
  name: string;
  owner: string;
  reloptions: string[] | null;
}

interface LiveIndex {
  table: string;
  name: string;
  definition: string;
}

/** An index definition of the live table, on the same table in the shadow schema (index names are per schema). */
const onShadow = (index: LiveIndex, shadow: string) =>
  index.definition.replace(/ ON (ONLY )?\S+ USING /, ` ON $1${quote(shadow)}.${quote(index.table)} USING `);

/**
 * Rebuilds a read model while the live one keeps answering: the log is replayed into copies of its tables
 * in a schema of their own (each transaction puts that schema first on its search_path, so the projection's
 * unqualified SQL writes there and still finds the functions and other tables of the live schema), the deferred (GIN)
 * indexes are built after the load, then one transaction locks the checkpoint row (the live runner waits), applies the
 * events appended meanwhile, drops the live tables, moves the shadow ones in (with their indexes, named as before) and
 * sets the checkpoint. Answers the checkpoint.
 */
export async function rebuildInShadow(db: Database, store: EventStore, projection: Projection, batchSize = 1000, options: ShadowRebuildOptions = {}): Promise<number> {
  await ensureCheckpoints(db, [projection]);
  const shadow = `ifu_rebuild_${randomBytes(6).toString('hex')}`;
  const setting = await db.query<{ schema: string; path: string; started: Date }>(
    `SELECT current_schema() AS schema, current_setting('search_path') AS path, now() AS started`,
  );
  const { schema, path, started } = setting.rows[0]!;
  const live = quote(schema);
  const inShadow = <T>(work: (tx: Queryable) => Promise<T>) =>
    db.transaction(async (tx) => {
      await tx.query(`SET LOCAL search_path = ${quote(shadow)}, ${path}`);
      return work(tx);
    });

  const { tables, indexes } = await describeLive(db, projection);
  const deferred = new Set(projection.deferredIndexes ?? []);
  let swapped = false;
  try {
    await db.transaction(async (tx) => {
      await tx.query(`CREATE SCHEMA ${quote(shadow)}`);
      for (const table of tables) {
        const copy = `${quote(shadow)}.${quote(table.name)}`;
        await tx.query(`CREATE TABLE ${copy} (LIKE ${live}.${quote(table.name)} INCLUDING ALL EXCLUDING INDEXES)`);
        if (table.reloptions?.length) await tx.query(`ALTER TABLE ${copy} SET (${table.reloptions.join(', ')})`);
        const constraints = await tx.query<{ name: string; definition: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
            WHERE conrelid = to_regclass($1) AND contype IN ('p', 'u', 'x') ORDER BY conname`,
          [`${live}.${quote(table.name)}`],
        );
        for (const c of constraints.rows) await tx.query(`ALTER TABLE ${copy} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`);
        await tx.query(`ALTER TABLE ${copy} OWNER TO ${quote(table.owner)}`);
      }
      // The indexes the replay reads through stay; the deferred ones are built after the load.
      for (const index of indexes) if (!deferred.has(index.name)) await tx.query(onShadow(index, shadow));
      await tx.query(`SET LOCAL search_path = ${quote(shadow)}, ${path}`);
      await projection.initialRows?.(tx);
    });

    let position = 0;
    let next: Promise<ProjectedEvent[]> | undefined;
    for (;;) {
      const events = await (next ?? store.readAllForProjection(position, batchSize));
      next = undefined;
      if (events.length === 0) break;
      checkDense(store, projection, position, events);
      if (events.length === batchSize) {
        next = store.readAllForProjection(events.at(-1)!.position, batchSize);
        next.catch(() => {}); // surfaced when awaited
      }
      const handled = events.filter((event) => projection.handles.has(event.type));
      if (handled.length > 0) await inShadow((tx) => projection.applyBatch(tx, handled));
      position = events.at(-1)!.position;
      if (events.length === batchSize) await inShadow((tx) => refreshGrownStatistics(tx, projection, shadow));
      await options.afterBatch?.(position);
      if (events.length < batchSize) break;
    }

    await db.transaction(async (tx) => {
      // A GIN index builds in memory: with the default 64 MB it spills and merges over and over (bench: search).
      await tx.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      for (const index of indexes) if (deferred.has(index.name)) await tx.query(onShadow(index, shadow));
      for (const table of tables) await tx.query(`ANALYZE ${quote(shadow)}.${quote(table.name)}`);
    });

    // Catch up outside the lock until the live runner is no further than what was read, then swap under it.
    for (;;) {
      for (;;) {
        const events = await store.readAllForProjection(position, batchSize);
        if (events.length === 0) break;
        checkDense(store, projection, position, events);
        const handled = events.filter((event) => projection.handles.has(event.type));
        if (handled.length > 0) await inShadow((tx) => projection.applyBatch(tx, handled));
        position = events.at(-1)!.position;
        if (events.length < batchSize) break;
      }
      const tail = await store.readAllForProjection(position, batchSize);
      checkDense(store, projection, position, tail);
      const head = tail.at(-1)?.position ?? position;
      swapped = await db.transaction(async (tx) => {
        const locked = await tx.query<{ position: string | number }>('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
        // The live read model is ahead of what was read: the swap would take it back. Read further first.
        if (Number(locked.rows[0]?.position ?? 0) > head) return false;
        await tx.query(`SET LOCAL search_path = ${quote(shadow)}, ${path}`);
        const handled = tail.filter((event) => projection.handles.has(event.type));
        if (handled.length > 0) await projection.applyBatch(tx, handled);
        await projection.catchUpOutsideLog?.(tx, new Date(started.getTime() - OUTSIDE_LOG_MARGIN_MS));
        await tx.query(`SET LOCAL search_path = ${path}`);
        for (const table of tables) await copyGrants(tx, `${live}.${quote(table.name)}`, `${quote(shadow)}.${quote(table.name)}`);
        await tx.query(`DROP TABLE ${tables.map((t) => `${live}.${quote(t.name)}`).join(', ')}`);
        for (const table of tables) await tx.query(`ALTER TABLE ${quote(shadow)}.${quote(table.name)} SET SCHEMA ${live}`);
        await tx.query(`DROP SCHEMA ${quote(shadow)}`);
        await tx.query('DELETE FROM projection_deferred_indexes WHERE projection = $1', [projection.name]);
        await tx.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [projection.name, head]);
        if (db.kind === 'postgres') await tx.query('SELECT pg_notify($1, $2)', [CHECKPOINTS_CHANNEL, projection.name]);
        return true;
      });
      if (swapped) return head;
    }
  } finally {
    if (!swapped) await db.exec(`DROP SCHEMA IF EXISTS ${quote(shadow)} CASCADE`).catch(() => {});
  }
}

/** The live tables and every index of theirs that no constraint owns, as the migrations left them. */
async function describeLive(db: Queryable, projection: Projection): Promise<{ tables: LiveTable[]; indexes: LiveIndex[] }> {
  const tables = await db.query<LiveTable>(
    `SELECT c.relname AS name, pg_get_userbyid(c.relowner) AS owner, c.reloptions
       FROM unnest($1::text[]) WITH ORDINALITY AS t(name, n)
       JOIN pg_class c ON c.relname = t.name AND c.relnamespace = to_regnamespace(quote_ident(current_schema()))
      ORDER BY t.n`,
    [projection.tables],
  );
  const indexes = await db.query<LiveIndex>(
    `SELECT i.tablename AS table, i.indexname AS name, i.indexdef AS definition
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = to_regclass(quote_ident(i.schemaname) || '.' || quote_ident(i.indexname)))
      ORDER BY i.indexname`,
    [projection.tables],
  );
  return { tables: tables.rows, indexes: indexes.rows };
}

/** The grants of the live table (the API's role reads and writes it) given to its replacement. */
async function copyGrants(tx: Queryable, from: string, to: string): Promise<void> {
  const { rows } = await tx.query<{ grantee: string; privilege: string }>(
    `SELECT CASE WHEN a.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(a.grantee)) END AS grantee, a.privilege_type AS privilege
       FROM pg_class c, aclexplode(c.relacl) a
      WHERE c.oid = to_regclass($1) AND a.grantee <> c.relowner`,
    [from],
  );
  for (const { grantee, privilege } of rows) await tx.query(`GRANT ${privilege} ON ${to} TO ${grantee}`);
}

function checkDense(store: EventStore, projection: Projection, after: number, events: readonly ProjectedEvent[]): void {
  if (store.kind !== 'postgres') return;
  events.forEach((event, index) => {
    if (event.position !== after + index + 1) throw new LogGapError(projection.name, after + index + 1, event.position);
  });
}

/** As the runner's: the shadow's tables ANALYZEd when they have doubled since their statistics (a replay is fast). */
async function refreshGrownStatistics(tx: Queryable, projection: Projection, shadow: string): Promise<void> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = to_regnamespace($1) AND c.relname = ANY($2) AND c.relkind = 'r'
        AND pg_relation_size(c.oid) / current_setting('block_size')::bigint > greatest(2 * c.relpages, 64)`,
    [quote(shadow), projection.tables],
  );
  for (const { name } of rows) await tx.query(`ANALYZE ${quote(shadow)}.${quote(name)}`);
}
