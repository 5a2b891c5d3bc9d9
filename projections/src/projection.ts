import type { Queryable } from '@ifu/storage/database/database';
import type { ProjectedEvent } from '@ifu/storage/event-store/event-store';

/**
 * A read model built from the log. `apply` (or `applyBatch`) runs inside the transaction that also advances the
 * projection's checkpoint, so each event's effect lands exactly once.
 */
export interface Projection {
  /** kebab-case, the key of its checkpoint row. */
  readonly name: string;
  /** Emptied on rebuild. */
  readonly tables: readonly string[];
  /** Event types this projection reads; the checkpoint moves past the others too. */
  readonly handles: ReadonlySet<string>;
  apply(tx: Queryable, event: ProjectedEvent): Promise<void>;
  /**
   * Optional set-based form: the handled events of one batch, in log order, with the same effect as `apply` on
   * each in turn (a replay then costs a few statements per batch instead of one per event).
   */
  applyBatch?(tx: Queryable, events: readonly ProjectedEvent[]): Promise<void>;
}
