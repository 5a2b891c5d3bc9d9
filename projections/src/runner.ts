import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { ChainBrokenError, type EventStore, type ProjectedEvent } from '@ifu/storage/event-store/event-store';
import { CHECKPOINTS_CHANNEL } from '@ifu/storage/notifications';
import type { Election } from './election';
import type { Projection } from './projection';
import { canRebuildInShadow, rebuildInShadow, type ShadowRebuildOptions } from './shadow-rebuild';

export interface RunnerOptions {
  batchSize?: number;
  /** Polling fallback when no wake-up arrives (another process appended, LISTEN lost). */
  pollIntervalMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /** Checkpoint wake-ups from a projections worker in another process (LISTEN/NOTIFY). */
  onCheckpoint?: (listener: () => void) => () => void;
  /** Progress over events for nobody is saved at least this often (default 5 s) or every 1,000 such events. */
  saveProgressEveryMs?: number;
  /** How long a command waits for its read models by default before answering 503 (default 5 s). */
  waitTimeoutMs?: number;
  /**
   * Several processes could run these projections (workers, API instances): each runs only those it leads. Without
   * one (the embedded database, a single process) the runner runs them all. The runner gives its leads up on stop.
   */
  election?: Election;
  /** How often a standby tries to lead (default 1 s: a killed leader is replaced within about that). */
  electionIntervalMs?: number;
  /** Told when this runner starts leading a projection or standing by for it. */
  onLeadership?: (projection: string, leading: boolean) => void;
}

export class ReadModelTimeoutError extends Error {
  constructor(position: number, timeoutMs: number) {
    super(`read models did not reach position ${position} within ${timeoutMs} ms`);
    this.name = 'ReadModelTimeoutError';
  }
}

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

async function checkpointOf(db: Database, name: string): Promise<number> {
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
  const events = cursor.next?.after === cursor.position ? await cursor.next.events : await store.readAllForProjection(cursor.position, batchSize);
  if (events.length === 0) return { read: 0, committed: cursor.committed, position: cursor.position };
  if (store.kind === 'postgres') {
    events.forEach((event, index) => {
      if (event.position !== cursor.position + index + 1) throw new LogGapError(projection.name, cursor.position + index + 1, event.position);
    });
  }
  const position = events[events.length - 1]!.position;
  let next: Prefetch | undefined;
  if (events.length === batchSize) {
    next = { after: position, events: store.readAllForProjection(position, batchSize) };
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

/**
 * Replays the whole log into a projection: into shadow tables swapped in at the end where the projection asks for it
 * and this connection owns its tables (the live read model keeps answering), else in place.
 */
export async function rebuild(db: Database, store: EventStore, projection: Projection, batchSize = 1000, options?: ShadowRebuildOptions): Promise<number> {
  if (await canRebuildInShadow(db, projection)) return rebuildInShadow(db, store, projection, batchSize, options);
  return rebuildInPlace(db, store, projection, batchSize);
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

/** Progress over events for nobody is written once this far ahead of the checkpoint, or this long after. */
const SAVE_AFTER_EVENTS = 1000;
const SAVE_AFTER_MS = 5000;

/**
 * Keeps projections up to date in this process: woken by appends, polling as a fallback. Each projection runs its
 * own loop, so a failing one does not stop the others, and a command waits only for the read models it names.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter().setMaxListeners(1000);
  private readonly positions = new Map<string, number>();
  /** The projections this runner leads now (with an election; without one it runs them all). */
  private readonly leading = new Set<string>();
  /** What `onLeadership` was last told per projection. */
  private readonly announced = new Map<string, boolean>();
  private running = false;
  private loops: Promise<void>[] = [];
  private campaigning?: Promise<void>;
  private stopLost?: () => void;
  private unsubscribe?: () => void;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly byName: Map<string, Projection>;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  async start(): Promise<void> {
    await ensureCheckpoints(this.db, this.projections);
    this.running = true;
    const election = this.options.election;
    if (election) {
      // A broken lock connection stops every loop before its next batch (and `stillLeads` fences the one in flight).
      this.stopLost = election.onLost(() => this.setLeading(new Set()));
      await this.campaign(election);
      this.campaigning = this.campaignLoop(election);
    }
    // One shared wake-up signal; each loop re-checks the log when it fires.
    const signals = new EventEmitter().setMaxListeners(100);
    this.unsubscribe = this.store.onAppended(() => signals.emit('wake'));
    this.loops = this.projections.map((projection) => this.loop(projection, signals));
  }

  /** Whether this runner applies `name` now. */
  leads(name: string): boolean {
    return this.running && (!this.options.election || this.leading.has(name));
  }

  private async campaign(election: Election): Promise<void> {
    let led: ReadonlySet<string>;
    try {
      led = await election.campaign(this.projections.map((p) => p.name));
    } catch (error) {
      // The server cannot be reached: lead nothing until it can.
      this.options.onError?.('election', error);
      led = new Set();
    }
    if (this.running) this.setLeading(led);
  }

  private async campaignLoop(election: Election): Promise<void> {
    while (this.running) {
      await this.sleepUnlessStopped(this.options.electionIntervalMs ?? 1000);
      if (this.running) await this.campaign(election);
    }
  }

  private setLeading(led: ReadonlySet<string>): void {
    this.leading.clear();
    for (const name of led) this.leading.add(name);
    for (const { name } of this.projections) {
      const leading = led.has(name);
      if (this.announced.get(name) === leading) continue;
      this.announced.set(name, leading);
      this.options.onLeadership?.(name, leading);
    }
    this.progress.emit('leadership');
  }

  private sleepUnlessStopped(ms: number, alsoOn?: string): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.progress.off('stop', done);
        if (alsoOn) this.progress.off(alsoOn, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.progress.on('stop', done);
      if (alsoOn) this.progress.on(alsoOn, done);
    });
  }

  private async loop(projection: Projection, signals: EventEmitter): Promise<void> {
    let woken = true;
    let resolveSleep: (() => void) | undefined;
    const onWake = () => {
      woken = true;
      resolveSleep?.();
    };
    signals.on('wake', onWake);
    const stopListener = () => resolveSleep?.();
    this.progress.on('stop', stopListener);
    let cursor: Cursor | undefined;
    let savedAt = Date.now();
    const election = this.options.election;
    const stillLeads = election && ((tx: Queryable) => election.stillLeads(tx, projection.name));
    try {
      while (this.running) {
        if (!this.leads(projection.name)) {
          // Standing by: the leader's progress is in the database when this runner leads again.
          cursor = undefined;
          await this.sleepUnlessStopped(60_000, 'leadership');
          woken = true;
          continue;
        }
        woken = false;
        try {
          const { read, ...next } = await projectBatch(this.db, this.store, projection, this.batchSize, cursor, stillLeads);
          cursor = next;
          if (cursor.committed === cursor.position) savedAt = Date.now();
          else if (cursor.position - cursor.committed >= SAVE_AFTER_EVENTS || Date.now() - savedAt >= (this.options.saveProgressEveryMs ?? SAVE_AFTER_MS)) {
            cursor = await saveCheckpoint(this.db, projection, cursor);
            savedAt = Date.now();
          }
          this.positions.set(projection.name, cursor.position);
          this.progress.emit('progress');
          if (read === this.batchSize) continue;
        } catch (error) {
          cursor = undefined;
          if (error instanceof LeadershipLostError) {
            this.setLeading(new Set([...this.leading].filter((name) => name !== projection.name)));
            continue;
          }
          // A broken link is logged once by the store's own report (onChainBroken), not at every poll; the projection
          // stays before it and tries again at each wake-up, which goes on once an operator has acted.
          if (!(error instanceof ChainBrokenError)) this.options.onError?.(projection.name, error);
        }
        if (!this.running || woken) continue;
        await new Promise<void>((resolve) => {
          resolveSleep = resolve;
          const timer = setTimeout(resolve, this.pollIntervalMs);
          timer.unref?.();
        });
        resolveSleep = undefined;
      }
      if (cursor && (!election || this.leading.has(projection.name))) await saveCheckpoint(this.db, projection, cursor).catch((error: unknown) => this.options.onError?.(projection.name, error));
    } finally {
      signals.off('wake', onWake);
      this.progress.off('stop', stopListener);
    }
  }

  private projectionsNamed(names: readonly string[]): Projection[] {
    return names.map((name) => {
      const projection = this.byName.get(name);
      if (!projection) throw new Error(`no read model named ${name}`);
      return projection;
    });
  }

  /**
   * Read-your-writes: resolves once the named read models have applied the log up to `position`. Those this runner
   * leads are awaited in memory; the others (led by another process, or none running here) through the database.
   */
  async waitFor(position: number, names: readonly string[], timeoutMs = this.options.waitTimeoutMs ?? 5000): Promise<void> {
    const wanted = this.projectionsNamed(names);
    if (wanted.length === 0) return;
    const deadline = Date.now() + timeoutMs;
    const led = wanted.filter((p) => this.leads(p.name));
    const elsewhere = wanted.filter((p) => !this.leads(p.name));
    const here = async () => {
      // A lead lost during the wait: the new leader's progress is in the database.
      const lost = await this.waitLocally(position, led, deadline, timeoutMs);
      if (lost.length > 0) await this.waitForWorker(position, lost, deadline, timeoutMs);
    };
    await Promise.all([led.length > 0 ? here() : undefined, elsewhere.length > 0 ? this.waitForWorker(position, elsewhere, deadline, timeoutMs) : undefined]);
  }

  /** Waits for this runner's own progress; answers the projections it stopped leading before they got there. */
  private waitLocally(position: number, wanted: Projection[], deadline: number, timeoutMs: number): Promise<Projection[]> {
    // undefined while some projection this runner still leads has not got there.
    const settled = (): Projection[] | undefined => {
      const lost: Projection[] = [];
      for (const p of wanted) {
        if ((this.positions.get(p.name) ?? 0) >= position) continue;
        if (this.leads(p.name)) return undefined;
        lost.push(p);
      }
      return lost;
    };
    const now = settled();
    if (now) return Promise.resolve(now);
    return new Promise<Projection[]>((resolve, reject) => {
      const check = () => {
        const lost = settled();
        if (lost) {
          cleanup();
          resolve(lost);
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new ReadModelTimeoutError(position, timeoutMs));
      }, deadline - Date.now());
      const cleanup = () => {
        clearTimeout(timer);
        this.progress.off('progress', check);
        this.progress.off('leadership', check);
        this.progress.off('stop', check);
      };
      this.progress.on('progress', check);
      this.progress.on('leadership', check);
      this.progress.on('stop', check);
      check();
    });
  }

  /**
   * Projections run in another process: a read model has reached `position` when its checkpoint has, or when no
   * event between its checkpoint and `position` is one it handles (the worker writes such progress only now and
   * then). Woken by the worker's checkpoint notifications; polls as a fallback.
   */
  private async waitForWorker(position: number, wanted: Projection[], deadline: number, timeoutMs: number): Promise<void> {
    let pending = wanted;
    // Listens before each check: a checkpoint notification that arrives during the check still wakes the wait
    // (listening after it lost such wake-ups and slept until the poll).
    let woken = false;
    let wake: () => void = () => {
      woken = true;
    };
    const unsubscribe = this.options.onCheckpoint?.(() => wake());
    try {
      for (;;) {
        woken = false;
        const stillPending: Projection[] = [];
        for (const projection of pending) if (!(await this.hasReached(projection, position))) stillPending.push(projection);
        pending = stillPending;
        if (pending.length === 0) return;
        const left = deadline - Date.now();
        if (left <= 0) throw new ReadModelTimeoutError(position, timeoutMs);
        if (woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, Math.min(left, 250));
          wake = done;
          function done() {
            clearTimeout(timer);
            resolve();
          }
        });
        wake = () => {
          woken = true;
        };
      }
    } finally {
      unsubscribe?.();
    }
  }

  private async hasReached(projection: Projection, position: number): Promise<boolean> {
    let after = await checkpointOf(this.db, projection.name);
    while (after < position) {
      const events = await this.store.readAllForProjection(after, 500);
      for (const event of events) {
        if (event.position > position) return true;
        if (projection.handles.has(event.type)) return false;
      }
      if (events.length === 0) return false;
      after = events[events.length - 1]!.position;
    }
    return true;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.stopLost?.();
    this.progress.emit('stop');
    await Promise.all(this.loops);
    await this.campaigning;
    this.loops = [];
    // Last, after the loops saved their progress: a standby takes over at its next try.
    await this.options.election?.close();
  }
}
