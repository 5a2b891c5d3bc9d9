import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcessHandle } from '../../test-support/api-process';
import { completeLogIn } from '../../test-support/http-client';
import { killLeaderAndMeasure, startApiWithWorkers, startProjectionWorker, type Takeover } from '../../test-support/projection-workers';
import type { BenchDatabase } from '../lib/database';
import { call } from './api';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, median } from '../lib/stats';

const ADMIN = { email: 'bench.takeover@example-ifu.de', password: 'bench horse battery staple' };

/**
 * The API with RUN_PROJECTIONS=false and two projections workers, each a process; the leader of
 * every projection is killed with SIGKILL `kills` times (a fresh standby started after each), while the bench writes
 * users through the API. Each kill: how long until the standby leads every projection, and until a write made at the
 * kill is read back (the API answers once its read model has applied it).
 */
export async function benchWorkerTakeover(bench: BenchDatabase, kills: number, writesBetween = 20): Promise<Takeover[]> {
  const schema = 'b_takeover';
  await (await bench.openSchema(schema, 1)).close();
  const url = bench.schemaUrl(schema);
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-bench-takeover-'));
  const workers: ChildProcessHandle[] = [];
  // The first worker before the API: the API's start (its first admin) waits for the read models.
  workers.push(await startProjectionWorker(url));
  const api = await startApiWithWorkers(url, dataDir, ADMIN);
  try {
    const login = await call('POST', `${api.url}/user/get/token`, { body: { username: ADMIN.email, password: ADMIN.password } });
    // An ADMIN sets up a second factor at the first login: the test helpers do it as a person would.
    const token = await completeLogIn(api.url, ADMIN.email, login.body);
    let written = 0;
    const write = async () => {
      const n = written++;
      const answer = await call('POST', `${api.url}/user/add`, {
        token,
        body: { email: `takeover${n}@example-ifu.de`, firstName: 'Take', lastName: `Over ${n}`, role: 'USER', isTrainingCompleted: true },
      });
      if (answer.status !== 200) throw new Error(`POST /user/add answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    };
    const takeovers: Takeover[] = [];
    let leader = workers[0]!;
    for (let kill = 0; kill < kills; kill++) {
      const standby = await startProjectionWorker(url);
      workers.push(standby);
      for (let i = 0; i < writesBetween; i++) await write();
      takeovers.push(await killLeaderAndMeasure(url, leader, standby, write));
      leader = standby;
    }
    return takeovers;
  } finally {
    await api.stop();
    for (const worker of workers) await worker.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A standby projections worker takes over within 5 s of a kill -9 on the leader. */
const TARGET_TAKEOVER_MS = 5000;

/** The leading projections worker killed with SIGKILL while users are written, its standby taking over. */
export async function takeoverBenchmarks({ bench, config, rows, results }: SectionRun) {
  log(`worker take-over: the leading projections worker killed (kill -9) ${config.takeoverKills} times while users are written`);
  const takeovers = await benchWorkerTakeover(bench, config.takeoverKills);
  results.takeover = takeovers;
  const spread = (values: number[]) => `min ${fmt(Math.min(...values), 0)}, median ${fmt(median(values), 0)}, max ${fmt(Math.max(...values), 0)} ms over ${values.length} kills`;
  const freed = takeovers.map((t) => t.locksFreedAfterMs);
  const leads = takeovers.map((t) => t.leadsAfterMs);
  const readBack = takeovers.map((t) => t.writeReadBackMs);
  rows.push({
    benchmark: 'Worker take-over after kill -9: the server frees its locks',
    value: `${fmt(median(freed), 0)} ms`,
    detail: `${spread(freed)}; the leader's lock connection seen gone in pg_locks`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: 'Worker take-over after kill -9: standby leads every projection',
    value: `${fmt(median(leads), 0)} ms`,
    detail: `${spread(leads)}; standbys try every 1 s`,
    target: `<= ${TARGET_TAKEOVER_MS} ms`,
    status: status(Math.max(...leads) <= TARGET_TAKEOVER_MS),
  });
  rows.push({
    benchmark: 'Worker take-over after kill -9: a write made at the kill read back',
    value: `${fmt(median(readBack), 0)} ms`,
    detail: `${spread(readBack)}; POST /user/add, answered once user-accounts has applied it`,
    target: `<= ${TARGET_TAKEOVER_MS} ms`,
    status: status(Math.max(...readBack) <= TARGET_TAKEOVER_MS),
  });
}
