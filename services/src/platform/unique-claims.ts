import type { EventMetadata } from '@ifu/storage/event-store/event-store';
import type { AppContext } from './app-context';
import { handleCommand } from './command-handling';
import { conflict } from './http-errors';

/**
 * A value that must be unique across streams (a user's email, a customer's name) is claimed in a stream named after
 * it: whoever appends the claim at the expected version owns it, so two simultaneous claims end with one owner.
 */
export interface UniqueValue {
  streamId: string;
  claimedType: string;
  releasedType: string;
  /** Event data naming the value and its owner, e.g. { email, userId }. */
  data: (ownerId: string) => Record<string, unknown>;
  ownerKey: string;
  /** Whether the owner's own stream exists: a claim whose owner was never created does not block the value. */
  ownerExists: (ownerId: string) => Promise<boolean>;
  takenMessage: string;
}

interface ClaimEvent {
  type: string;
  data: Record<string, unknown>;
}

const ownerOf = (kind: UniqueValue) => (events: readonly ClaimEvent[]) =>
  events.reduce<string | undefined>(
    (current, event) => (event.type === kind.claimedType ? String(event.data[kind.ownerKey]) : event.type === kind.releasedType ? undefined : current),
    undefined,
  );

export async function claimUnique(ctx: AppContext, kind: UniqueValue, ownerId: string, metadata: EventMetadata): Promise<void> {
  const owner = ownerOf(kind);
  const current = owner((await ctx.store.readStream(kind.streamId)).map((e) => ({ type: e.type, data: e.data })));
  const orphaned = current !== undefined && current !== ownerId && !(await kind.ownerExists(current));
  await handleCommand<ClaimEvent, string | undefined, void>(
    ctx.store,
    kind.streamId,
    owner,
    (holder) => {
      if (holder === ownerId) return { events: [], result: undefined };
      if (holder !== undefined && !(orphaned && holder === current)) throw conflict(kind.takenMessage);
      return { events: [{ type: kind.claimedType, data: kind.data(ownerId) }], result: undefined };
    },
    metadata,
  );
}

export async function releaseUnique(ctx: AppContext, kind: UniqueValue, ownerId: string, metadata: EventMetadata): Promise<void> {
  await handleCommand<ClaimEvent, string | undefined, void>(
    ctx.store,
    kind.streamId,
    ownerOf(kind),
    (holder) =>
      holder === ownerId ? { events: [{ type: kind.releasedType, data: kind.data(ownerId) }], result: undefined } : { events: [], result: undefined },
    metadata,
  );
}
