/**
 * Measures the prototypes in this folder with the same workloads as the product benchmarks, checking each one
 * keeps the product's guarantees: the hash chain verifies after prototype appends, and every prototype rebuild
 * leaves exactly the read model the per-event projection would.
 */
import type { Database } from '@ifu/platform/database/database';
import type { EventStore } from '@ifu/platform/event-store/event-store';
import { appendWorkload, runAppends, type AppendResult } from '../benchmarks/appends';
import { timeReadAll, timeRebuild, type GeneratedLog, type RebuildRun } from '../benchmarks/replay';
import type { BenchDatabase } from '../lib/database';
import { fmt } from '../lib/stats';
import { withPrototypeAppend } from './append-store';
import { batchedUserAccountsProjection } from './batched-user-accounts';
import { withLeanReadAll } from './lean-read-store';
import { rebuild as prototypeRebuild } from './runner';

export interface PrototypeRow {
  name: string;
  value: string;
  detail: string;
}

export interface PrototypeResults {
  rows: PrototypeRow[];
  appends: Record<string, AppendResult>;
  rebuilds: Record<string, RebuildRun>;
  readAllEventsPerSecond: Record<string, number>;
}

export interface PrototypeContext {
  bench: BenchDatabase;
  db: Database;
  schema: string;
  generated: GeneratedLog;
  config: { appends: number; appenders: number; batchSizes: number[]; runs: number; poolSize: number };
  openStore(bench: BenchDatabase, db: Database, schema: string): Promise<EventStore>;
}

export async function runPrototypes(ctx: PrototypeContext): Promise<PrototypeResults> {
  const out: PrototypeResults = { rows: [], appends: {}, rebuilds: {}, readAllEventsPerSecond: {} };
  const { config } = ctx;

  const appendCases = [
    { key: 'notify-in-insert, 1 appender', schema: 'p_append_seq', groupCommit: false, appenders: 1 },
    { key: `group commit, ${config.appenders} appenders`, schema: 'p_append_par', groupCommit: true, appenders: config.appenders },
  ];
  for (const c of appendCases) {
    const db = await ctx.bench.openSchema(c.schema, config.poolSize);
    const real = await ctx.openStore(ctx.bench, db, c.schema);
    const store = withPrototypeAppend(db, real, { groupCommit: c.groupCommit });
    await runAppends(store, appendWorkload(200, 7), c.appenders);
    const r = await runAppends(store, appendWorkload(config.appends, 3), c.appenders);
    const chain = await real.verifyChain();
    await real.close();
    if (!chain.ok || chain.checked !== 200 + config.appends) throw new Error(`prototype ${c.key} broke the chain: ${JSON.stringify(chain)}`);
    out.appends[c.key] = r;
    out.rows.push({
      name: `Appends, ${c.key}`,
      value: `${fmt(r.eventsPerSecond)} events/s`,
      detail: `p50 ${fmt(r.p50Ms, 2)} ms, p99 ${fmt(r.p99Ms, 2)} ms; chain verified (${chain.checked})`,
    });
  }

  const real = await ctx.openStore(ctx.bench, ctx.db, ctx.schema);
  const lean = withLeanReadAll(ctx.db, real);
  const slim = withLeanReadAll(ctx.db, real, { slim: true });
  for (const [name, store] of [
    ['lean', lean],
    ['slim', slim],
  ] as const) {
    for (const batchSize of config.batchSizes) {
      const { ms, events } = await timeReadAll(store, batchSize);
      out.readAllEventsPerSecond[`${name}, batch ${batchSize}`] = (events / ms) * 1000;
      out.rows.push({
        name: `${name} readAll only, batch ${batchSize} (floor)`,
        value: `${fmt((events / ms) * 1000)} events/s`,
        detail: `${fmt(events)} events in ${fmt(ms / 1000, 2)} s`,
      });
    }
  }

  const rebuildCases = [
    { key: 'applyBatch', store: real, prefetch: false },
    { key: 'applyBatch + lean readAll', store: lean, prefetch: false },
    { key: 'applyBatch + lean readAll + prefetch', store: lean, prefetch: true },
    { key: 'applyBatch + slim readAll + prefetch', store: slim, prefetch: true },
  ];
  for (const batchSize of config.batchSizes) {
    for (const c of rebuildCases) {
      const run = await timeRebuild(
        ctx.db,
        c.store,
        batchedUserAccountsProjection,
        (db, store, projection, size) => prototypeRebuild(db, store, projection, size, { prefetch: c.prefetch }),
        batchSize,
        config.runs,
        ctx.generated,
      );
      if (run.wrongRows > 0) throw new Error(`prototype ${c.key} left ${run.wrongRows} wrong rows`);
      out.rebuilds[`${c.key}, batch ${batchSize}`] = run;
      out.rows.push({
        name: `Rebuild, ${c.key}, batch ${batchSize}`,
        value: `${fmt(run.eventsPerSecond)} events/s`,
        detail: `median of ${run.runsMs.map((ms) => fmt(ms / 1000, 2)).join(' / ')} s; read model identical`,
      });
    }
  }
  await real.close();
  return out;
}
