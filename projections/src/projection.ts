import type { Queryable } from '@ifu/platform/database/database';
import type { RecordedEvent } from '@ifu/platform/event-store/event-store';

/**
 * A read model built from the log. `apply` runs inside the transaction that also advances the
 * projection's checkpoint, so each event's effect lands exactly once.
 */
export interface Projection {
  /** kebab-case, the key of its checkpoint row. */
  readonly name: string;
  /** Emptied on rebuild. */
  readonly tables: readonly string[];
  /** Event types this projection reads; the checkpoint moves past the others too. */
  readonly handles: ReadonlySet<string>;
  apply(tx: Queryable, event: RecordedEvent): Promise<void>;
}
