/**
 * The event log port (architecture §3). Every decision in the product is an event appended here;
 * read models and the audit trail are derived from it.
 */
export type Actor =
  | { type: 'user'; userId: string; email: string; name?: string }
  | { type: 'public'; email: string }
  /** A customer visitor of the public portal: named by a random id only, never by their email (issue 11). */
  | { type: 'visitor'; visitorId: string }
  | { type: 'system'; name: string };

export interface EventMetadata {
  actor: Actor;
  /** Server time, ISO 8601 UTC. */
  occurredAt: string;
  correlationId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface NewEvent<Type extends string = string, Data = Record<string, unknown>> {
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

export interface RecordedEvent<Type extends string = string, Data = Record<string, unknown>> {
  /** Global, gap-free, 1-based position in the whole log, equal to commit order. */
  position: number;
  streamId: string;
  /** 1-based version inside the stream. */
  streamVersion: number;
  eventId: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  /** ISO 8601 UTC with millisecond precision. */
  recordedAt: string;
  hash: string;
}

/** What read models need of an event: no metadata, id or hash, which make up half of each row. */
export type ProjectedEvent<Type extends string = string, Data = Record<string, unknown>> = Pick<
  RecordedEvent<Type, Data>,
  'position' | 'streamId' | 'streamVersion' | 'type' | 'data' | 'recordedAt'
>;

/** The number of events the caller saw in the stream (0 for a stream that must not exist yet), or 'any'. */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** The stream's version after the append: pass it as the next expected version. */
  nextExpectedVersion: number;
  /** Global position of the last appended event; read models are awaited up to it. */
  lastPosition: number;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`stream ${streamId} is at version ${actual}, not the expected ${String(expected)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

/** An event of a stream being read whose hash is not what the audit key gives for it: written behind the product's back. */
export class BrokenLinkError extends Error {
  constructor(
    readonly streamId: string,
    readonly streamVersion: number,
  ) {
    super(`the event log's hash chain does not hold at ${streamId} version ${streamVersion}: it was not written by the product`);
    this.name = 'BrokenLinkError';
  }
}

export interface ChainVerification {
  ok: boolean;
  /** How many events were re-hashed. */
  checked: number;
  /** Position of the first event whose hash does not match; absent when ok. */
  firstBrokenPosition?: number;
  /** Stream of the first broken link (EventStoreDB keeps one chain per stream). */
  firstBrokenStream?: string;
  reason?: string;
  /** When ok: the newest event checked and its hash (the chain's head, for a signed checkpoint). */
  lastPosition?: number;
  lastHash?: string;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * The stream's events in order; with `afterVersion`, only those after it (a snapshot's version). A store opened
   * with the audit key checks each event's link in the hash chain as it reads it and throws `BrokenLinkError` for one
   * that was not written with the key (issue 19, finding 2: every decision folds only events the product wrote).
   */
  readStream(streamId: string, afterVersion?: number): Promise<RecordedEvent[]>;
  /** Events with position greater than `afterPosition`, in order, at most `limit`. */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** Like readAll, reading only what projections use (twice as fast on PostgreSQL, measured in bench/). */
  readAllForProjection(afterPosition: number, limit: number): Promise<ProjectedEvent[]>;
  /** Position of the newest event, 0 when the log is empty. */
  lastPosition(): Promise<number>;
  /** Calls `listener` after events are appended (in this process, or in another one where supported). */
  onAppended(listener: () => void): () => void;
  verifyChain(): Promise<ChainVerification>;
  close(): Promise<void>;
}
