import type { EventStore } from '@ifu/storage/event-store/event-store';
import type { CommandRun, Decider } from './command-pipeline';
import { type PlainErrorCode, plainRejection } from './errors';

/**
 * A value that must be unique across streams (a user's email, a customer's name) is claimed in a stream named after
 * it: whoever appends the claim at the version they read owns it, so two simultaneous claims end with one owner.
 * Each kind names its stream, its event types and the refusal when the value is taken.
 */
export interface UniqueKind<Claimed extends string, Released extends string> {
  name: string;
  streamOf(value: string): string;
  claimedType: Claimed;
  releasedType: Released;
  /** Event data naming the value and its owner, e.g. { email, userId }. */
  data(value: string, ownerId: string): Record<string, unknown>;
  ownerKey: string;
  takenCode: PlainErrorCode;
}

type ClaimEvent = { type: string; data: Record<string, unknown> };
type ClaimCommand =
  /** `holderGone`: the current holder's own stream does not exist (its creation failed after the claim), so it does not block. */
  | { type: 'Claim'; value: string; ownerId: string; holderGone: boolean }
  | { type: 'Release'; value: string; ownerId: string };

const claimDeciders = new WeakMap<object, Decider<ClaimCommand, ClaimEvent, { holder?: string }>>();

/** The decider of one kind of claim stream: state is the current holder. */
export function claimDecider<C extends string, R extends string>(kind: UniqueKind<C, R>): Decider<ClaimCommand, ClaimEvent, { holder?: string }> {
  const known = claimDeciders.get(kind);
  if (known) return known;
  const decider: Decider<ClaimCommand, ClaimEvent, { holder?: string }> = {
    name: `claim-${kind.name}`,
    initialState: () => ({}),
    evolve: (state, event) =>
      event.type === kind.claimedType ? { holder: String(event.data[kind.ownerKey]) } : event.type === kind.releasedType ? {} : state,
    decide(command, state) {
      switch (command.type) {
        case 'Claim':
          if (state.holder === command.ownerId) return { events: [] };
          if (state.holder !== undefined && !command.holderGone) return { events: [], rejection: plainRejection(kind.takenCode) };
          return { events: [{ type: kind.claimedType, data: kind.data(command.value, command.ownerId) }] };
        case 'Release':
          if (state.holder !== command.ownerId) return { events: [] };
          return { events: [{ type: kind.releasedType, data: kind.data(command.value, command.ownerId) }] };
        default: {
          const unhandled: never = command;
          return unhandled;
        }
      }
    },
  };
  claimDeciders.set(kind, decider);
  return decider;
}

/**
 * The step that claims `value` for `ownerId`: `run.execute` it to claim, or `run.check` it to refuse with the kind's
 * code when someone else holds the value, claiming nothing (a change that claims only when it takes effect).
 */
export const claimStep = <C extends string, R extends string>(
  kind: UniqueKind<C, R>,
  value: string,
  ownerId: string,
  ownerExists: (holderId: string) => Promise<boolean>,
) => ({
  stream: kind.streamOf(value),
  decider: claimDecider(kind),
  command: async (state: { holder?: string }) => ({
    type: 'Claim' as const,
    value,
    ownerId,
    holderGone: state.holder !== undefined && state.holder !== ownerId && !(await ownerExists(state.holder)),
  }),
});

/**
 * A step of a command: claim `value` for `ownerId`, or refuse with the kind's code. `ownerExists` tells whether a
 * current holder's own record exists; a claim left by a creation that failed afterwards does not block the value.
 */
export async function claim<C extends string, R extends string>(run: CommandRun, ...step: Parameters<typeof claimStep<C, R>>): Promise<void> {
  await run.execute(claimStep(...step));
}

/** A step of a command: give `value` up after its owner moved to another one. */
export async function release<C extends string, R extends string>(run: CommandRun, kind: UniqueKind<C, R>, value: string, ownerId: string): Promise<void> {
  await run.execute({ stream: kind.streamOf(value), decider: claimDecider(kind), command: { type: 'Release', value, ownerId } });
}

/** How long a claim whose holder has no record yet still blocks: that holder's creation may be under way. */
export const CLAIM_UNDER_WAY_MS = 5 * 60_000;

/**
 * `ownerExists` for a kind whose holders have a record of their own (`recordOf(holder)`): the holder blocks the value
 * when that record exists, or when their claim is younger than CLAIM_UNDER_WAY_MS. The claim is appended just before
 * the record, so a second creation racing the first would otherwise find no record and take the value over in between
 * (three parallel creations of one address would all succeed). A claim left by a creation that failed stops
 * blocking after that time.
 */
export const holderBlocks =
  <C extends string, R extends string>(store: EventStore, kind: UniqueKind<C, R>, value: string, recordOf: (holder: string) => string, now: Date) =>
  async (holder: string): Promise<boolean> => {
    if ((await store.readStream(recordOf(holder))).length > 0) return true;
    const claimed = (await store.readStream(kind.streamOf(value))).filter((e) => e.type === kind.claimedType && e.data[kind.ownerKey] === holder).at(-1);
    return claimed !== undefined && now.getTime() - Date.parse(claimed.metadata.occurredAt) < CLAIM_UNDER_WAY_MS;
  };
