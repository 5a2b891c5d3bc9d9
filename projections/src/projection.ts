import type { Migration } from '@ifu/storage/database/migrations';
import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';

/**
 * A read model built from the log. `applyBatch` runs inside the transaction that also advances the projection's
 * checkpoint, so each event's effect lands exactly once; it is set-based (a few statements a batch, whatever its
 * size) and has the same effect as the events applied one at a time.
 */
export interface Projection {
  /** kebab-case, the key of its checkpoint row, and what a command names when it waits for this read model. */
  readonly name: string;
  /** Emptied on rebuild (or, with `rebuildsInShadow`, replaced by copies filled from the log). */
  readonly tables: readonly string[];
  /** Event types this projection reads; the checkpoint moves past the others too. */
  readonly handles: ReadonlySet<string>;
  /** Its own tables' migrations, in order. */
  migrations(): Migration[];
  /**
   * Indexes a rebuild drops before it replays and builds again when it is done: a GIN index of a million rows builds
   * far faster at once than row by row (bench: search).
   */
  readonly deferredIndexes?: readonly string[];
  /**
   * Reads whole events, with their metadata (who acted, and when by the command's clock), instead of what read models
   * need: for a reader whose effect depends on them (the task-mail reactor). `applyBatch` then gets `RecordedEvent`s.
   */
  readonly readsMetadata?: boolean;
  /** The handled events of one batch, in log order. */
  applyBatch(tx: Queryable, events: readonly ProjectedEvent[]): Promise<void>;
  /**
   * What the read model holds before any event, as its migrations leave a new one (a totals row of zeros): written
   * into the emptied tables before a replay, so that a rebuild, or `audit:verify`'s replay, equals a new install.
   */
  initialRows?(tx: Queryable): Promise<void>;
  /**
   * Rebuilt into shadow tables swapped in at the end (`rebuildInShadow`): the live read model keeps answering
   * meanwhile. Its tables must have no triggers, views or foreign keys on them (they are dropped and replaced).
   */
  readonly rebuildsInShadow?: boolean;
  /**
   * At a shadow rebuild's swap, with the shadow first on the search_path: brings up to date the rows whose inputs
   * outside the log changed since `since` (a PDF's text stored after its rows were replayed).
   */
  catchUpOutsideLog?(tx: Queryable, since: Date): Promise<void>;
}
