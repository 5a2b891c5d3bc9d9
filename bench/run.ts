/**
 * Benchmarks of the PostgreSQL event log, the projections and the API against a real server: see bench/README.md.
 * Creates a throw-away database `ifu_bench_<random>` on BENCH_DATABASE_URL's server and drops it at the end. Each
 * section lives in bench/benchmarks/; this file reads the options, runs the sections asked for and reports.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { redactConnectionString } from '@ifu/storage/database/postgres';
import { appendBenchmarks } from './benchmarks/appends';
import { auditBenchmarks } from './benchmarks/audit';
import { commandBenchmarks } from './benchmarks/commands';
import { listBenchmarks } from './benchmarks/documents-list';
import { passwordBenchmarks } from './benchmarks/passwords';
import { projectionBenchmarks } from './benchmarks/projections';
import { publicBenchmarks } from './benchmarks/public';
import { readBenchmarks } from './benchmarks/reads';
import { replayBenchmarks } from './benchmarks/replay';
import { scanBenchmarks } from './benchmarks/scan';
import { searchBenchmarks } from './benchmarks/search';
import { stampBenchmarks } from './benchmarks/stamp';
import { uploadBenchmarks } from './benchmarks/upload';
import { takeoverBenchmarks } from './benchmarks/worker-takeover';
import { writeBenchmarks } from './benchmarks/writes';
import { createBenchDatabase, serverFacts } from './lib/database';
import { readBenchOptions, type Section, SECTIONS } from './lib/options';
import { printReport } from './lib/report';
import { log, type Profiles, type Row, type SectionRun } from './lib/section';
import { round } from './lib/stats';

const RUNS: Record<Section, (run: SectionRun) => Promise<void>> = {
  appends: appendBenchmarks,
  replay: replayBenchmarks,
  projections: projectionBenchmarks,
  writes: writeBenchmarks,
  reads: readBenchmarks,
  commands: commandBenchmarks,
  passwords: passwordBenchmarks,
  upload: uploadBenchmarks,
  list: listBenchmarks,
  stamp: stampBenchmarks,
  takeover: takeoverBenchmarks,
  audit: auditBenchmarks,
  search: searchBenchmarks,
  public: publicBenchmarks,
  scan: scanBenchmarks,
};

const config = readBenchOptions();

/** The commit measured, and whether the product code it measures had uncommitted changes. */
function codeVersion(): { commit: string; measuredPathsDirty: boolean } {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', 'services/storage', 'projections', 'services/src/platform', 'services/migrations');
    return { commit: git('rev-parse', '--short', 'HEAD'), measuredPathsDirty: dirty.length > 0 };
  } catch {
    return { commit: 'unknown', measuredPathsDirty: false };
  }
}

async function main(): Promise<void> {
  const facts = await serverFacts(config.serverUrl);
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    postgres: facts.server_version ?? 'unknown',
    postgresSettings: facts,
    code: codeVersion(),
    /** 1-minute load average when the run started and ended: other work on the machine skews every figure. */
    loadAverage: { start: round(loadavg()[0]!, 2), end: NaN },
  };
  log(`server ${redactConnectionString(config.serverUrl)}: PostgreSQL ${machine.postgres}`);
  log(`machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}, load ${machine.loadAverage.start}`);

  const bench = await createBenchDatabase(config.serverUrl);
  log(`created database ${bench.name}`);
  let interrupted = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    log(`${signal}: dropping ${bench.name}`);
    bench.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const rows: Row[] = [];
  const results: Record<string, unknown> = {};
  const profiles: Profiles = { notes: [], statements: [], cpu: [] };
  try {
    // In the order of SECTIONS, whatever the order of --only.
    for (const section of SECTIONS) {
      if (config.sections.includes(section)) await RUNS[section]({ bench, config, rows, results, profiles });
    }

    machine.loadAverage.end = round(loadavg()[0]!, 2);
    printReport(machine, rows, profiles);
    mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
    const file = new URL('./results/latest.json', import.meta.url);
    writeFileSync(
      file,
      `${JSON.stringify({ finishedAt: new Date().toISOString(), machine, config: { ...config, serverUrl: redactConnectionString(config.serverUrl) }, table: rows, results: { ...results, profile: profiles } }, null, 2)}\n`,
    );
    log(`wrote ${file.pathname}`);
  } finally {
    if (process.env.BENCH_KEEP_DATABASE === '1') log(`kept database ${bench.name} (BENCH_KEEP_DATABASE=1): drop it when done`);
    else if (!interrupted) {
      await bench.drop();
      log(`dropped database ${bench.name}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
});
