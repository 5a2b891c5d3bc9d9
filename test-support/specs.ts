import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { RecordedEvent } from '../services/storage/src/event-store/event-store';
import { type Decider, type DomainEvent, fold } from '../services/src/platform/command-pipeline';
import type { Rejection } from '../services/src/platform/errors';
import type { TestApi } from './test-api';

/**
 * Decider specifications in the emmett style: `given(events).when(command).then(events)`, or `.thenRefuses(rejection)`
 * (with the events a refusal still records, such as a failed credential check), or `.thenNothing()`.
 */
export function deciderSpec<Command, Event extends DomainEvent, State>(decider: Decider<Command, Event, State>) {
  return {
    given: (...events: Event[]) => ({
      when: (command: Command) => {
        const decision = decider.decide(command, fold(decider, events));
        return {
          decision,
          then: (expected: Event[]) => expect(decision).toEqual({ events: expected }),
          thenRefuses: (rejection: Rejection, recorded: Event[] = []) => expect(decision).toEqual({ events: recorded, rejection }),
          thenNothing: () => expect(decision).toEqual({ events: [] }),
        };
      },
    }),
  };
}

/** A stream that exists before the request, as events (appended through the pipeline, like everything). */
export interface GivenStream {
  stream: string;
  events: DomainEvent[];
}

/** An event the request is expected to append: its stream, type, and (partially) its data. */
export interface ExpectedEvent {
  stream: string | RegExp;
  type: string;
  data?: Record<string, unknown>;
}

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert response bodies field by field
  body: any;
  headers?: Headers;
}

/** Appends events verbatim: the test arrangement's own decider, so even arrangements go through the pipeline. */
const arrangement: Decider<{ events: DomainEvent[] }, DomainEvent, null> = {
  name: 'test-arrangement',
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => ({ events: command.events }),
};

/**
 * API specifications: `given(existing streams).when(request).then(response, new events)` against the real API.
 * `thenNothingStored` is the "refused and nothing stored" check: no event appended, no file kept.
 */
export function apiSpec(t: TestApi) {
  const given = (...streams: GivenStream[]) => ({
    when: (request: () => Promise<Answer>) => ({
      async then(expected: { status: number; body?: unknown; events?: ExpectedEvent[] }) {
        const run = t.arrange();
        for (const { stream, events } of streams) await run.execute({ stream, decider: arrangement, command: { events } });
        await run.settle(['user-accounts', 'customer-list']);
        const before = await t.store.lastPosition();
        const answer = await request();
        expect({ status: answer.status, body: answer.body }).toMatchObject({ status: expected.status, ...(expected.body === undefined ? {} : { body: expected.body }) });
        const appended = await newEvents(before);
        if (expected.events) {
          expect(appended.map((e) => ({ stream: e.streamId, type: e.type, data: e.data }))).toMatchObject(
            expected.events.map((e) => ({ stream: e.stream instanceof RegExp ? expect.stringMatching(e.stream) : e.stream, type: e.type, ...(e.data ? { data: e.data } : {}) })),
          );
        }
        return { answer, events: appended };
      },
      async thenNothingStored(status: number, message: string) {
        const before = await t.store.lastPosition();
        const filesBefore = await t.api.context.files.count();
        const rowsBefore = await uploadRows();
        const answer = await request();
        expect({ status: answer.status, message: answer.body?.message }).toEqual({ status, message });
        expect(await newEvents(before)).toEqual([]);
        expect(await t.api.context.files.count()).toEqual(filesBefore);
        // Nor a row an upload writes with its event: its staging count, its text queued.
        const rowsAfter = await uploadRows();
        expect(rowsAfter.staged.filter((id) => !rowsBefore.staged.includes(id))).toEqual([]);
        expect(rowsAfter.queued.filter((sha) => !rowsBefore.queued.includes(sha))).toEqual([]);
        return answer;
      },
    }),
  });

  /** The uploads counted against a staging quota and the files whose text is queued (rows leave the queue as it works). */
  async function uploadRows(): Promise<{ staged: string[]; queued: string[] }> {
    const staged = await t.database.db.query<{ upload_id: string }>('SELECT upload_id FROM document_upload_staging');
    const queued = await t.database.db.query<{ sha256: string }>('SELECT sha256 FROM document_text_queue');
    return { staged: staged.rows.map((r) => r.upload_id), queued: queued.rows.map((r) => r.sha256) };
  }

  async function newEvents(after: number): Promise<RecordedEvent[]> {
    return t.store.readAll(after, 10_000);
  }

  return { given, when: (request: () => Promise<Answer>) => given().when(request) };
}

/** A unique suffix, so that each test's records (names, addresses) are its own. */
export const unique = (prefix = '') => `${prefix}${randomUUID().slice(0, 8)}`;
