import type { EventStore, NewEvent } from '@ifu/storage/event-store/event-store';
import { makeUser, newLife, nextUserEvent, prng } from '../lib/events';
import { percentile } from '../lib/stats';

/** Events per stream, like a user's stream in the app: a new stream every 10 events. */
export const EVENTS_PER_STREAM = 10;

export interface AppendWorkload {
  streams: { streamId: string; events: NewEvent[] }[];
  total: number;
}

/** `total` single-event appends spread over `user-<id>` streams of EVENTS_PER_STREAM events each. */
export function appendWorkload(total: number, seed: number): AppendWorkload {
  const random = prng(seed);
  const streams: AppendWorkload['streams'] = [];
  let left = total;
  let clock = Date.now();
  for (let i = 0; left > 0; i++) {
    const life = newLife(makeUser(random, i));
    const events: NewEvent[] = [];
    for (let v = 0; v < EVENTS_PER_STREAM && left > 0; v++, left--) {
      clock += 1 + Math.floor(random() * 1000);
      events.push(nextUserEvent(random, life, new Date(clock)));
    }
    streams.push({ streamId: `user-${life.user.userId}`, events });
  }
  return { streams, total };
}

export interface AppendResult {
  appenders: number;
  events: number;
  ms: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * Runs the workload with `appenders` concurrent loops; each loop takes whole streams (round robin) and appends
 * their events one `store.append(stream, [event], expectedVersion)` call at a time, as the API does.
 */
export async function runAppends(store: EventStore, workload: AppendWorkload, appenders: number): Promise<AppendResult> {
  const latencies: number[] = [];
  const queues: AppendWorkload['streams'][] = Array.from({ length: appenders }, () => []);
  workload.streams.forEach((stream, i) => queues[i % appenders]!.push(stream));
  const start = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const { streamId, events } of queue) {
        for (let version = 0; version < events.length; version++) {
          const t0 = performance.now();
          const result = await store.append(streamId, [events[version]!], version);
          latencies.push(performance.now() - t0);
          if (result.nextExpectedVersion !== version + 1) throw new Error(`unexpected version after append to ${streamId}`);
        }
      }
    }),
  );
  const ms = performance.now() - start;
  return {
    appenders,
    events: latencies.length,
    ms,
    eventsPerSecond: (latencies.length / ms) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
  };
}
