import {
  type EventMetadata,
  type EventStore,
  WrongExpectedVersionError,
} from '@ifu/storage/event-store/event-store';

interface DomainEvent {
  type: string;
  data: object;
}

export interface Decision<Event extends DomainEvent, Result> {
  events: Event[];
  result: Result;
}

export interface CommandOutcome<Result> {
  result: Result;
  /** Global position of the last appended event (0 when nothing was appended): wait for read models up to it. */
  lastPosition: number;
}

/**
 * Load the stream, fold it, decide, append with the version that was read. When another writer got there first,
 * read again and decide again on the new state (bounded), so the decision always sees every earlier event.
 */
export async function handleCommand<Event extends DomainEvent, State, Result>(
  store: EventStore,
  streamId: string,
  fold: (events: readonly Event[]) => State,
  decide: (state: State) => Decision<Event, Result>,
  metadata: EventMetadata,
  maxAttempts = 5,
): Promise<CommandOutcome<Result>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await store.readStream(streamId);
    const state = fold(recorded.map((e) => ({ type: e.type, data: e.data }) as unknown as Event));
    const { events, result } = decide(state);
    if (events.length === 0) return { result, lastPosition: 0 };
    try {
      const appended = await store.append(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data as Record<string, unknown>, metadata })),
        recorded.length,
      );
      return { result, lastPosition: appended.lastPosition };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError && attempt < maxAttempts) continue;
      throw error;
    }
  }
}
