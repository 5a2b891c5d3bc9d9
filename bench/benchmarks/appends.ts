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
  /** Every append's latency in ms, to combine slices. */
  latencies: number[];
}

/** Slices of one side taken as one run: all appends over the time of all slices. */
function combined(slices: readonly AppendResult[]): AppendResult {
  const latencies = slices.flatMap((slice) => slice.latencies);
  const ms = slices.reduce((sum, slice) => sum + slice.ms, 0);
  return {
    appenders: slices[0]!.appenders,
    events: latencies.length,
    ms,
    eventsPerSecond: (latencies.length / ms) * 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    latencies,
  };
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
    latencies,
  };
}

const TARGET_APPEND_EPS = 800;
/** Issue 36: concurrent appends of one process grouped into one commit. */
const TARGET_PARALLEL_EPS = 2000;
/** "1 appender unchanged": group commit against one at a time, same run; below 1 only by the noise of two short runs. */
const TARGET_SINGLE_RATIO = 0.9;
/**
 * Each side's N appends are timed in this many slices, the sides alternating slice by slice (ABBA…), so drift of the
 * machine (other work, checkpoints) falls on both alike.
 */
const SLICES = 10;

/** Round trips and time per statement kind for single-event appends from `appenders` loops, through an instrumented pool. */
async function profileAppends(bench: BenchDatabase, poolSize: number, count: number, appenders: number) {
  const schema = `b_profile_append_${appenders}`;
  const db = new InstrumentedDatabase(await bench.openSchema(schema, poolSize));
  const store = await openStore(bench, db, schema);
  await runAppends(store, appendWorkload(100, 99), appenders);
  db.reset();
  const result = await runAppends(store, appendWorkload(count, 98), appenders);
  await store.close();
  return { appends: result.events, totalMs: result.ms, statements: statementsTable(db, result.events) };
}

interface AppendComparison {
  oneAtATime: AppendResult;
  grouped: AppendResult;
}

/**
 * The same workload through a store that sends each append on its own (`groupCommit: false`, as before group commit)
 * and through the product's store, each on its own fresh schema: N appends per side in SLICES timed slices (new
 * streams in each), alternating which side goes first; each side's figures are over all its slices.
 */
async function compareAppends(run: SectionRun, appenders: number, seed: number): Promise<AppendComparison> {
  const { bench, config } = run;
  const sides = await Promise.all(
    (['one', 'group'] as const).map(async (side) => {
      const schema = `b_append_${appenders}_${side}`;
      const db = await bench.openSchema(schema, config.poolSize);
      const store = await openStore(bench, db, schema, { groupCommit: side === 'group' });
      return { side, store, slices: [] as AppendResult[] };
    }),
  );
  for (const { store } of sides) await runAppends(store, appendWorkload(200, seed), appenders); // warm-up: connections, JIT, plan cache
  log(`appends, ${appenders} appender${appenders === 1 ? '' : 's'}: ${config.appends} events one at a time and ${config.appends} with group commit, in ${SLICES} alternating slices`);
  const perSlice = Math.ceil(config.appends / SLICES);
  for (let slice = 0, left = config.appends; left > 0; slice++, left -= perSlice) {
    for (const { store, slices } of slice % 2 ? [...sides].reverse() : sides) {
      slices.push(await runAppends(store, appendWorkload(Math.min(perSlice, left), seed * 1000 + slice + 1), appenders));
    }
  }
  for (const { store } of sides) await store.close();
  return { oneAtATime: combined(sides[0]!.slices), grouped: combined(sides[1]!.slices) };
}

export async function appendBenchmarks(run: SectionRun) {
  const { bench, config, rows, results, profiles } = run;
  // 1. One appender: group commit has nothing to group; it must cost what one at a time does.
  const single = await compareAppends(run, 1, 1);
  results.appendsSequentialOneAtATime = withoutLatencies(single.oneAtATime);
  results.appendsSequential = withoutLatencies(single.grouped);
  const singleRatio = single.grouped.eventsPerSecond / single.oneAtATime.eventsPerSecond;
  rows.push(appendRow('Appends, 1 appender, one at a time (baseline)', single.oneAtATime));
  rows.push({
    ...appendRow('Appends, 1 appender', single.grouped),
    target: `>= ${fmt(TARGET_APPEND_EPS)}/s, >= ${TARGET_SINGLE_RATIO}x baseline (${fmt(singleRatio, 2)}x)`,
    status: single.grouped.eventsPerSecond >= TARGET_APPEND_EPS && singleRatio >= TARGET_SINGLE_RATIO ? 'PASS' : 'MISS',
  });

  // 2. Parallel appenders: what queues while a round trip is in flight goes in the next one, together.
  const parallel = await compareAppends(run, config.appenders, 2);
  results.appendsParallelOneAtATime = withoutLatencies(parallel.oneAtATime);
  results.appendsParallel = withoutLatencies(parallel.grouped);
  const parallelRatio = parallel.grouped.eventsPerSecond / parallel.oneAtATime.eventsPerSecond;
  rows.push(appendRow(`Appends, ${config.appenders} appenders, one at a time (baseline)`, parallel.oneAtATime));
  rows.push({
    ...appendRow(`Appends, ${config.appenders} appenders`, parallel.grouped),
    target: `>= ${fmt(TARGET_PARALLEL_EPS)}/s (${fmt(parallelRatio, 2)}x baseline, ${fmt(parallel.grouped.eventsPerSecond / single.grouped.eventsPerSecond, 2)}x 1 appender)`,
    status: parallel.grouped.eventsPerSecond >= TARGET_PARALLEL_EPS ? 'PASS' : 'MISS',
  });

  log('profiling round trips of appends');
  for (const appenders of [1, config.appenders]) {
    const profile = await profileAppends(bench, config.poolSize, 1000, appenders);
    profiles.statements.push({
      name: appenders === 1 ? 'appends' : `appends ${appenders}`,
      title: `Where an append's time goes (${profile.appends} single-event appends, ${appenders} appender${appenders === 1 ? '' : 's'}, ${fmt(profile.totalMs, 0)} ms):`,
      unit: 'per append',
      totalMs: profile.totalMs,
      statements: profile.statements,
    });
  }
}

const withoutLatencies = ({ latencies: _latencies, ...figures }: AppendResult) => figures;

function appendRow(name: string, r: AppendResult): Row {
  return {
    benchmark: name,
    value: `${fmt(r.eventsPerSecond)} events/s`,
    detail: `${fmt(r.events)} appends in ${fmt(r.ms / 1000, 2)} s (${SLICES} slices); p50 ${fmt(r.p50Ms, 2)} ms, p99 ${fmt(r.p99Ms, 2)} ms`,
    target: '',
    status: '',
  };
}
