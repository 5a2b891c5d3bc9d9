import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '@ifu/storage/database/database';
import { ChainBrokenError, type EventStore } from '@ifu/storage/event-store/event-store';
import type { Election } from './election';
import type { Projection } from './projection';
import { canRebuildInShadow, rebuildInShadow, type ShadowRebuildOptions } from './shadow-rebuild';
import { checkpointOf, type Cursor, ensureCheckpoints, LeadershipLostError, projectBatch, rebuildInPlace, saveCheckpoint } from './catch-up';

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
 * Replays the whole log into a projection: into shadow tables swapped in at the end where the projection asks for it
 * and this connection owns its tables (the live read model keeps answering), else in place.
 */
export async function rebuild(db: Database, store: EventStore, projection: Projection, batchSize = 1000, options?: ShadowRebuildOptions): Promise<number> {
  if (await canRebuildInShadow(db, projection)) return rebuildInShadow(db, store, projection, batchSize, options);
  return rebuildInPlace(db, store, projection, batchSize);
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
