import { EventEmitter } from 'node:events';
import type { Database } from '@ifu/storage/database/database';
import type { EventStore, ProjectedEvent } from '@ifu/storage/event-store/event-store';
import type { Projection } from './projection';

export interface RunnerOptions {
  batchSize?: number;
  /** Polling fallback when no wake-up arrives (another process appended, LISTEN lost). */
  pollIntervalMs?: number;
  onError?: (projection: string, error: unknown) => void;
}

export class ReadModelTimeoutError extends Error {
  constructor(position: number, timeoutMs: number) {
    super(`read models did not reach position ${position} within ${timeoutMs} ms`);
    this.name = 'ReadModelTimeoutError';
  }
}

/** Ensures every projection has a checkpoint row. */
export async function ensureCheckpoints(db: Database, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    await db.query('INSERT INTO projection_checkpoints (name, position) VALUES ($1, 0) ON CONFLICT (name) DO NOTHING', [
      projection.name,
    ]);
  }
}

interface Prefetch {
  after: number;
  events: Promise<ProjectedEvent[]>;
}

/**
 * Applies one batch after the projection's checkpoint in a single transaction: the read model and the
 * checkpoint move together or not at all. Events are read before the transaction (on the embedded database a
 * query outside a running transaction would wait for it); inside, the checkpoint row is locked and must still be
 * where it was, so two processes running the same projector cannot both apply a batch. When a full batch came, the
 * next one is already being read while this one is applied (`next`), and used only if it starts where this ended.
 */
export async function projectBatch(
  db: Database,
  store: EventStore,
  projection: Projection,
  batchSize: number,
  prefetched?: Prefetch,
): Promise<{ read: number; position: number; next?: Prefetch }> {
  const { rows } = await db.query<{ position: string | number }>(
    'SELECT position FROM projection_checkpoints WHERE name = $1',
    [projection.name],
  );
  const checkpoint = Number(rows[0]?.position ?? 0);
  const events =
    prefetched?.after === checkpoint ? await prefetched.events : await store.readAllForProjection(checkpoint, batchSize);
  if (events.length === 0) return { read: 0, position: checkpoint };
  const position = events[events.length - 1]!.position;
  let next: Prefetch | undefined;
  if (events.length === batchSize) {
    next = { after: position, events: store.readAllForProjection(position, batchSize) };
    next.events.catch(() => {}); // surfaced when awaited
  }
  return db.transaction(async (tx) => {
    const locked = await tx.query<{ position: string | number }>(
      'SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
      [projection.name],
    );
    const current = Number(locked.rows[0]?.position ?? 0);
    // Another runner applied this batch meanwhile: nothing to do, the next round starts from its checkpoint.
    if (current !== checkpoint) return { read: 0, position: current };
    const handled = events.filter((event) => projection.handles.has(event.type));
    if (projection.applyBatch) await projection.applyBatch(tx, handled);
    else for (const event of handled) await projection.apply(tx, event);
    await tx.query('UPDATE projection_checkpoints SET position = $2, updated_at = now() WHERE name = $1', [
      projection.name,
      position,
    ]);
    return { read: events.length, position, next };
  });
}

/** Replays a projection until it has caught up with the log. */
export async function catchUp(db: Database, store: EventStore, projection: Projection, batchSize = 1000): Promise<number> {
  let prefetched: Prefetch | undefined;
  for (;;) {
    const result = await projectBatch(db, store, projection, batchSize, prefetched);
    prefetched = result.next;
    if (result.read < batchSize) return result.position;
  }
}

/** Empties a projection's tables and checkpoint, then replays the whole log into it. */
export async function rebuild(db: Database, store: EventStore, projection: Projection, batchSize = 1000): Promise<number> {
  await ensureCheckpoints(db, [projection]);
  await db.transaction(async (tx) => {
    await tx.query('SELECT position FROM projection_checkpoints WHERE name = $1 FOR UPDATE', [projection.name]);
    for (const table of projection.tables) await tx.query(`DELETE FROM ${table}`);
    await tx.query('UPDATE projection_checkpoints SET position = 0, updated_at = now() WHERE name = $1', [projection.name]);
  });
  return catchUp(db, store, projection, batchSize);
}

/** The smallest checkpoint among the given projections: every read model has passed it. */
export async function readModelsPosition(db: Database, projections: readonly Projection[]): Promise<number> {
  const { rows } = await db.query<{ position: string | number | null; n: string | number }>(
    'SELECT min(position) AS position, count(*) AS n FROM projection_checkpoints WHERE name = ANY($1)',
    [projections.map((p) => p.name)],
  );
  if (Number(rows[0]?.n ?? 0) < projections.length) return 0;
  return Number(rows[0]?.position ?? 0);
}

/**
 * Keeps projections up to date in this process: woken by appends, polling as a fallback.
 * Each projection runs its own loop, so a failing one does not stop the others.
 */
export class ProjectionRunner {
  private readonly progress = new EventEmitter().setMaxListeners(1000);
  private readonly positions = new Map<string, number>();
  private running = false;
  private loops: Promise<void>[] = [];
  private unsubscribe?: () => void;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;

  constructor(
    private readonly db: Database,
    private readonly store: EventStore,
    readonly projections: readonly Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  async start(): Promise<void> {
    await ensureCheckpoints(this.db, this.projections);
    this.running = true;
    // One shared wake-up signal; each loop re-checks the log when it fires.
    const signals = new EventEmitter().setMaxListeners(100);
    this.unsubscribe = this.store.onAppended(() => signals.emit('wake'));
    this.loops = this.projections.map((projection) => this.loop(projection, signals));
  }

  private async loop(projection: Projection, signals: EventEmitter): Promise<void> {
    let woken = true;
    const onWake = () => {
      woken = true;
      resolveSleep?.();
    };
    let resolveSleep: (() => void) | undefined;
    signals.on('wake', onWake);
    const stopListener = () => resolveSleep?.();
    this.progress.on('stop', stopListener);
    let prefetched: Prefetch | undefined;
    try {
      while (this.running) {
        woken = false;
        try {
          const { read, position, next } = await projectBatch(this.db, this.store, projection, this.batchSize, prefetched);
          prefetched = next;
          this.positions.set(projection.name, position);
          this.progress.emit('progress');
          if (read === this.batchSize) continue;
        } catch (error) {
          prefetched = undefined;
          this.options.onError?.(projection.name, error);
        }
        if (!this.running || woken) continue;
        await new Promise<void>((resolve) => {
          resolveSleep = resolve;
          const timer = setTimeout(resolve, this.pollIntervalMs);
          timer.unref?.();
        });
        resolveSleep = undefined;
      }
    } finally {
      signals.off('wake', onWake);
      this.progress.off('stop', stopListener);
    }
  }

  private localPosition(): number {
    if (this.positions.size < this.projections.length) return 0;
    return Math.min(...this.positions.values());
  }

  /** Read-your-writes: resolves once every read model has applied the log up to `position`. */
  async waitFor(position: number, timeoutMs = 5000): Promise<void> {
    if (this.localPosition() >= position) return;
    if (!this.running) {
      // Projections run in another process: watch the checkpoints.
      const deadline = Date.now() + timeoutMs;
      while ((await readModelsPosition(this.db, this.projections)) < position) {
        if (Date.now() > deadline) throw new ReadModelTimeoutError(position, timeoutMs);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (this.localPosition() >= position) {
          cleanup();
          resolve();
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new ReadModelTimeoutError(position, timeoutMs));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.progress.off('progress', check);
      };
      this.progress.on('progress', check);
      check();
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.unsubscribe?.();
    this.progress.emit('stop');
    await Promise.all(this.loops);
    this.loops = [];
  }
}
