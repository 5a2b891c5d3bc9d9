/**
 * The event log port (architecture §3). Every decision in the product is an event appended here;
 * read models and the audit trail are derived from it.
 */
export type Actor =
  | { type: 'user'; userId: string; email: string; name?: string }
  | { type: 'public'; email: string }
  /** A customer visitor of the public portal: named by a random id only, never by their email. */
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

/**
 * Where the log stops verifying: the first event whose link in the hash chain does not hold with the audit key (or a
 * position missing), and which no operator has quarantined. Readers apply nothing at or after it; appends wait.
 */
export interface ChainBreak {
  position: number;
  streamId: string;
  /** The event's type as stored (what it claims to be); absent for a missing position. */
  type?: string;
  reason: string;
}

/**
 * The log does not verify at `chainBreak`: a reader of the whole log stops before it, and the store appends nothing
 * after it, until an operator quarantines the event (`npm run audit:quarantine`) or restores a backup.
 */
export class ChainBrokenError extends Error {
  constructor(readonly chainBreak: ChainBreak) {
    super(
      `the event log's hash chain is broken at position ${chainBreak.position} (stream ${chainBreak.streamId}${chainBreak.type ? `, type ${chainBreak.type}` : ''}): ${chainBreak.reason}`,
    );
    this.name = 'ChainBrokenError';
  }
}

/** An event an operator set aside: its link does not verify, readers never apply it and the chain goes on from its stored hash. */
export interface QuarantinedEvent {
  position: number;
  streamId: string;
  type: string;
  reason: string;
  quarantinedAt: string;
}

/**
 * What readers get in place of a quarantined event: its position, stream and stream version (so that positions stay
 * dense and stream versions count), nothing of what it claimed. No decider, projection or report acts on this type.
 */
export const QUARANTINED_EVENT_TYPE = '$quarantined';

export interface ChainVerification {
  ok: boolean;
  /** How many events were re-hashed. */
  checked: number;
  /** Position of the first event whose hash does not match; absent when ok. */
  firstBrokenPosition?: number;
  /** Stream of the first broken link (EventStoreDB keeps one chain per stream). */
  firstBrokenStream?: string;
  /** Type of the event at the first broken link, as stored. */
  firstBrokenType?: string;
  /** Events an operator quarantined: walked over (their stored hash continues the chain), never applied. */
  quarantined?: QuarantinedEvent[];
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
   * that was not written with the key (every decision folds only events the product wrote).
   */
  readStream(streamId: string, afterVersion?: number): Promise<RecordedEvent[]>;
  /**
   * Events with position greater than `afterPosition`, in order, at most `limit`. A store opened with the audit key
   * returns only events whose link verifies (a quarantined one as a QUARANTINED_EVENT_TYPE placeholder): it stops
   * before a broken link, and throws `ChainBrokenError` when the first event after `afterPosition` is one.
   */
  readAll(afterPosition: number, limit: number): Promise<RecordedEvent[]>;
  /** Like readAll (verified the same way), without the metadata and event id that projections do not use. */
  readAllForProjection(afterPosition: number, limit: number): Promise<ProjectedEvent[]>;
  /** Position of the newest event, 0 when the log is empty. */
  lastPosition(): Promise<number>;
  /** Calls `listener` after events are appended (in this process, or in another one where supported). */
  onAppended(listener: () => void): () => void;
  verifyChain(): Promise<ChainVerification>;
  /**
   * Verifies the links appended since this store last looked (by anyone) and answers the break the log has now, if
   * any: what `/health` reports. A break an operator has quarantined since is cleared here.
   */
  checkChain(): Promise<ChainBreak | undefined>;
  /** Calls `listener` once for each break this store finds (not again for the same position). */
  onChainBroken(listener: (chainBreak: ChainBreak) => void): () => void;
  close(): Promise<void>;
}
