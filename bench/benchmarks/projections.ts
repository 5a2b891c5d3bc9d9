/**
 * Every projection of the product rebuilt over a log with every stream kind the product writes (users, credentials,
 * customers), each read model checked against what the log says after every run.
 */
import { allProjections } from '@ifu/projections/registry';
import { rebuild } from '@ifu/projections/runner';
import { openStore } from '../lib/database';
import { log, type SectionRun, status } from '../lib/section';
import { fmt } from '../lib/stats';
import { generateMixedLog, profileRebuild, type RebuildRun, TARGET_REPLAY_EPS, timeRebuild } from './replay';

/** 4. Every projection of allProjections rebuilt over the mixed log (users and customers as the product writes them today). */
export async function projectionBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const schema = 'b_replay_mixed';
  const db = await bench.openSchema(schema, config.poolSize);
  const store = await openStore(bench, db, schema);
  log(`generating the mixed log: ${config.mixedEvents} events, ${config.staff} staff, ${config.customers} customers`);
  const genStart = performance.now();
  const mixed = await generateMixedLog(db, { events: config.mixedEvents, users: config.staff, customers: config.customers });
  const genMs = performance.now() - genStart;
  await db.exec('VACUUM ANALYZE events');
  const verification = await store.verifyChain();
  if (!verification.ok || verification.checked !== mixed.events) throw new Error(`mixed log does not verify: ${JSON.stringify(verification)}`);
  const batchSize = config.batchSizes[0] ?? 1000;
  const rebuilds: RebuildRun[] = [];
  for (const projection of allProjections) {
    const check = mixed.checks.get(projection.name);
    if (!check) throw new Error(`no read-model check for projection ${projection.name}: add one to bench/benchmarks/replay.ts`);
    const target = { events: mixed.events, check };
    log(`rebuild ${projection.name} over the mixed log, batch ${batchSize}, 1 + ${config.runs} runs`);
    await timeRebuild(db, store, projection, rebuild, batchSize, 1, target); // warm-up
    const run = await timeRebuild(db, store, projection, rebuild, batchSize, config.runs, target);
    if (run.wrongRows > 0) throw new Error(`rebuild of ${projection.name} left ${run.wrongRows} wrong rows: ${run.firstDifference}`);
    rebuilds.push(run);
    const handled = Object.entries(mixed.byType).reduce((n, [type, count]) => n + (projection.handles.has(type) ? count : 0), 0);
    const met = run.eventsPerSecond >= TARGET_REPLAY_EPS;
    rows.push({
      benchmark: `Rebuild ${projection.name}, mixed log, batch ${batchSize}`,
      value: `${fmt(run.eventsPerSecond)} events/s`,
      detail: `${fmt(mixed.events)} events (${fmt(handled)} its own); median of ${run.runsMs.map((ms) => fmt(ms / 1000, 2)).join(' / ')} s; table checked`,
      target: `>= ${fmt(TARGET_REPLAY_EPS)}/s`,
      status: status(met),
    });
    if (!met) {
      log(`profiling the rebuild of ${projection.name}`);
      const p = await profileRebuild(db, schema, bench, batchSize, mixed.events, projection);
      profiles.statements.push({
        name: `rebuild ${projection.name}`,
        title: `Where a rebuild of ${projection.name} over the mixed log goes (batch ${batchSize}, ${fmt(mixed.events)} events, ${fmt(p.totalMs, 0)} ms):`,
        unit: 'per event',
        totalMs: p.totalMs,
        statements: p.statements,
      });
    }
  }
  await store.close();
  profiles.notes.push(
    `Mixed log: ${fmt(mixed.events)} events, ${fmt(mixed.staff)} staff, ${fmt(mixed.customers)} customers; by stream ` +
    `${Object.entries(mixed.byStreamKind).map(([k, n]) => `${k} ${fmt(n)}`).join(', ')}; by type ` +
    `${Object.entries(mixed.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`,
  );
  results.projections = { generated: { events: mixed.events, staff: mixed.staff, customers: mixed.customers, byType: mixed.byType, byStreamKind: mixed.byStreamKind, ms: genMs }, rebuilds };
}
