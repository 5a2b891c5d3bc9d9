import { createHash } from 'node:crypto';
import type { Queryable } from '@ifu/storage/database/database';
import {
  type Actor,
  type EventMetadata,
  type EventStore,
  QUARANTINED_EVENT_TYPE,
  WrongExpectedVersionError,
} from '@ifu/storage/event-store/event-store';
import { canonicalJson } from '@ifu/storage/event-store/hash-chain';
import { Refusal, type Rejection } from './errors';
import type { Seals } from './seals';

/** An event as deciders produce it: the type and its data; the pipeline adds the metadata. */
export interface DomainEvent {
  type: string;
  data: object;
}

/** What a decider answers: the events to record, and a rejection when the command is refused. A refused command may
 *  still record events (a failed credential check counts toward lockout): they are appended, then the refusal thrown. */
export interface Decision<Event extends DomainEvent, R extends Rejection = Rejection> {
  events: Event[];
  rejection?: R;
}

/**
 * One aggregate's rules (architecture §2): its state folded from its stream by `evolve`, and one pure
 * `decide(command, state)` whose commands are a typed union and whose time and ids arrive as data.
 */
export interface Decider<Command, Event extends DomainEvent, State> {
  /** Names the aggregate in logs and snapshot keys. */
  readonly name: string;
  /**
   * A numbering stream (change order numbers, notice numbers): every create appends to it, and whatever it holds the
   * next number can be decided, so another create's append in between is never a conflict for the caller to resolve.
   * Its steps (without an expected version) take turns within the process and retry until they append.
   */
  readonly numbering?: true;
  initialState(): State;
  evolve(state: State, event: Event): State;
  decide(command: Command, state: State): Decision<Event>;
}

export const fold = <Event extends DomainEvent, State>(decider: Pick<Decider<never, Event, State>, 'initialState' | 'evolve'>, events: readonly Event[]) =>
  events.reduce(decider.evolve, decider.initialState());

/** Who asks and from where: taken from the request once, shared by every step of the command. */
export interface CommandOrigin {
  actor: Actor;
  correlationId: string;
  ip: string | null;
  userAgent: string | null;
  /**
   * Streams the request has folded already (the authentication's fold of the caller's account): the command starts
   * from them instead of reading those streams again.
   */
  folded?: readonly Folded[];
}

/** A stream as something outside the command folded it, with the decider that folded it. */
export interface Folded<State = unknown> {
  decider: Decider<never, DomainEvent, State>;
  loaded: Loaded<State>;
}

/**
 * Told after a command has settled (its events and the read models it waited for are committed): with a replica, the
 * user's reads then go to the primary until the replica has replayed this far (platform/replica-reads.ts).
 */
export interface WritePositions {
  written(actor: Actor): Promise<void>;
}

/**
 * Runs after each step that appended, before the step returns: keeps a row the request path stores beside the log in
 * step with what the log now says (an emailed link's token: auth/password-links.ts), whichever command appended.
 * Idempotent, and given the run so that it reads the log as it is now.
 */
export type AppendFollower = (run: CommandRun, stream: string, events: readonly DomainEvent[]) => Promise<void>;

/** Read-your-writes (architecture §4): resolves once the named read models have applied the log up to `position`. */
export interface ReadModels {
  waitFor(position: number, readModels: readonly string[], timeoutMs?: number): Promise<void>;
}

export interface Step<Command, Event extends DomainEvent, State> {
  stream: string;
  decider: Decider<Command, Event, State>;
  /**
   * The command, or how to make it from the current state (for commands whose data depends on what is there, such as
   * a claim whose holder may have gone). Called again on each retry.
   */
  command: Command | ((state: State) => Command | Promise<Command>);
  /**
   * The version the client (from If-Match) or the signer saw. When given, a stream at any other version is a
   * concurrent change (409) and nothing is retried; when absent, a conflict reloads and decides again (bounded).
   */
  expectedVersion?: number;
}

/** A stream folded within a command: its state, its version, and how many events came after its snapshot. */
export interface Loaded<State> {
  stream: string;
  state: State;
  version: number;
  sinceSnapshot: number;
}

export interface StepResult<Event extends DomainEvent, State> {
  /** The state after the step's events. */
  state: State;
  /** The stream's version after the step: the record's ETag. */
  version: number;
  events: Event[];
}

const MAX_ATTEMPTS = 5;
/**
 * A numbering step's attempts: within a process its steps take turns, so only other API instances' appends come in
 * between, and each conflict means one of them got its number. Never reached in practice; a 500 if it were.
 */
const NUMBERING_ATTEMPTS = 100;

/** Work keyed by a stream, one at a time per key within this process, in the order it arrived. */
class Turns {
  private readonly tails = new Map<string, Promise<void>>();

  async take<T>(key: string, work: () => Promise<T>): Promise<T> {
    const mine = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = mine.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** A snapshot is taken once this many events came after the last one. */
export const SNAPSHOT_EVERY = 100;

const snapshotSeal = (seals: Seals, stream: string, key: string, version: number, state: unknown) =>
  seals.seal('snapshot', stream, key, String(version), canonicalJson(state));

/** Whether a `stream_snapshots` row carries the seal of what it holds. */
export const snapshotHolds = (seals: Seals, row: { stream_id: string; state_key: string; version: number; state: unknown; seal: string | null }) =>
  seals.holds(row.seal, 'snapshot', row.stream_id, row.state_key, String(row.version), canonicalJson(row.state));

/**
 * Snapshots keyed by the decider's name and a hash of its code, so a changed evolve never reads an old state. Each is
 * sealed: a row written behind the product's back (without the audit key) is not used.
 */
export class Snapshots {
  private readonly keys = new WeakMap<object, string>();
  constructor(
    private readonly db: Queryable,
    private readonly seals: Seals,
  ) {}

  keyOf(decider: Decider<never, DomainEvent, unknown>): string {
    let key = this.keys.get(decider);
    if (!key) {
      const code = `${decider.initialState.toString()}\n${decider.evolve.toString()}`;
      key = `${decider.name}:${createHash('sha256').update(code).digest('hex').slice(0, 16)}`;
      this.keys.set(decider, key);
    }
    return key;
  }


  async load<State>(stream: string, key: string): Promise<{ version: number; state: State } | undefined> {
    const { rows } = await this.db.query<{ version: number; state: State; seal: string | null }>(
      'SELECT version, state, seal FROM stream_snapshots WHERE stream_id = $1 AND state_key = $2',
      [stream, key],
    );
    const row = rows[0];
    if (!row || !snapshotHolds(this.seals, { stream_id: stream, state_key: key, ...row })) return undefined;
    return { version: row.version, state: row.state };
  }

  async save(stream: string, key: string, version: number, state: unknown): Promise<void> {
    await this.db.query(
      `INSERT INTO stream_snapshots (stream_id, state_key, version, state, seal) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (stream_id, state_key) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state, seal = EXCLUDED.seal, taken_at = now()
        WHERE stream_snapshots.version < EXCLUDED.version OR stream_snapshots.seal IS DISTINCT FROM EXCLUDED.seal`,
      [stream, key, version, JSON.stringify(state), snapshotSeal(this.seals, stream, key, version, state)],
    );
  }
}

/**
 * The only way anything appends to the log (architecture §2). A command starts with `begin`, which reads the clock
 * once and builds the metadata every event of the command carries; each `execute` is one step on one stream: load
 * (from the latest snapshot), fold, decide, append with the version it decided on, retry on a concurrent append;
 * `settle` waits only for the read models the answer needs.
 */
export class CommandPipeline {
  private readonly turns = new Turns();

  constructor(
    private readonly store: EventStore,
    private readonly snapshots: Snapshots,
    private readonly readModels: ReadModels,
    private readonly clock: () => Date,
    private readonly writePositions?: WritePositions,
    private readonly followers: readonly AppendFollower[] = [],
  ) {}

  begin(origin: CommandOrigin): CommandRun {
    return new CommandRun(this.store, this.snapshots, this.readModels, this.clock(), origin, this.writePositions, this.turns, this.followers);
  }

  /**
   * Resolves once the named read models have applied every event appended so far: a job that decides from read
   * models (the safety notices) sees what was recorded before it started.
   */
  async caughtUp(readModels: readonly string[], timeoutMs?: number): Promise<void> {
    const position = await this.store.lastPosition();
    if (position > 0) await this.readModels.waitFor(position, readModels, timeoutMs);
  }
}

export class CommandRun {
  readonly metadata: EventMetadata;
  /** Global position of the last event this command appended: what `settle` waits for. */
  private lastPosition = 0;
  /**
   * Each stream as this command folded it, by stream and decider: a command folds each stream once (its checks, its
   * signature and its decision share the fold), and what it appends moves the fold on. A stream another process
   * appended to since is a conflict at the append, which reloads it (a retry) or refuses (an expected version).
   */
  private readonly folds = new Map<string, Loaded<unknown>>();

  constructor(
    private readonly store: EventStore,
    private readonly snapshots: Snapshots,
    private readonly readModels: ReadModels,
    /** The one reading of the clock for this command: every step and every decider sees this time. */
    readonly now: Date,
    origin: CommandOrigin,
    private readonly writePositions?: WritePositions,
    private readonly turns = new Turns(),
    private readonly followers: readonly AppendFollower[] = [],
  ) {
    const { folded, ...metadata } = origin;
    this.metadata = { ...metadata, occurredAt: now.toISOString() };
    for (const { decider, loaded } of folded ?? []) this.folds.set(this.foldKey(loaded.stream, decider), loaded);
  }

  private foldKey(stream: string, decider: Decider<never, DomainEvent, unknown>) {
    return `${stream}\n${this.snapshots.keyOf(decider)}`;
  }

  /** The folded state and version of a stream, without deciding anything: folded once per command. */
  async load<Event extends DomainEvent, State>(stream: string, decider: Decider<never, Event, State>): Promise<Loaded<State>> {
    const known = this.folds.get(this.foldKey(stream, decider as Decider<never, DomainEvent, unknown>));
    return known ? (known as Loaded<State>) : this.reload(stream, decider);
  }

  /** The stream as the log has it now (from its latest snapshot), whatever this command folded before. */
  private async reload<Event extends DomainEvent, State>(stream: string, decider: Decider<never, Event, State>): Promise<Loaded<State>> {
    const key = this.snapshots.keyOf(decider as Decider<never, DomainEvent, unknown>);
    const snapshot = await this.snapshots.load<State>(stream, key);
    const after = snapshot?.version ?? 0;
    const recorded = await this.store.readStream(stream, after);
    let state = snapshot ? snapshot.state : decider.initialState();
    // A quarantined event keeps its place in the stream's versions; what it claimed is folded by no decider.
    for (const event of recorded) if (event.type !== QUARANTINED_EVENT_TYPE) state = decider.evolve(state, { type: event.type, data: event.data } as Event);
    const loaded = { stream, state, version: after + recorded.length, sinceSnapshot: recorded.length };
    this.folds.set(this.foldKey(stream, decider as Decider<never, DomainEvent, unknown>), loaded);
    return loaded;
  }

  /** The step's command for the stream as folded. */
  private async commandOf<Command, Event extends DomainEvent, State>(step: Step<Command, Event, State>, state: State): Promise<Command> {
    return typeof step.command === 'function' ? await (step.command as (s: State) => Command | Promise<Command>)(state) : step.command;
  }

  /**
   * Decides without appending, and throws the refusal if there is one: for a command whose later steps must not
   * run (a name claimed, a file kept) when its main decision would refuse it. Only for decisions that record
   * nothing when refused.
   */
  async check<Command, Event extends DomainEvent, State>(step: Step<Command, Event, State>): Promise<void> {
    const { state, version } = await this.load(step.stream, step.decider);
    if (step.expectedVersion !== undefined && step.expectedVersion !== version) throw new Refusal({ code: 'concurrent-change' });
    const decision = step.decider.decide(await this.commandOf(step, state), state);
    if (decision.rejection) throw new Refusal(decision.rejection);
  }

  async execute<Command, Event extends DomainEvent, State>(step: Step<Command, Event, State>): Promise<StepResult<Event, State>> {
    if (step.decider.numbering && step.expectedVersion === undefined) return this.turns.take(step.stream, () => this.attempt(step, NUMBERING_ATTEMPTS));
    return this.attempt(step, MAX_ATTEMPTS);
  }

  /**
   * Appends what was decided outside `execute` on the stream as this command folded it (`loaded`), at its version: a
   * decision that must be made once, before a signature is checked (signatures/signed-step.ts). Any append in between
   * is a conflict (409), never a retry: the decision was signed as it stands.
   */
  async append<Event extends DomainEvent, State>(
    decider: Decider<never, Event, State>,
    loaded: Loaded<State>,
    decision: Decision<Event>,
  ): Promise<StepResult<Event, State>> {
    if (loaded !== (await this.load(loaded.stream, decider))) throw new Error(`${loaded.stream}: a decision on a fold this command no longer holds`);
    try {
      const state = await this.record(decider, loaded, decision.events);
      if (decision.rejection) throw new Refusal(decision.rejection, decision.events);
      return { state, version: loaded.version + decision.events.length, events: decision.events };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) throw new Refusal({ code: 'concurrent-change' });
      throw error;
    }
  }

  /** Appends `events` at the fold's version; the fold moves on to the state after them (snapshotted every so often). */
  private async record<Event extends DomainEvent, State>(decider: Decider<never, Event, State>, loaded: Loaded<State>, events: Event[]): Promise<State> {
    if (events.length === 0) return loaded.state;
    const { stream, state, version, sinceSnapshot } = loaded;
    const appended = await this.store.append(
      stream,
      events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, metadata: this.metadata })),
      version,
    );
    this.lastPosition = Math.max(this.lastPosition, appended.lastPosition);
    const next = events.reduce(decider.evolve, state);
    const after = { stream, state: next, version: version + events.length, sinceSnapshot: sinceSnapshot + events.length };
    if (after.sinceSnapshot >= SNAPSHOT_EVERY) {
      await this.snapshots.save(stream, this.snapshots.keyOf(decider as Decider<never, DomainEvent, unknown>), after.version, next);
      after.sinceSnapshot = 0;
    }
    this.folds.set(this.foldKey(stream, decider as Decider<never, DomainEvent, unknown>), after);
    for (const follow of this.followers) await follow(this, stream, events);
    return next;
  }

  private async attempt<Command, Event extends DomainEvent, State>(step: Step<Command, Event, State>, maxAttempts: number): Promise<StepResult<Event, State>> {
    for (let attempt = 1; ; attempt++) {
      // The first attempt decides on the command's fold; after a conflict the stream is read again.
      const loaded = attempt === 1 ? await this.load(step.stream, step.decider) : await this.reload(step.stream, step.decider);
      if (step.expectedVersion !== undefined && step.expectedVersion !== loaded.version) {
        throw new Refusal({ code: 'concurrent-change' });
      }
      const decision = step.decider.decide(await this.commandOf(step, loaded.state), loaded.state);
      let next = loaded.state;
      try {
        next = await this.record(step.decider, loaded, decision.events);
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          if (step.expectedVersion === undefined && attempt < maxAttempts) {
            // Another instance's numbering step got in first: a short random wait keeps the instances from
            // colliding again in step.
            if (step.decider.numbering) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * Math.min(attempt, 10)));
            continue;
          }
          if (step.decider.numbering) throw new Error(`${step.stream}: no number after ${attempt} attempts`, { cause: error });
          throw new Refusal({ code: 'concurrent-change' });
        }
        throw error;
      }
      if (decision.rejection) throw new Refusal(decision.rejection, decision.events);
      return { state: next, version: loaded.version + decision.events.length, events: decision.events };
    }
  }

  /** Waits until the named read models show everything this command appended (nothing to wait for if it appended nothing). */
  async settle(readModels: readonly string[], timeoutMs?: number): Promise<void> {
    if (this.lastPosition > 0 && readModels.length > 0) await this.readModels.waitFor(this.lastPosition, readModels, timeoutMs);
    if (this.lastPosition > 0) await this.writePositions?.written(this.metadata.actor);
  }
}
