/** Write latency through the API with projections in the API process, then with the projections worker in its own. */
import type { BenchDatabase } from '../lib/database';
import { instrumentedStorage, statementsTable } from '../lib/instrument';
import { log, type SectionRun, type StatementProfile, status } from '../lib/section';
import { fmt } from '../lib/stats';
import { addUser, startBenchApi, timeWrites, type WriteLatency } from './api';

/** Write latency p50 with the projections worker in its own process, over the same with projections in the API. */
const TARGET_WORKER_RATIO = 1.5;

/**
 * For a missed write target: each topology again on a fresh schema, the API on an instrumented pool, 100 writes
 * after 30 untimed: the API's round trips per write by statement (in-process, the projection's transaction is among
 * them; with the worker, its checks of the checkpoint), and the time spent in `settle` (the wait for user-accounts),
 * measured around the API's ProjectionRunner.waitFor.
 */
async function profileWrites(bench: BenchDatabase, poolSize: number, mode: WriteLatency['mode'], count = 100): Promise<StatementProfile> {
  const schema = `b_api_write_profile_${mode === 'worker' ? 'worker' : 'inproc'}`;
  await bench.openSchema(schema, 1);
  const instrumented = await instrumentedStorage(bench.schemaUrl(schema), poolSize);
  const api = await startBenchApi(bench, schema, { runProjections: mode === 'in-process', storage: instrumented.storage, existingSchema: true });
  try {
    const email = 'write.profile@example-ifu.de';
    const userId = await addUser(api, email, 'USER');
    await timeWrites(api, userId, email, 30, mode);
    const runner = api.api.readModels;
    const waitFor = runner.waitFor.bind(runner);
    let waitMs = 0;
    runner.waitFor = async (...args) => {
      const start = performance.now();
      try {
        return await waitFor(...args);
      } finally {
        waitMs += performance.now() - start;
      }
    };
    instrumented.db.reset();
    const w = await timeWrites(api, userId, email, count, mode, 30);
    const totalMs = w.latenciesMs.reduce((a, b) => a + b, 0);
    return {
      name: `writes ${mode}`,
      title:
        `Where a write's time goes, projections ${mode === 'worker' ? 'in the worker process' : 'in the API process'}: ${count} PUT /user/modify, ` +
        `${fmt(totalMs / count, 2)} ms each (p50 ${fmt(w.p50Ms, 2)}, ${w.slow} >= 250 ms), of which ${fmt(waitMs / count, 2)} ms in settle ` +
        `(waiting for user-accounts); the API's round trips:`,
      unit: 'per write',
      totalMs,
      statements: statementsTable(instrumented.db, count),
    };
  } finally {
    await api.stop();
  }
}

export async function writeBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const measured: WriteLatency[] = [];
  for (const mode of ['in-process', 'worker'] as const) {
    const api = await startBenchApi(bench, mode === 'in-process' ? 'b_api_write_inproc' : 'b_api_write_worker', { runProjections: mode === 'in-process' });
    try {
      log(`PUT /user/modify, projections ${mode === 'worker' ? `in the worker process (pid ${api.worker!.pid})` : 'in the API process'}: 30 + ${config.writes} requests`);
      const email = 'write.target@example-ifu.de';
      const userId = await addUser(api, email, 'USER');
      await timeWrites(api, userId, email, 30, mode); // warm-up
      measured.push(await timeWrites(api, userId, email, config.writes, mode, 30));
    } finally {
      await api.stop();
    }
  }
  const [inProcess, worker] = measured as [WriteLatency, WriteLatency];
  const ratio = worker.p50Ms / inProcess.p50Ms;
  const line = (w: WriteLatency) =>
    `p50 ${fmt(w.p50Ms, 2)} ms, p95 ${fmt(w.p95Ms, 2)} ms, p99 ${fmt(w.p99Ms, 2)} ms, max ${fmt(w.maxMs, 0)} ms; ${w.slow} >= 250 ms`;
  rows.push({
    benchmark: 'PUT /user/modify, projections in API',
    value: `${fmt(inProcess.p50Ms, 2)} ms p50`,
    detail: `${fmt(inProcess.requests)} sequential writes, each waiting for user-accounts; ${line(inProcess)}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: 'PUT /user/modify, projections worker',
    value: `${fmt(worker.p50Ms, 2)} ms p50`,
    detail: `${fmt(worker.requests)} sequential writes, worker in its own process; ${line(worker)}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '  write latency worker / in-process',
    value: `${fmt(ratio, 2)}x`,
    detail: `p50 ratio; p95 ratio ${fmt(worker.p95Ms / inProcess.p95Ms, 2)}x`,
    target: `<= ${fmt(TARGET_WORKER_RATIO, 1)}x`,
    status: status(ratio <= TARGET_WORKER_RATIO),
  });
  if (ratio > TARGET_WORKER_RATIO) {
    log('profiling the writes of both topologies');
    for (const mode of ['in-process', 'worker'] as const) profiles.statements.push(await profileWrites(bench, config.poolSize, mode));
  }
  results.writes = { inProcess, worker, ratioP50: ratio, ratioP95: worker.p95Ms / inProcess.p95Ms };
}
