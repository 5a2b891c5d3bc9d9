import type { EventStore, NewEvent } from '@ifu/storage/event-store/event-store';
import { makeUser, newLife, nextUserEvent, prng } from '../lib/events';
import { percentile } from '../lib/stats';
import type { BenchDatabase } from '../lib/database';
import { openStore } from '../lib/database';
import { InstrumentedDatabase, statementsTable } from '../lib/instrument';
import { log, type Row, type SectionRun } from '../lib/section';
import { fmt } from '../lib/stats';

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

const TARGET_APPEND_EPS = 800;

/** Round trips and time per statement kind for a number of single-event appends, through an instrumented pool. */
async function profileAppends(bench: BenchDatabase, poolSize: number, count: number) {
  const schema = 'b_profile_append';
  const db = new InstrumentedDatabase(await bench.openSchema(schema, poolSize));
  const store = await openStore(bench, db, schema);
  await runAppends(store, appendWorkload(100, 99), 1);
  db.reset();
  const result = await runAppends(store, appendWorkload(count, 98), 1);
  await store.close();
  return { appends: result.events, totalMs: result.ms, statements: statementsTable(db, result.events) };
}

export async function appendBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  // 1. One appender.
  {
    const schema = 'b_append_seq';
    const db = await bench.openSchema(schema, config.poolSize);
    const store = await openStore(bench, db, schema);
    await runAppends(store, appendWorkload(200, 7), 1); // warm-up: connections, JIT, plan cache
    log(`appends, 1 appender: ${config.appends} events`);
    const r = await runAppends(store, appendWorkload(config.appends, 1), 1);
    await store.close();
    results.appendsSequential = r;
    rows.push(appendRow('Appends, 1 appender', r, true));
  }

  // 2. Parallel appenders.
  {
    const schema = 'b_append_par';
    const db = await bench.openSchema(schema, config.poolSize);
    const store = await openStore(bench, db, schema);
    await runAppends(store, appendWorkload(200, 8), config.appenders);
    log(`appends, ${config.appenders} appenders: ${config.appends} events`);
    const r = await runAppends(store, appendWorkload(config.appends, 2), config.appenders);
    await store.close();
    results.appendsParallel = r;
    rows.push(appendRow(`Appends, ${config.appenders} appenders`, r, false));
  }

  log('profiling round trips of appends');
  const appendProfile = await profileAppends(bench, config.poolSize, 1000);
  profiles.statements.push({
    name: 'appends',
    title: `Where an append's time goes (${appendProfile.appends} single-event appends, 1 appender, ${fmt(appendProfile.totalMs, 0)} ms):`,
    unit: 'per append',
    totalMs: appendProfile.totalMs,
    statements: appendProfile.statements,
  });
}

function appendRow(name: string, r: AppendResult, withTarget: boolean): Row {
  return {
    benchmark: name,
    value: `${fmt(r.eventsPerSecond)} events/s`,
    detail: `${fmt(r.events)} appends in ${fmt(r.ms / 1000, 2)} s; p50 ${fmt(r.p50Ms, 2)} ms, p99 ${fmt(r.p99Ms, 2)} ms`,
    target: withTarget ? `>= ${fmt(TARGET_APPEND_EPS)}/s` : '',
    status: withTarget ? (r.eventsPerSecond >= TARGET_APPEND_EPS ? 'PASS' : 'MISS') : '',
  };
}
