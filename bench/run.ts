/**
 * Benchmarks of the PostgreSQL event log and the projections against a real server: see bench/README.md.
 * Creates a throw-away database `ifu_bench_<random>` on BENCH_DATABASE_URL's server and drops it at the end.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Database } from '@ifu/storage/database/database';
import { openPostgres, redactConnectionString } from '@ifu/storage/database/postgres';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { BENCH_AUDIT_KEY } from './lib/audit-key';
import { listenToPostgres } from '@ifu/storage/notifications';
import type { Projection } from '@ifu/projections/projection';
import { allProjections } from '@ifu/projections/registry';
import { catchUp } from '@ifu/projections/catch-up';
import { rebuild } from '@ifu/projections/runner';
import { changeOrdersProjection } from '@ifu/projections/change-orders/projection';
import { documentSearchProjection } from '@ifu/projections/document-search/projection';
import { listChangeOrders } from '@ifu/projections/change-orders/queries';
import { DocumentListQuery } from '@ifu/contracts';
import { customerListProjection } from '@ifu/projections/customer-list/projection';
import { userAccountsProjection } from '@ifu/projections/user-accounts/projection';
import {
  addCustomer,
  addUser,
  benchPrintedName,
  compareThroughput,
  fetchBytes,
  startBareApp,
  startBenchApi,
  timeWrites,
  type ThroughputComparison,
  type WriteLatency,
} from './benchmarks/api';
import { appendWorkload, runAppends, type AppendResult } from './benchmarks/appends';
import {
  explainStatements,
  generateChangeOrderLog,
  makeLargePdf,
  msUntilTextKept,
  sha256OfFile,
  startApiProcess,
  timeDiskCopy,
  timeGets,
  timeUpload,
  type LatencyRun,
  type UploadRun,
} from './benchmarks/documents';
import {
  explainShape,
  measureShape,
  searchShapes,
  type ShapeResult,
  ownTimes,
  vectorCost,
  watchProgress,
  withoutSamples,
  writeSearchLog,
  writeSearchTexts,
  writeTextVectors,
} from './benchmarks/search';
import { approveCustomers, checkSearches, explainPublicSearches, measurePublicSearch, publicVisitors } from './benchmarks/public';
import { ageAccount, benchPipeline, type CommandCost, createAccount, signIn, timeSignIns } from './benchmarks/commands';
import { checkReadModel, generateLog, generateMixedLog, timeReadAll, timeRebuild, writeLog, type RebuildRun } from './benchmarks/replay';
import { createBenchDatabase, serverFacts, type BenchDatabase } from './lib/database';
import { prng } from './lib/events';
import { type CpuSummary, profileCpu } from './lib/cpu-profile';
import { InstrumentedDatabase, type StatementStats } from './lib/instrument';
import { runLoad } from './lib/load';
import { benchHostilePasswords, type PasswordBench, summary as passwordSummary } from './benchmarks/passwords';
import { benchStamp, p50 as stampP50 } from './benchmarks/stamp';
import { benchWorkerTakeover } from './benchmarks/worker-takeover';
import { benchAuditReport } from './benchmarks/audit';
import { makePng } from './lib/png';
import { fmt, median, percentile, round, table } from './lib/stats';

const TARGET_APPEND_EPS = 800;
const TARGET_REPLAY_EPS = 50_000;
/** Write latency p50 with the projections worker in its own process, over the same with projections in the API. */
const TARGET_WORKER_RATIO = 1.5;
/** Requests/s of the real API over a bare Express + pg app doing the same read. */
const TARGET_READ_RATIO = 0.8;
/** p50 of a sign-in on a stream of 1,100 events over the same on a brand-new user's stream. */
const TARGET_COMMAND_RATIO = 1.5;
/** Growth of the API process's RSS while it receives one 50 MB document. */
const TARGET_UPLOAD_RSS_MB = 64;
/** p99 of a documents-list page over 100,000 change orders. */
const TARGET_LIST_P99_MS = 50;

/** Sign-ins of the old account and first sign-ins of new ones in the round-trip profile. */
const PROFILED_SIGN_INS = 50;

/** Issue 19, finding 1: a hostile password answered within this, and /health within TARGET_HEALTH_WHILE_HOSTILE_MS meanwhile. */
const TARGET_HOSTILE_PASSWORD_MS = 200;
const TARGET_HEALTH_WHILE_HOSTILE_MS = 50;

/**
 * Issue 24's targets for each internal search shape over 1,000,000 child documents, one client: p50 and p99, with a
 * looser p99 for the mid-frequency and very frequent words (their candidates are capped, their ranking is not free).
 */
const TARGET_SEARCH_P50_MS = 10;
const TARGET_SEARCH_P99_MS = 30;
const TARGET_SEARCH_FREQUENT_P99_MS = 50;
const isFrequentShape = (name: string) => /mid-frequency|very frequent/.test(name);
/** Requests/s of each search shape over the bare app's primary-key read, same clients (8 by default). */
const TARGET_SEARCH_RATIO = 0.25;
/** The rebuild of document-search over the 1,000,000 children's log (into a shadow, swapped in at the end). */
const TARGET_SEARCH_REBUILD_S = 900;
/**
 * The public search scoped to one customer and family (issue 24's restated target): one visitor's p99; under 50
 * concurrent visitors no error (their p99 and throughput are reported: on 2 shared cores no endpoint, not even the
 * bare one, meets a p99 of 20 ms at 50 clients).
 */
const TARGET_PUBLIC_P99_MS = 20;
/** Issue 3 / issue 24 item 3: the audit CSV of 1,000,000 events within 30 s, its process growing under 64 MB. */
const TARGET_AUDIT_SECONDS = 30;
const TARGET_AUDIT_RSS_MB = 64;
/** Issue 21: a standby projections worker takes over within 5 s of a kill -9 on the leader. */
const TARGET_TAKEOVER_MS = 5000;

const SECTIONS = ['appends', 'replay', 'projections', 'writes', 'reads', 'commands', 'passwords', 'upload', 'list', 'stamp', 'takeover', 'audit', 'search', 'public'] as const;
type Section = (typeof SECTIONS)[number];
/** Run only when named (`--only search`, `--only public`) or with --tiny: a million documents take most of an hour to set up. */
const NAMED_ONLY: readonly Section[] = ['search', 'public'];

/**
 * `--tiny`: every section once at a tiny size (CI runs it so that the bench cannot break unnoticed): it proves that
 * each section runs to its end and its checks hold, not the figures. An option given explicitly still wins.
 */
const TINY: Record<string, string> = {
  appends: '200',
  appenders: '4',
  events: '3000',
  users: '300',
  'batch-sizes': '1000',
  runs: '1',
  'mixed-events': '5000',
  staff: '100',
  customers: '100',
  writes: '20',
  reads: '100',
  'read-rounds': '1',
  clients: '2',
  'old-events': '50',
  'sign-ins': '10',
  'password-rounds': '2',
  'upload-mb': '1',
  'upload-runs': '1',
  'change-orders': '300',
  'list-requests': '30',
  'search-children': '300',
  'search-requests': '10',
  'search-clients': '2',
  'search-batch': '100',
  'public-clients': '4',
  'public-seconds': '1',
  'public-customers': '1',
  'stamp-mb': '1',
  'stamp-rounds': '2',
  'stamp-cold': '1',
  'takeover-kills': '1',
  'audit-events': '2000',
  only: SECTIONS.join(','),
};

const { values: parsed } = parseArgs({
  options: {
    tiny: { type: 'boolean', default: false },
    appends: { type: 'string', default: '3000' },
    appenders: { type: 'string', default: '16' },
    events: { type: 'string', default: '100000' },
    users: { type: 'string', default: '10000' },
    'batch-sizes': { type: 'string', default: '1000,5000' },
    runs: { type: 'string', default: '3' },
    'mixed-events': { type: 'string', default: '100000' },
    staff: { type: 'string', default: '2000' },
    customers: { type: 'string', default: '5000' },
    writes: { type: 'string', default: '300' },
    reads: { type: 'string', default: '3000' },
    'read-rounds': { type: 'string', default: '3' },
    clients: { type: 'string', default: '8' },
    'old-events': { type: 'string', default: '1100' },
    'sign-ins': { type: 'string', default: '200' },
    'password-rounds': { type: 'string', default: '20' },
    'upload-mb': { type: 'string', default: '50' },
    'upload-runs': { type: 'string', default: '3' },
    'change-orders': { type: 'string', default: '100000' },
    'list-requests': { type: 'string', default: '600' },
    'search-children': { type: 'string', default: '1000000' },
    'search-requests': { type: 'string', default: '600' },
    'search-clients': { type: 'string', default: '8' },
    'search-batch': { type: 'string', default: '5000' },
    'public-clients': { type: 'string', default: '50' },
    'public-seconds': { type: 'string', default: '60' },
    'public-customers': { type: 'string', default: '3' },
    'stamp-mb': { type: 'string', default: '1,20' },
    'stamp-rounds': { type: 'string', default: '30' },
    'stamp-cold': { type: 'string', default: '5' },
    'takeover-kills': { type: 'string', default: '5' },
    'audit-events': { type: 'string', default: '1000000' },
    only: { type: 'string', default: SECTIONS.filter((s) => !NAMED_ONLY.includes(s)).join(',') },
  },
});
const given = (option: string) => process.argv.some((arg) => arg === `--${option}` || arg.startsWith(`--${option}=`));
const args = parsed.tiny
  ? { ...parsed, ...Object.fromEntries(Object.entries(TINY).filter(([option]) => !given(option))) }
  : parsed;

const config = {
  /** --tiny: every section once at a tiny size (see TINY). */
  tiny: parsed.tiny,
  serverUrl: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  appends: Number(args.appends),
  appenders: Number(args.appenders),
  replayEvents: Number(args.events),
  users: Number(args.users),
  batchSizes: args['batch-sizes'].split(',').map(Number),
  runs: Number(args.runs),
  /** The mixed log (every stream kind the product writes) for the rebuild of each projection. */
  mixedEvents: Number(args['mixed-events']),
  staff: Number(args.staff),
  customers: Number(args.customers),
  /** Sequential PUT /user/modify per topology, after 30 untimed ones. */
  writes: Number(args.writes),
  /** Requests per round of each read comparison, rounds, concurrent keep-alive clients. */
  reads: Number(args.reads),
  readRounds: Number(args['read-rounds']),
  clients: Number(args.clients),
  /** Events on the old user's credentials stream, and timed sign-ins of it and of as many new users. */
  oldEvents: Number(args['old-events']),
  signIns: Number(args['sign-ins']),
  /** The large upload (decimal MB; under the default DOCUMENT_MAX_BYTES of 50 MiB) and how many of it and of 1 MB. */
  passwordRounds: Number(args['password-rounds']),
  uploadMb: Number(args['upload-mb']),
  uploadRuns: Number(args['upload-runs']),
  /** Change orders in the documents list, and timed requests per list query (in 3 interleaved rounds). */
  changeOrders: Number(args['change-orders']),
  listRequests: Number(args['list-requests']),
  /** The internal search: child documents, requests per round and shape, concurrent clients, rebuild batch size. */
  searchChildren: Number(args['search-children']),
  searchRequests: Number(args['search-requests']),
  searchClients: Number(args['search-clients']),
  searchBatch: Number(args['search-batch']),
  /** The public search: concurrent visitors, seconds per product round, approved customers whose families they search. */
  publicClients: Number(args['public-clients']),
  publicSeconds: Number(args['public-seconds']),
  publicCustomers: Number(args['public-customers']),
  /** The currency page: PDF sizes (decimal MB), downloads of each kind per size, of which made anew each time. */
  stampMb: args['stamp-mb'].split(',').map(Number),
  stampRounds: Number(args['stamp-rounds']),
  stampCold: Number(args['stamp-cold']),
  /** How many times the leading projections worker is killed (issue 21: a standby takes over within 5 s). */
  takeoverKills: Number(args['takeover-kills']),
  /** The audit CSV: events in its log (bench/benchmarks/audit.ts). */
  auditEvents: Number(args['audit-events']),
  sections: args.only.split(',').map((name) => name.trim()) as Section[],
  /** The app's pool size (openPostgres default), used by every benchmark. */
  poolSize: 10,
};
for (const section of config.sections) if (!SECTIONS.includes(section)) throw new Error(`--only: no section ${section} (${SECTIONS.join(', ')})`);
const runs = (section: Section) => config.sections.includes(section);

interface Row {
  benchmark: string;
  value: string;
  detail: string;
  target: string;
  status: string;
}

const log = (message: string) => console.log(`[bench] ${message}`);

async function openStore(bench: BenchDatabase, db: Database, schema: string): Promise<EventStore> {
  // As in production (services/storage/src/storage.ts): a LISTEN connection next to the pool.
  const notifications = await listenToPostgres(bench.url, schema);
  const store = await PostgresEventStore.open(db, { notifications, chainKey: BENCH_AUDIT_KEY });
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await notifications.close();
  };
  return store;
}

/** Round trips and time per statement kind for a number of single-event appends, through an instrumented pool. */
async function profileAppends(bench: BenchDatabase, count: number) {
  const schema = 'b_profile_append';
  const db = new InstrumentedDatabase(await bench.openSchema(schema, config.poolSize));
  const store = await openStore(bench, db, schema);
  await runAppends(store, appendWorkload(100, 99), 1);
  db.reset();
  const result = await runAppends(store, appendWorkload(count, 98), 1);
  await store.close();
  return { appends: result.events, totalMs: result.ms, statements: statementsTable(db, result.events) };
}

/** Round trips and time per statement kind for one rebuild through an instrumented pool and store. */
async function profileRebuild(
  db: Database,
  schema: string,
  bench: BenchDatabase,
  batchSize: number,
  events: number,
  projection: Projection = userAccountsProjection,
) {
  const instrumented = new InstrumentedDatabase(db);
  const store = await openStore(bench, instrumented, schema);
  const start = performance.now();
  await rebuild(instrumented, store, projection, batchSize);
  const totalMs = performance.now() - start;
  await store.close();
  return { projection: projection.name, batchSize, events, totalMs, statements: statementsTable(instrumented, events) };
}

function statementsTable(db: { stats: ReadonlyMap<string, StatementStats> }, per: number) {
  return [...db.stats.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([statement, s]) => ({
      statement,
      roundTrips: s.count,
      roundTripsPerUnit: round(s.count / per, 3),
      rowsPerUnit: round(s.rows / per, 1),
      totalMs: round(s.ms, 1),
      meanMs: round(s.ms / s.count, 3),
    }));
}

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
    if (runs('appends')) await appendBenchmarks(bench, rows, results, profiles);
    if (runs('replay')) await replayBenchmarks(bench, rows, results, profiles);
    if (runs('projections')) await projectionBenchmarks(bench, rows, results, profiles);
    if (runs('writes')) await writeBenchmarks(bench, rows, results, profiles);
    if (runs('reads')) await readBenchmarks(bench, rows, results, profiles);
    if (runs('commands')) await commandBenchmarks(bench, rows, results, profiles);
    if (runs('passwords')) await passwordBenchmarks(bench, rows, results);
    if (runs('upload')) await uploadBenchmarks(bench, rows, results);
    if (runs('list')) await listBenchmarks(bench, rows, results, profiles);
    if (runs('stamp')) await stampBenchmarks(rows, results);
    if (runs('takeover')) await takeoverBenchmarks(bench, rows, results);
    if (runs('audit')) await auditBenchmarks(bench, rows, results);
    if (runs('search')) await searchBenchmarks(bench, rows, results, profiles);
    if (runs('public')) await publicBenchmarks(bench, rows, results, profiles);

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

interface StatementProfile {
  name: string;
  title: string;
  unit: string;
  totalMs: number;
  statements: ReturnType<typeof statementsTable>;
}
/** What is printed after the table: the logs' mix, round-trip profiles, CPU profiles of missed targets. */
interface Profiles {
  notes: string[];
  statements: StatementProfile[];
  cpu: { title: string; summary: CpuSummary }[];
}

const status = (met: boolean) => (met ? 'PASS' : 'MISS');

async function appendBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
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
  const appendProfile = await profileAppends(bench, 1000);
  profiles.statements.push({
    name: 'appends',
    title: `Where an append's time goes (${appendProfile.appends} single-event appends, 1 appender, ${fmt(appendProfile.totalMs, 0)} ms):`,
    unit: 'per append',
    totalMs: appendProfile.totalMs,
    statements: appendProfile.statements,
  });
}

/** 3. Projection replay of user-accounts over the user-only log (the layout from before credentials had their own streams). */
async function replayBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const schema = 'b_replay';
  const db = await bench.openSchema(schema, config.poolSize);
  const store = await openStore(bench, db, schema);
  log(`generating ${config.replayEvents} events for ${config.users} users`);
  const genStart = performance.now();
  const generated = await generateLog(db, config.replayEvents, config.users);
  const genMs = performance.now() - genStart;
  rows.push({
    benchmark: 'Generate log (hash + bulk INSERT)',
    value: `${fmt((generated.events / genMs) * 1000)} events/s`,
    detail: `${fmt(generated.events)} events in ${fmt(genMs / 1000, 2)} s`,
    target: '',
    status: '',
  });
  await db.exec('VACUUM ANALYZE events');

  log('verifying the chain');
  const vStart = performance.now();
  const verification = await store.verifyChain();
  const vMs = performance.now() - vStart;
  if (!verification.ok || verification.checked !== generated.events) {
    throw new Error(`generated chain does not verify: ${JSON.stringify(verification)}`);
  }
  rows.push({
    benchmark: 'Verify chain (store.verifyChain)',
    value: `${fmt((verification.checked / vMs) * 1000)} events/s`,
    detail: `${fmt(verification.checked)} events in ${fmt(vMs / 1000, 2)} s, ok`,
    target: '',
    status: '',
  });

  const readFloor: Record<number, number> = {};
  for (const batchSize of config.batchSizes) {
    const { ms, events } = await timeReadAll(store, batchSize);
    readFloor[batchSize] = (events / ms) * 1000;
    rows.push({
      benchmark: `readAll only, batch ${batchSize} (floor)`,
      value: `${fmt(readFloor[batchSize])} events/s`,
      detail: `${fmt(events)} events in ${fmt(ms / 1000, 2)} s`,
      target: '',
      status: '',
    });
  }

  const target = { events: generated.events, check: async (checked: Database) => ({ wrong: await checkReadModel(checked, generated.expected) }) };
  log('warm-up rebuild');
  await timeRebuild(db, store, userAccountsProjection, rebuild, 1000, 1, target);
  const rebuilds: RebuildRun[] = [];
  for (const batchSize of config.batchSizes) {
    log(`rebuild user-accounts, batch ${batchSize}, ${config.runs} runs`);
    const run = await timeRebuild(db, store, userAccountsProjection, rebuild, batchSize, config.runs, target);
    if (run.wrongRows > 0) throw new Error(`rebuild left ${run.wrongRows} wrong rows in user_accounts`);
    rebuilds.push(run);
    rows.push({
      benchmark: `Rebuild user-accounts, batch ${batchSize}`,
      value: `${fmt(run.eventsPerSecond)} events/s`,
      detail: `median of ${run.runsMs.map((ms) => fmt(ms / 1000, 2)).join(' / ')} s`,
      target: `>= ${fmt(TARGET_REPLAY_EPS)}/s`,
      status: status(run.eventsPerSecond >= TARGET_REPLAY_EPS),
    });
  }
  await store.close();

  // The store above has checked every link once (the floor's read), so its rebuilds read only the projections'
  // columns. A process that has checked nothing yet (a restart, `npm run projections -- --rebuild`) checks each link
  // as it reads it: one run of that.
  log('rebuild user-accounts, batch 1000, with a store that has checked no link yet');
  const fresh = await openStore(bench, db, schema);
  const checking = await timeRebuild(db, fresh, userAccountsProjection, rebuild, 1000, 1, target);
  await fresh.close();
  if (checking.wrongRows > 0) throw new Error(`rebuild left ${checking.wrongRows} wrong rows in user_accounts`);
  rows.push({
    benchmark: 'Rebuild user-accounts, batch 1000, every link checked',
    value: `${fmt(checking.eventsPerSecond)} events/s`,
    detail: `one run, a new store`,
    target: '',
    status: '',
  });

  log('profiling round trips of a rebuild');
  const rebuildProfile = await profileRebuild(db, schema, bench, 1000, generated.events);
  profiles.statements.push({
    name: 'rebuild',
    title: `Where a rebuild's time goes (batch ${rebuildProfile.batchSize}, ${fmt(rebuildProfile.events)} events, ${fmt(rebuildProfile.totalMs, 0)} ms):`,
    unit: 'per event',
    totalMs: rebuildProfile.totalMs,
    statements: rebuildProfile.statements,
  });
  profiles.notes.push(`Replay log: ${Object.entries(generated.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`);
  results.replay = {
    generated: { events: generated.events, users: generated.users, byType: generated.byType, ms: genMs },
    verifyChain: { events: verification.checked, ms: vMs, eventsPerSecond: (verification.checked / vMs) * 1000 },
    readAllEventsPerSecond: readFloor,
    rebuilds,
  };
}

/** 4. Every projection of allProjections rebuilt over the mixed log (users and customers as the product writes them today). */
async function projectionBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
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

/** 5. Write latency through the API with projections in the API process, then with the projections worker. */
/** Storage as openStorage opens it for a DATABASE_URL, on an instrumented pool: for the API profiles. */
async function instrumentedStorage(url: string) {
  const db = new InstrumentedDatabase(openPostgres({ connectionString: url, max: config.poolSize }));
  const notifications = await listenToPostgres(url);
  const store = await PostgresEventStore.open(db, { notifications, chainKey: BENCH_AUDIT_KEY });
  const storage = {
    db,
    store,
    notifications,
    async close() {
      await store.close();
      await notifications.close();
      await db.close();
    },
  };
  return { db, storage };
}

/**
 * For a missed write target: each topology again on a fresh schema, the API on an instrumented pool, 100 writes
 * after 30 untimed: the API's round trips per write by statement (in-process, the projection's transaction is among
 * them; with the worker, its checks of the checkpoint), and the time spent in `settle` (the wait for user-accounts),
 * measured around the API's ProjectionRunner.waitFor.
 */
async function profileWrites(bench: BenchDatabase, mode: WriteLatency['mode'], count = 100): Promise<StatementProfile> {
  const schema = `b_api_write_profile_${mode === 'worker' ? 'worker' : 'inproc'}`;
  await bench.openSchema(schema, 1);
  const instrumented = await instrumentedStorage(bench.schemaUrl(schema));
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

async function writeBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
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
    for (const mode of ['in-process', 'worker'] as const) profiles.statements.push(await profileWrites(bench, mode));
  }
  results.writes = { inProcess, worker, ratioP50: ratio, ratioP95: worker.p95Ms / inProcess.p95Ms };
}

type LoadPair = Record<'baseline' | 'product', { url: string; headers?: Record<string, string>; expectBytes?: number }>;

/**
 * For a missed read target: one round of the same load against a second API on the same schema and files, opened
 * on an instrumented pool (round trips per request by statement), and CPU profiles of this process (where the
 * servers run; the load generator has its own thread) during a round against that API and one against the baseline.
 */
async function profileReads(bench: BenchDatabase, schema: string, filesDir: string, pair: LoadPair, options: { requests: number; concurrency: number }) {
  const { db, storage } = await instrumentedStorage(bench.schemaUrl(schema));
  const api = await startBenchApi(bench, schema, { runProjections: false, storage, existingSchema: true, filesDir });
  try {
    const product = { ...pair.product, url: pair.product.url.replace(/^http:\/\/[^/]+/, api.url), headers: { authorization: `Bearer ${api.token}` } };
    await runLoad({ ...product, requests: Math.min(500, options.requests), concurrency: options.concurrency });
    db.reset();
    const load = { requests: options.requests, concurrency: options.concurrency };
    const { cpu: productCpu } = await profileCpu(options.requests, () => runLoad({ ...product, ...load }));
    const statements = { totalMs: [...db.stats.values()].reduce((a, s) => a + s.ms, 0), statements: statementsTable(db, options.requests) };
    const { cpu: baselineCpu } = await profileCpu(options.requests, () => runLoad({ ...pair.baseline, ...load }));
    return { statements, productCpu, baselineCpu };
  } finally {
    await api.stop();
  }
}

/** 6. Authenticated reads: the real API against a bare Express + pg app doing the same read, same load. */
async function readBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const schema = 'b_api_read';
  const api = await startBenchApi(bench, schema, { runProjections: true });
  const bare = await startBareApp(bench.schemaUrl(schema), api.api.context.config.FILES_DIR);
  try {
    const approverId = await addUser(api, 'approver@example-ifu.de', 'ADMIN');
    const logo = makePng(prng(7));
    const customerId = await addCustomer(api, approverId, logo);
    // The product stores a logo re-encoded (issue 8, finding 8): both sides must answer the stored file's bytes.
    const storedLogo = await fetch(`${api.url}/customer/logo/${customerId}`, { headers: { authorization: `Bearer ${api.token}` } });
    if (storedLogo.status !== 200) throw new Error(`GET /customer/logo answered ${storedLogo.status}`);
    const storedBytes = (await storedLogo.arrayBuffer()).byteLength;
    const loads: Record<'me' | 'logo', LoadPair> = {
      me: {
        baseline: { url: `${bare.url}/user/me`, headers: { 'x-user-id': api.adminId } },
        product: { url: `${api.url}/user/me`, headers: { authorization: `Bearer ${api.token}` } },
      },
      logo: {
        baseline: { url: `${bare.url}/customer/logo/${customerId}`, expectBytes: storedBytes },
        product: { url: `${api.url}/customer/logo/${customerId}`, headers: { authorization: `Bearer ${api.token}` }, expectBytes: storedBytes },
      },
    };
    // Both sides must answer the same: the same JSON for /user/me, the same bytes for the logo.
    for (const [name, pair] of Object.entries(loads)) {
      const [b, p] = await Promise.all([fetchBytes(pair.baseline.url, pair.baseline.headers ?? {}), fetchBytes(pair.product.url, pair.product.headers ?? {})]);
      if (b.status !== 200 || p.status !== 200 || !b.body.equals(p.body)) {
        throw new Error(`${name}: baseline and product answer differently (${b.status}: ${b.body.subarray(0, 200).toString()} / ${p.status}: ${p.body.subarray(0, 200).toString()})`);
      }
    }
    const options = { requests: config.reads, concurrency: config.clients, rounds: config.readRounds, warmup: Math.min(500, config.reads) };
    const comparisons: ThroughputComparison[] = [];
    for (const [name, title] of [
      ['me', 'GET /user/me'],
      ['logo', `GET /customer/logo/:id (${fmt(logo.length / 1024, 0)} KB PNG)`],
    ] as const) {
      log(`${title}: ${config.readRounds} rounds of ${config.reads} requests each side, ${config.clients} clients`);
      const c = await compareThroughput(title, loads[name].baseline, loads[name].product, options);
      comparisons.push(c);
      const p50 = (r: ThroughputComparison['product']) => fmt(r.map((x) => x.p50Ms).sort((x, y) => x - y)[Math.floor(r.length / 2)]!, 2);
      rows.push({
        benchmark: `${title}, bare Express + pg`,
        value: `${fmt(c.baselineRps)} req/s`,
        detail: `median of ${c.baseline.map((r) => fmt(r.requestsPerSecond)).join(' / ')}; p50 ${p50(c.baseline)} ms`,
        target: '',
        status: '',
      });
      rows.push({
        benchmark: `${title}, API (token, session, logging)`,
        value: `${fmt(c.productRps)} req/s`,
        detail: `median of ${c.product.map((r) => fmt(r.requestsPerSecond)).join(' / ')}; p50 ${p50(c.product)} ms`,
        target: '',
        status: '',
      });
      rows.push({
        benchmark: `  ${title.split(' (')[0]} API / bare`,
        value: `${fmt(c.ratio, 2)}x`,
        detail: `rounds ${c.roundRatios.map((r) => fmt(r, 2)).join(' / ')}`,
        target: `>= ${fmt(TARGET_READ_RATIO, 1)}x`,
        status: status(c.ratio >= TARGET_READ_RATIO),
      });
      if (c.ratio < TARGET_READ_RATIO) {
        log(`profiling ${title}: round trips and CPU of the API and of the baseline`);
        const profiled = await profileReads(bench, schema, api.api.context.config.FILES_DIR, loads[name], options);
        profiles.statements.push({ name: `reads ${name}`, title: `Where the API's ${title} goes, database round trips (${fmt(options.requests)} requests through an instrumented pool):`, unit: 'per request', ...profiled.statements });
        profiles.cpu.push({ title: `CPU of the API's ${title} (bench process, ${fmt(options.requests)} requests)`, summary: profiled.productCpu });
        profiles.cpu.push({ title: `CPU of the baseline's ${title} (same load)`, summary: profiled.baselineCpu });
      }
    }
    results.reads = comparisons;
  } finally {
    await bare.close();
    await api.stop();
  }
}

/** 7. A sign-in on a credentials stream of `oldEvents` events against one on a brand-new user's stream. */
async function commandBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const schema = 'b_commands';
  const db = await bench.openSchema(schema, config.poolSize);
  const store = await openStore(bench, db, schema);
  const pipeline = benchPipeline(store, db);
  log(`sign-ins: one account aged to ${config.oldEvents} credential events, ${config.signIns} new accounts`);
  const old = await createAccount(pipeline, 0);
  await ageAccount(pipeline, store, old, config.oldEvents);
  const fresh = [];
  for (let i = 0; i < config.signIns + 20 + PROFILED_SIGN_INS; i++) fresh.push(await createAccount(pipeline, i + 1));
  const unused = fresh.splice(config.signIns + 20);
  await db.exec('VACUUM ANALYZE events, stream_snapshots');
  await timeSignIns(pipeline, db, store, old, fresh.slice(0, 20)); // warm-up
  const cost: CommandCost = await timeSignIns(pipeline, db, store, old, fresh.slice(20));
  const met = cost.ratio <= TARGET_COMMAND_RATIO;
  rows.push({
    benchmark: 'Sign-in command, new user',
    value: `${fmt(cost.newP50Ms, 2)} ms p50`,
    detail: `${fmt(cost.runs)} users, 1 credential event each before; p95 ${fmt(cost.newP95Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Sign-in command, ${fmt(config.oldEvents)}-event stream`,
    value: `${fmt(cost.oldP50Ms, 2)} ms p50`,
    detail: `stream at v${cost.oldStreamVersionBefore} -> v${cost.oldStreamVersionAfter}, snapshot at v${cost.oldSnapshotVersion ?? '-'}; p95 ${fmt(cost.oldP95Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '  sign-in old user / new user',
    value: `${fmt(cost.ratio, 2)}x`,
    detail: 'p50 ratio (interleaved runs)',
    target: `<= ${fmt(TARGET_COMMAND_RATIO, 1)}x`,
    status: status(met),
  });
  results.commands = cost;

  // Where a sign-in's time goes, old account and new accounts interleaved, through one instrumented pool and store
  // (two stores would each append on a stale tail): each sign-in's statements are added to its kind's totals.
  const instrumented = new InstrumentedDatabase(db);
  const profiledStore = await openStore(bench, instrumented, schema);
  const profiled = benchPipeline(profiledStore, instrumented);
  const kinds = (['old', 'new'] as const).map((name) => ({ name, stats: new Map<string, StatementStats>(), ms: 0 }));
  for (let i = 0; i < PROFILED_SIGN_INS; i++) {
    for (const kind of i % 2 === 0 ? kinds : [...kinds].reverse()) {
      instrumented.reset();
      const start = performance.now();
      await signIn(profiled, kind.name === 'old' ? old : unused[i]!);
      kind.ms += performance.now() - start;
      for (const [statement, st] of instrumented.stats) {
        const sum = kind.stats.get(statement) ?? { count: 0, ms: 0, rows: 0 };
        kind.stats.set(statement, { count: sum.count + st.count, ms: sum.ms + st.ms, rows: sum.rows + st.rows });
      }
    }
  }
  await profiledStore.close();
  for (const kind of kinds) {
    const count = PROFILED_SIGN_INS;
    profiles.statements.push({
      name: `sign-in ${kind.name}`,
      title: `Where a sign-in's time goes, ${kind.name === 'old' ? `the old account (${count} sign-ins from v${cost.oldStreamVersionAfter})` : `${count} new accounts (the first sign-in of each)`}, interleaved, ${fmt(kind.ms / count, 2)} ms each:`,
      unit: 'per sign-in',
      totalMs: kind.ms,
      statements: statementsTable(kind, count),
    });
  }
  await store.close();
}

const MB = 1024 * 1024;

/** Issue 19, finding 1: hostile passwords against the API in its own process, /health timed meanwhile (bench/benchmarks/passwords.ts). */
async function passwordBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>) {
  const schema = 'b_passwords';
  const db = await bench.openSchema(schema, 1);
  await db.close();
  const admin = { email: 'bench.passwords@example-ifu.de', password: 'bench horse battery staple' };
  const api = await startApiProcess(bench.schemaUrl(schema), admin);
  let measured: PasswordBench;
  try {
    log(`hostile passwords: ${config.passwordRounds} rounds of a 1 KB password on change and set, and a 128-character one on change`);
    measured = await benchHostilePasswords(api, admin, config.passwordRounds);
  } finally {
    await api.stop();
  }
  const idle = passwordSummary(measured.idleHealthMs);
  const busy = passwordSummary(measured.busyHealthMs);
  const oneKb = passwordSummary([...measured.oneKbMs.change, ...measured.oneKbMs.set]);
  const longest = passwordSummary(measured.longestMs);
  results.passwords = { idle, busy, oneKb, longest, statuses: measured.statuses };
  rows.push({
    benchmark: 'Hostile 1 KB password (change, set)',
    value: `${fmt(oneKb.max, 1)} ms max`,
    detail: `p50 ${fmt(oneKb.p50, 1)} ms over ${oneKb.n} requests; answers ${JSON.stringify(measured.statuses)}`,
    target: `< ${TARGET_HOSTILE_PASSWORD_MS} ms`,
    status: status(oneKb.max < TARGET_HOSTILE_PASSWORD_MS),
  });
  rows.push({
    benchmark: '/health while hostile passwords are judged',
    value: `${fmt(busy.max, 1)} ms max`,
    detail: `p50 ${fmt(busy.p50, 1)} / p99 ${fmt(busy.p99, 1)} ms over ${busy.n}; idle API, same run: p50 ${fmt(idle.p50, 1)} / p99 ${fmt(idle.p99, 1)} / max ${fmt(idle.max, 1)} ms; the 128-character phrase answered in p50 ${fmt(longest.p50, 0)} / max ${fmt(longest.max, 0)} ms (its estimate in a worker)`,
    target: `< ${TARGET_HEALTH_WHILE_HOSTILE_MS} ms`,
    status: status(busy.max < TARGET_HEALTH_WHILE_HOSTILE_MS),
  });
}

/** Issue 20, item 5: a download with its currency page against the same file as stored (bench/benchmarks/stamp.ts). */
async function stampBenchmarks(rows: Row[], results: Record<string, unknown>) {
  log(`currency page: PDFs of ${config.stampMb.join(', ')} MB, ${config.stampRounds} downloads plain and remembered, ${config.stampCold} made anew`);
  const measured = await benchStamp(config.stampMb, config.stampRounds, config.stampCold);
  results.stamp = measured;
  for (const run of measured) {
    const plain = stampP50(run.plainMs);
    const remembered = stampP50(run.rememberedMs);
    const cold = stampP50(run.coldMs);
    rows.push({
      benchmark: `Download ${run.mb} MB PDF, remembered currency page / as stored`,
      value: `${fmt(remembered / plain, 2)}x`,
      detail: `p50 ${fmt(remembered, 1)} vs ${fmt(plain, 1)} ms (p99 ${fmt(percentile(run.rememberedMs, 99), 1)} vs ${fmt(percentile(run.plainMs, 99), 1)}), ${run.rememberedMs.length} each; the page adds ${run.appendixBytes} bytes`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: `Download ${run.mb} MB PDF, currency page made anew / as stored`,
      value: `${fmt(cold / plain, 1)}x`,
      detail: `p50 ${fmt(cold, 0)} ms (max ${fmt(Math.max(...run.coldMs), 0)}) over ${run.coldMs.length}: a child process reads the whole PDF with pdf-lib; once per file and facts`,
      target: '',
      status: '',
    });
  }
}

/** Issue 21, item 3: a projections worker killed with SIGKILL, its standby taking over (bench/benchmarks/worker-takeover.ts). */
async function takeoverBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>) {
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

/** Issue 24, item 3: the audit CSV's time and memory, next to the same rows read raw (bench/benchmarks/audit.ts). */
async function auditBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>) {
  const measured = await benchAuditReport(bench, config.auditEvents, log);
  results.audit = measured;
  const { raw, csv } = measured;
  const load = `load ${csv.loadAverage}`;
  rows.push({
    benchmark: `Audit CSV of ${fmt(measured.events)} events: time / raw read`,
    value: `${fmt(csv.seconds / raw.seconds, 2)}x`,
    detail: `${fmt(csv.seconds, 2)} s vs ${fmt(raw.seconds, 2)} s reading the same rows raw; ${fmt(csv.bytes / MB, 1)} MB of CSV; ${load}`,
    target: `<= ${TARGET_AUDIT_SECONDS} s`,
    status: status(csv.seconds <= TARGET_AUDIT_SECONDS),
  });
  rows.push({
    benchmark: `Audit CSV of ${fmt(measured.events)} events: process growth`,
    value: `${fmt(csv.rssGrowthMb, 1)} MB`,
    detail: `RSS; heap peak +${fmt(csv.heapPeakGrowthMb, 1)} MB, +${fmt(csv.heapRetainedMb, 1)} MB after GC; raw read: RSS +${fmt(raw.rssGrowthMb, 1)} MB, heap +${fmt(raw.heapPeakGrowthMb, 1)} MB`,
    target: `< ${TARGET_AUDIT_RSS_MB} MB`,
    status: status(csv.rssGrowthMb < TARGET_AUDIT_RSS_MB),
  });
}

/** Issue 24, item 1: the upload's answer against a plain streamed disk copy of the same file, in the same run. */
const TARGET_UPLOAD_1MB_RATIO = 1.5;
const TARGET_UPLOAD_LARGE_RATIO = 2;

/**
 * 8. PDFs uploaded as child documents to the API in its own process, each a new file (so its text is extracted):
 * the answer's time against a streamed disk copy of the same file (interleaved), the API's RSS growth, and how long
 * after the answer the text is kept for the searches.
 */
async function uploadBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>) {
  const schema = 'b_upload';
  // Kept open: the text queue's results are read through it.
  const watch = await bench.openSchema(schema, 1);
  const dir = mkdtempSync(join(tmpdir(), 'ifu-bench-pdf-'));
  try {
    // Every upload a file of its own: the same bytes twice would find their text already kept.
    log(`making ${config.uploadRuns} PDFs of ${config.uploadMb} MB and ${config.uploadRuns + 2} of 1 MB with pdf-lib in ${dir}`);
    const make = async (name: string, bytes: number) => {
      const path = join(dir, name);
      const size = await makeLargePdf(path, bytes);
      return { path, size, sha256: await sha256OfFile(path) };
    };
    const smalls = [];
    const larges = [];
    for (let i = 0; i < config.uploadRuns + 2; i++) smalls.push(await make(`small-${i}.pdf`, 1_000_000));
    for (let i = 0; i < config.uploadRuns; i++) larges.push(await make(`large-${i}.pdf`, config.uploadMb * 1_000_000));
    const api = await startApiProcess(bench.schemaUrl(schema), { email: 'bench.uploader@example-ifu.de', password: 'bench horse battery staple' });
    const uploads: Array<UploadRun & { textKeptMs: number }> = [];
    const copies = { small: [] as number[], large: [] as number[] };
    try {
      log(`uploads to the API process (pid ${api.pid}): 2 untimed of 1 MB, then ${config.uploadRuns} x (1 MB, copy, ${config.uploadMb} MB, copy), each waited for until its text is kept`);
      const upload = async (file: { path: string; sha256: string }, label: string) => {
        const run = await timeUpload(api, file.path, label);
        // The next timing starts once this file's text is kept: an extraction never runs under another's timing.
        uploads.push({ ...run, textKeptMs: await msUntilTextKept(watch, file.sha256, run.answeredAt) });
      };
      for (const file of smalls.slice(config.uploadRuns)) await upload(file, 'warm-up');
      for (let i = 0; i < config.uploadRuns; i++) {
        await upload(smalls[i]!, '1 MB');
        copies.small.push(await timeDiskCopy(smalls[i]!.path, join(dir, 'copy.pdf')));
        await upload(larges[i]!, `${config.uploadMb} MB`);
        copies.large.push(await timeDiskCopy(larges[i]!.path, join(dir, 'copy.pdf')));
      }
    } finally {
      await api.stop();
    }
    const load = loadavg()[0]!;
    const of = (label: string) => uploads.filter((u) => u.label === label);
    const big = of(`${config.uploadMb} MB`);
    const little = of('1 MB');
    const worstGrowth = Math.max(...big.map((u) => u.rssGrowthBytes));
    const bigMs = median(big.map((u) => u.ms));
    const littleMs = median(little.map((u) => u.ms));
    const bigCopyMs = median(copies.large);
    const littleCopyMs = median(copies.small);
    const mb = (bytes: number) => fmt(bytes / MB, 1);
    const list = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' / ');
    rows.push({
      benchmark: 'Upload 1 MB PDF / disk copy of 1 MB',
      value: `${fmt(littleMs / littleCopyMs, 2)}x`,
      detail: `upload median ${fmt(littleMs, 1)} ms of ${list(little.map((u) => u.ms), 1)}; copy (streams + fsync) median ${fmt(littleCopyMs, 1)} ms of ${list(copies.small, 1)}; ${fmt(little[0]!.fileBytes / MB, 2)} MiB; load ${fmt(load, 2)}`,
      target: `<= ${TARGET_UPLOAD_1MB_RATIO}x`,
      status: status(littleMs / littleCopyMs <= TARGET_UPLOAD_1MB_RATIO),
    });
    rows.push({
      benchmark: `Upload ${config.uploadMb} MB PDF / disk copy of ${config.uploadMb} MB`,
      value: `${fmt(bigMs / bigCopyMs, 2)}x`,
      detail: `upload median ${fmt(bigMs, 0)} ms of ${list(big.map((u) => u.ms))} (${fmt(big[0]!.fileBytes / MB / (bigMs / 1000), 0)} MiB/s); copy median ${fmt(bigCopyMs, 0)} ms of ${list(copies.large)}; ${fmt(big[0]!.fileBytes / MB, 1)} MiB; answer after store + type + structure check; load ${fmt(load, 2)}`,
      target: `<= ${TARGET_UPLOAD_LARGE_RATIO}x`,
      status: status(bigMs / bigCopyMs <= TARGET_UPLOAD_LARGE_RATIO),
    });
    rows.push({
      benchmark: `Upload ${config.uploadMb} MB PDF, API RSS growth`,
      value: `${mb(worstGrowth)} MiB`,
      detail: `largest of ${big.length} (${big.map((u) => mb(u.rssGrowthBytes)).join(' / ')} MiB: peak - before, every 20 ms, ${big.map((u) => u.samples).join('/')} samples); RSS before ${big.map((u) => mb(u.rssBeforeBytes)).join(' / ')} MiB; 1 MB: ${little.map((u) => mb(u.rssGrowthBytes)).join(' / ')} MiB; the PDF reader's processes peak ${mb(Math.max(...big.map((u) => u.extractorPeakBytes)))} MiB`,
      target: `< ${TARGET_UPLOAD_RSS_MB} MiB`,
      status: status(worstGrowth < TARGET_UPLOAD_RSS_MB * MB),
    });
    rows.push({
      benchmark: 'Upload, text searchable after the answer',
      value: `${fmt(median([...little, ...big].map((u) => u.textKeptMs)) / 1000, 2)} s`,
      detail: `median, answer until its text is kept for the searches (document_file_text, queue of 1); 1 MB ${list(little.map((u) => u.textKeptMs))} ms, ${config.uploadMb} MB ${list(big.map((u) => u.textKeptMs))} ms`,
      target: '',
      status: '',
    });
    results.upload = { uploads, copies, load };
  } finally {
    await watch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** 9. The documents list over 100,000 change orders (generated with the product's decider, projected by rebuild). */
async function listBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const schema = 'b_documents_list';
  // People and customers through the API, as a deployment has them.
  let api = await startBenchApi(bench, schema, { runProjections: true });
  const approvers: Array<{ id: string; email: string; name: string }> = [];
  const authors: Array<{ type: 'user'; userId: string; email: string; name: string }> = [];
  const customerIds: string[] = [];
  try {
    for (let i = 0; i < 5; i++) {
      const email = `approver.${i}@example-ifu.de`;
      approvers.push({ id: await addUser(api, email, 'ADMIN'), email, name: benchPrintedName(email, 'ADMIN') });
    }
    for (let i = 0; i < 20; i++) {
      const email = `author.${i}@example-ifu.de`;
      authors.push({ type: 'user', userId: await addUser(api, email, 'USER'), email, name: benchPrintedName(email, 'USER') });
    }
    for (let i = 0; i < 3; i++) customerIds.push(await addCustomer(api, approvers[i]!.id, makePng(prng(100 + i)), `Bench Customer ${i + 1} GmbH`));
  } finally {
    await api.stop();
  }

  const db = openPostgres({ connectionString: bench.schemaUrl(schema), max: config.poolSize });
  const store = await openStore(bench, db, schema);
  const last = await db.query<{ at: Date }>('SELECT max(recorded_at) AS at FROM events');
  const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  log(`generating ${fmt(config.changeOrders)} change orders with the change-order decider`);
  let t0 = performance.now();
  const generated = generateChangeOrderLog({ changeOrders: config.changeOrders, authors, approvers, customerIds, startAt: new Date(last.rows[0]!.at) });
  const genMs = performance.now() - t0;
  t0 = performance.now();
  const written = await writeLog(db, generated.events);
  const writeMs = performance.now() - t0;
  await db.exec('VACUUM ANALYZE events');
  const verification = await store.verifyChain();
  if (!verification.ok || verification.checked !== before + written) throw new Error(`change-order log does not verify: ${JSON.stringify(verification)}`);
  const own = Object.entries(generated.byType).reduce((n, [type, count]) => n + (changeOrdersProjection.handles.has(type) ? count : 0), 0);
  log(`rebuild change-orders over ${fmt(before + written)} events`);
  t0 = performance.now();
  await rebuild(db, store, changeOrdersProjection, 1000);
  const rebuildMs = performance.now() - t0;
  const counted = (
    await db.query<{ all: string; pending: string; children: string }>(
      `SELECT count(*) AS all, count(*) FILTER (WHERE status = 'REQUIRE_APPROVAL') AS pending, sum(jsonb_array_length(children)) AS children FROM change_orders`,
    )
  ).rows[0]!;
  if (Number(counted.all) !== config.changeOrders || Number(counted.pending) !== generated.pending || Number(counted.children) !== generated.children) {
    throw new Error(`change_orders after the rebuild: ${JSON.stringify(counted)}, expected ${config.changeOrders} / ${generated.pending} pending / ${generated.children} children`);
  }
  // The API's other read models catch up before it serves, so that no replay runs during the timed requests.
  for (const projection of [userAccountsProjection, customerListProjection]) await rebuild(db, store, projection, 5000);
  await db.exec('VACUUM ANALYZE change_orders');
  await store.close();
  await db.close();
  rows.push({
    benchmark: `Change-order log: ${fmt(config.changeOrders)} COs (decider + bulk INSERT)`,
    value: `${fmt((written / writeMs) * 1000)} events/s`,
    detail: `${fmt(written)} events (${fmt(generated.children)} children; ${fmt(generated.approved)} approved, ${fmt(generated.rejected)} rejected, ${fmt(generated.pending)} pending) decided in ${fmt(genMs / 1000, 1)} s, written in ${fmt(writeMs / 1000, 1)} s; chain verified`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: 'Rebuild change-orders, batch 1000',
    value: `${fmt(((before + written) / rebuildMs) * 1000)} events/s`,
    detail: `${fmt(before + written)} events (${fmt(own)} its own) in ${fmt(rebuildMs / 1000, 1)} s, one run; ${fmt((config.changeOrders / rebuildMs) * 1000)} change orders/s; rows counted`,
    target: '',
    status: '',
  });
  profiles.notes.push(`Change-order log: ${Object.entries(generated.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`);

  api = await startBenchApi(bench, schema, { runProjections: true, existingSchema: true });
  const middle = Math.floor(config.changeOrders / 10 / 2);
  const queries: Array<{ name: string; path: string; total: number }> = [
    { name: 'all, first page', path: '/document/getDocumentList?tab=all&page=0&pageSize=10', total: config.changeOrders },
    { name: `all, page ${fmt(middle)}`, path: `/document/getDocumentList?tab=all&page=${middle}&pageSize=10`, total: config.changeOrders },
    { name: `all, page ${fmt(middle)}, by documentId`, path: `/document/getDocumentList?tab=all&page=${middle}&pageSize=10&sortField=documentId&sortOrder=asc`, total: config.changeOrders },
    { name: 'pending, first page', path: '/document/getDocumentList?tab=pending&page=0&pageSize=10', total: generated.pending },
    { name: `pending, page ${fmt(Math.floor(generated.pending / 20))}`, path: `/document/getDocumentList?tab=pending&page=${Math.floor(generated.pending / 20)}&pageSize=10`, total: generated.pending },
  ];
  const all = [{ name: 'GET /user/me (baseline)', path: '/user/me', total: -1 }, ...queries];
  const latencies = new Map<string, number[]>(all.map((q) => [q.name, []]));
  let bytes = new Map<string, number>();
  try {
    const perRound = Math.ceil(config.listRequests / 3);
    for (let round = 0; round < 3; round++) {
      log(`documents list, round ${round + 1} of 3: ${perRound} sequential requests per query after 10 untimed`);
      const order = round % 2 === 0 ? all : [...all].reverse();
      for (const q of order) {
        const check = (body: unknown) => {
          if (q.total < 0) return;
          const data = (body as { data: { list: unknown[]; total: number } }).data;
          if (data.total !== q.total || data.list.length !== 10) throw new Error(`${q.name}: total ${data.total}, ${data.list.length} rows; expected ${q.total}, 10`);
        };
        const run: LatencyRun = await timeGets(api, q.name, q.path, perRound, 10, check);
        latencies.get(q.name)!.push(...run.latenciesMs);
        bytes = bytes.set(q.name, run.bytes);
      }
    }
  } finally {
    await api.stop();
  }
  const summary = all.map((q) => {
    const l = latencies.get(q.name)!;
    return { name: q.name, path: q.path, requests: l.length, p50Ms: percentile(l, 50), p99Ms: percentile(l, 99), maxMs: Math.max(...l), bytes: bytes.get(q.name) ?? 0 };
  });
  const baseline = summary[0]!;
  rows.push({
    benchmark: baseline.name,
    value: `${fmt(baseline.p99Ms, 2)} ms p99`,
    detail: `${fmt(baseline.requests)} sequential requests, 1 keep-alive client; p50 ${fmt(baseline.p50Ms, 2)} ms, max ${fmt(baseline.maxMs, 1)} ms`,
    target: '',
    status: '',
  });
  for (const s of summary.slice(1)) {
    rows.push({
      benchmark: `  getDocumentList ${s.name}`,
      value: `${fmt(s.p99Ms, 2)} ms p99`,
      detail: `${fmt(s.p99Ms / baseline.p99Ms, 1)}x the baseline p99; p50 ${fmt(s.p50Ms, 2)} ms (${fmt(s.p50Ms / baseline.p50Ms, 1)}x), max ${fmt(s.maxMs, 1)} ms; ${fmt(s.bytes)} bytes`,
      target: `< ${TARGET_LIST_P99_MS} ms`,
      status: status(s.p99Ms < TARGET_LIST_P99_MS),
    });
  }
  const missed = summary.slice(1).filter((s) => s.p99Ms >= TARGET_LIST_P99_MS);
  if (missed.length > 0) {
    log(`explaining the list statements of ${missed.length} missed queries`);
    const explainDb = openPostgres({ connectionString: bench.schemaUrl(schema), max: 1 });
    try {
      for (const s of missed) {
        const query = DocumentListQuery.parse(Object.fromEntries(new URL(s.path, 'http://x').searchParams));
        const lines = await explainStatements(explainDb, (recorder) => listChangeOrders(recorder, query));
        profiles.notes.push('', `Where getDocumentList ${s.name} goes (listChangeOrders' statements under EXPLAIN ANALYZE):`, ...lines);
      }
    } finally {
      await explainDb.close();
    }
  }
  results.list = { changeOrders: config.changeOrders, generated: { ...generated, events: undefined }, events: before + written, genMs, writeMs, rebuildMs, summary };
}

/** Customers of the search corpus (registered through the API, each with a logo). */
const SEARCH_CUSTOMERS = [
  'Medline Nord GmbH',
  'Helvetia Medical AG',
  'Iberia Salud S.A.',
  'Nordic Care AB',
  'Lusitana Saude Lda',
  'Rhein Klinikbedarf GmbH',
  'Lombardia Dispositivi S.p.A.',
  'Benelux Medical B.V.',
  'Albion Healthcare Ltd',
  'Gaule Medical SAS',
];

/** The search corpus, set up once per section that needs it (`search`, `public`): see buildSearchCorpus. */
interface SearchCorpus {
  schema: string;
  db: Database;
  admin: { email: string; password: string };
  approvers: Array<{ id: string; email: string; name: string }>;
  authors: Array<{ type: 'user'; userId: string; email: string; name: string }>;
  customers: Array<{ id: string; name: string }>;
  today: string;
  searchLog: Awaited<ReturnType<typeof writeSearchLog>>;
  verifyMs: number;
  texts: Awaited<ReturnType<typeof writeSearchTexts>>;
  textVectors: Awaited<ReturnType<typeof writeTextVectors>>;
  /** Events in the log after the corpus (before the public section's approvals). */
  events: number;
  own: number;
  rebuildMs: number;
  progress: ReturnType<typeof watchProgress>;
  vector: Awaited<ReturnType<typeof vectorCost>>;
  instrumented: InstrumentedDatabase;
  counted: Record<string, string>;
  expected: ReturnType<SearchCorpus['searchLog']['index']['expected']>;
  differences: string[];
  sizes: Array<{ name: string; bytes: number }>;
}

/**
 * The internal search's corpus over `--search-children` child documents, on a fresh schema: people and customers
 * through the API, the log from the product's decider, the PDFs' text and their vectors, the document-search rebuild
 * (timed), the other read models (untimed) and VACUUM ANALYZE. `label` prefixes the log lines.
 */
async function buildSearchCorpus(bench: BenchDatabase, schema: string, label: string): Promise<SearchCorpus> {
  const say = (message: string) => log(`${label}: ${message}`);
  const db = await bench.openSchema(schema, config.poolSize);
  const admin = { email: 'bench.search@example-ifu.de', password: 'bench horse battery staple' };
  // People and customers through the API (in its own process, as it serves the searches later).
  const api = await startApiProcess(bench.schemaUrl(schema), admin);
  const approvers: Array<{ id: string; email: string; name: string }> = [];
  const authors: Array<{ type: 'user'; userId: string; email: string; name: string }> = [];
  const customers: Array<{ id: string; name: string }> = [];
  try {
    for (let i = 0; i < 5; i++) {
      const email = `approver.${i}@example-ifu.de`;
      approvers.push({ id: await addUser(api, email, 'ADMIN'), email, name: benchPrintedName(email, 'ADMIN') });
    }
    for (let i = 0; i < 20; i++) {
      const email = `author.${i}@example-ifu.de`;
      authors.push({ type: 'user', userId: await addUser(api, email, 'USER'), email, name: benchPrintedName(email, 'USER') });
    }
    for (const [i, name] of SEARCH_CUSTOMERS.entries()) customers.push({ id: await addCustomer(api, approvers[i % approvers.length]!.id, makePng(prng(300 + i)), name), name });
  } finally {
    await api.stop();
  }

  const store = await openStore(bench, db, schema);
  const last = await db.query<{ at: Date }>('SELECT max(recorded_at) AS at FROM events');
  const before = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
  const today = new Date().toISOString().slice(0, 10);
  say(`change orders with the change-order decider until there are ${fmt(config.searchChildren)} children, written straight into the log`);
  const searchLog = await writeSearchLog(db, {
    children: config.searchChildren,
    authors,
    approvers,
    customerIds: customers.map((c) => c.id),
    startAt: new Date(last.rows[0]!.at),
    today,
  });
  const { tally, written } = searchLog;
  say(`${fmt(written)} events written in ${fmt(searchLog.ms / 1000, 1)} s; VACUUM ANALYZE events, then verifying the chain`);
  await db.exec('VACUUM ANALYZE events');
  let t0 = performance.now();
  const verification = await store.verifyChain();
  const verifyMs = performance.now() - t0;
  if (!verification.ok || verification.checked !== before + written) throw new Error(`search log does not verify: ${JSON.stringify(verification)}`);

  say(`the PDFs' text, ${fmt(searchLog.index.count)} document_file_text rows`);
  const texts = await writeSearchTexts(db, searchLog.index, new Date().toISOString());
  await db.exec('VACUUM ANALYZE document_file_text');
  say(`the texts' vectors as the product keeps them when a change order takes a file (indexDocumentTexts)`);
  const textVectors = await writeTextVectors(db, searchLog.index);
  await db.exec('VACUUM ANALYZE document_text_vectors');
  const own = Object.entries(tally.byType).reduce((n, [type, count]) => n + (documentSearchProjection.handles.has(type) ? count : 0), 0);
  const events = before + written;
  say(`rebuild document-search over ${fmt(events)} events, batch ${config.searchBatch}`);
  // Through the round-trip counter (a few statements a batch: no measurable cost), so that a miss needs no second rebuild.
  const instrumented = new InstrumentedDatabase(db);
  const progress = watchProgress(db, documentSearchProjection.name, events, (line) => say(line));
  t0 = performance.now();
  try {
    await rebuild(instrumented, store, documentSearchProjection, config.searchBatch, { afterBatch: progress.tell });
  } finally {
    progress.stop();
  }
  const rebuildMs = performance.now() - t0;
  const vector = await vectorCost(db);
  const expected = searchLog.index.expected();
  const counted = (
    await db.query<Record<string, string>>(
      `SELECT count(*) AS children, count(*) FILTER (WHERE status = 'APPROVED') AS approved, count(*) FILTER (WHERE status = 'REJECTED') AS rejected,
              count(*) FILTER (WHERE status = 'REQUIRE_APPROVAL') AS pending, count(*) FILTER (WHERE superseded_by IS NOT NULL) AS superseded,
              count(*) FILTER (WHERE obsolete_date <= $1::date) AS archived
         FROM document_search`,
      [today],
    )
  ).rows[0]!;
  const differences = (['children', 'approved', 'rejected', 'pending', 'superseded', 'archived'] as const).filter((k) => Number(counted[k]) !== expected[k]);
  // The API's other read models catch up before it serves, so that no replay runs during the timed requests.
  say('the other read models (untimed), VACUUM ANALYZE');
  for (const projection of allProjections.filter((p) => p !== documentSearchProjection)) await rebuild(db, store, projection, 5000);
  await db.exec('VACUUM ANALYZE document_search');
  await db.exec('VACUUM ANALYZE document_search_parents');
  await store.close();
  const sizes = (
    await db.query<{ name: string; bytes: string }>(
      `SELECT c.relname AS name, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relname IN ('events', 'document_file_text', 'document_text_vectors', 'document_search', 'document_search_parents')
       UNION ALL
       SELECT i.indexrelname, pg_relation_size(i.indexrelid) FROM pg_stat_user_indexes i WHERE i.schemaname = current_schema() AND i.relname = 'document_search'
       ORDER BY 2 DESC`,
    )
  ).rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) }));
  return {
    schema,
    db,
    admin,
    approvers,
    authors,
    customers,
    today,
    searchLog,
    verifyMs,
    texts,
    textVectors,
    events,
    own,
    rebuildMs,
    progress,
    vector,
    instrumented,
    counted,
    expected,
    differences,
    sizes,
  };
}

/** A table's size from the corpus's sizes, in GiB. */
const sizeIn = (corpus: SearchCorpus, name: string) => `${fmt((corpus.sizes.find((s) => s.name === name)?.bytes ?? 0) / MB / 1024, 2)} GiB`;

/** The corpus's rows (log, texts, vectors, rebuild, rows against the generator), its rebuild profile and notes; its part of the results. */
function searchCorpusRows(corpus: SearchCorpus, rows: Row[], profiles: Profiles) {
  const { searchLog, texts, textVectors, events, own, rebuildMs, vector, counted, expected, differences, verifyMs } = corpus;
  const { tally, written } = searchLog;
  const sizeOf = (name: string) => sizeIn(corpus, name);
  const perSecond = (n: number, ms: number) => fmt((n / ms) * 1000);
  rows.push({
    benchmark: `Search log: ${fmt(searchLog.index.count)} children (decider + bulk INSERT)`,
    value: `${perSecond(written, searchLog.ms)} events/s`,
    detail:
      `${fmt(written)} events, ${fmt(tally.changeOrders)} change orders (${fmt(tally.approved)} approved, ${fmt(tally.rejected)} rejected, ${fmt(tally.pending)} pending; ` +
      `${fmt(tally.revisions)} new versions) in ${fmt(searchLog.ms / 1000, 1)} s, of which making the events ${fmt(searchLog.makeMs / 1000, 1)} s; ` +
      `chain verified in ${fmt(verifyMs / 1000, 1)} s; events ${sizeOf('events')}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Search texts: ${fmt(texts.rows)} document_file_text rows`,
    value: `${perSecond(texts.rows, texts.ms)} rows/s`,
    detail:
      `${fmt(texts.characters / 1e6, 0)} M characters (mean ${fmt(texts.characters / Math.max(1, texts.rows - texts.failures))}), ${fmt(texts.failures)} without text, ` +
      `in ${fmt(texts.ms / 1000, 1)} s, of which making the texts ${fmt(texts.makeMs / 1000, 1)} s; table ${sizeOf('document_file_text')} (TOAST)`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Search text vectors: ${fmt(textVectors.files)} files (indexDocumentTexts)`,
    value: `${perSecond(textVectors.files, textVectors.ms)} files/s`,
    detail:
      `${fmt(textVectors.vectors)} vectors (file x language configuration) in ${fmt(textVectors.ms / 1000, 1)} s on ${textVectors.concurrency} connections: ` +
      `the product's cost at upload, once per file; table ${sizeOf('document_text_vectors')}`,
    target: '',
    status: '',
  });
  const rebuildMet = rebuildMs <= TARGET_SEARCH_REBUILD_S * 1000;
  rows.push({
    benchmark: `Rebuild document-search, batch ${config.searchBatch}`,
    value: `${fmt(rebuildMs / 1000, 1)} s`,
    detail:
      `${perSecond(events, rebuildMs)} events/s (${fmt(events)} events, ${fmt(own)} its own), ${perSecond(searchLog.index.count, rebuildMs)} children/s; ` +
      `document_search ${sizeOf('document_search')}, of it index document_search_search ${sizeOf('document_search_search')}, numbers ${sizeOf('document_search_numbers')}`,
    target: `<= ${fmt(TARGET_SEARCH_REBUILD_S)} s`,
    status: status(rebuildMet),
  });
  profiles.statements.push({
    name: 'rebuild document-search',
    title:
      `Where the rebuild of document-search goes (batch ${config.searchBatch}, ${fmt(events)} events, ${fmt(rebuildMs, 0)} ms; per child document). ` +
      `The vector alone (document_search_head || document_search_file over a sample of ${fmt(vector.rows)} rows: ${fmt(vector.meanCharacters)} characters, ` +
      `${fmt(vector.meanConfigs, 2)} configurations, ${fmt(vector.meanLexemes)} lexemes a row) costs ${fmt(vector.perRowMs, 2)} ms a row, ` +
      `${fmt((vector.perRowMs * searchLog.index.count) / 1000, 0)} s for all ${fmt(searchLog.index.count)}; the rebuild's deferred indexes are the CREATE INDEX rows:`,
    unit: 'per child',
    totalMs: rebuildMs,
    statements: statementsTable(corpus.instrumented, searchLog.index.count),
  });
  rows.push({
    benchmark: '  document-search rows against the generator',
    value: differences.length === 0 ? 'right' : `${differences.length} wrong`,
    detail: `${fmt(Number(counted.children))} rows: ${fmt(Number(counted.approved))} approved, ${fmt(Number(counted.pending))} pending, ${fmt(Number(counted.rejected))} rejected; ${fmt(Number(counted.superseded))} superseded, ${fmt(Number(counted.archived))} archived (${fmt(expected.current)} current)${differences.length ? `; expected ${differences.map((k) => `${k} ${fmt(expected[k as keyof typeof expected])}`).join(', ')}` : ''}`,
    target: '',
    status: differences.length === 0 ? '' : 'WRONG',
  });
  profiles.notes.push(
    `Search log: ${Object.entries(tally.byType).map(([t, n]) => `${t} ${fmt(n)}`).join(', ')}`,
    `Search sizes: ${corpus.sizes.map((s) => `${s.name} ${fmt(s.bytes / MB, 0)} MiB`).join(', ')}`,
  );
  return {
    children: searchLog.index.count,
    events,
    log: { written, ms: searchLog.ms, makeMs: searchLog.makeMs, verifyMs, tally },
    textVectors,
    texts: { rows: texts.rows, characters: texts.characters, failures: texts.failures, ms: texts.ms, makeMs: texts.makeMs, planted: Object.fromEntries(Object.entries(texts.planted).map(([w, at]) => [w, at.length])) },
    rebuild: { ms: rebuildMs, batch: config.searchBatch, eventsPerSecond: (events / rebuildMs) * 1000, ownEvents: own, progress: corpus.progress.samples, vector },
    rowsCounted: counted,
    rowsExpected: expected,
    sizes: corpus.sizes,
  };
}

/**
 * 10. The internal search over `--search-children` child documents: the log from the product's decider, the PDFs'
 * text, the document-search rebuild (timed), then POST /document/searchDocuments/ for each query shape against the
 * bare app's primary-key read, one client (p50, p99) and `--search-clients` clients (requests/s), interleaved.
 */
async function searchBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const corpus = await buildSearchCorpus(bench, 'b_search', 'search');
  const { schema, admin, searchLog, texts, customers, today } = corpus;

  const shapes = searchShapes(searchLog, texts, customers[2]!);
  const api = await startApiProcess(bench.schemaUrl(schema), admin);
  const bare = await startBareApp(bench.schemaUrl(schema), tmpdir());
  const measured: ShapeResult[] = [];
  try {
    for (const shape of shapes) {
      log(`search: ${shape.name} (${shape.about}): ${config.readRounds} rounds each side, 1 client then ${config.searchClients}`);
      measured.push(await measureShape(api, bare, shape, { requests: config.searchRequests, clients: config.searchClients, rounds: config.readRounds }));
    }
  } finally {
    await bare.close();
    await api.stop();
  }
  log('search: EXPLAIN (ANALYZE, BUFFERS) of each shape');
  const explained: Record<string, Awaited<ReturnType<typeof explainShape>>> = {};
  const explainDb = openPostgres({ connectionString: bench.schemaUrl(schema), max: 1 });
  try {
    for (const shape of shapes) explained[shape.name] = await explainShape(explainDb, shape.body, today);
  } finally {
    await explainDb.close();
  }

  const corpusResults = searchCorpusRows(corpus, rows, profiles);
  const baselineP50 = median(measured.map((m) => m.baselineP50Ms));
  const baselineP99 = median(measured.map((m) => m.baselineP99Ms));
  const baselineRps = median(measured.map((m) => m.loaded.baselineRps));
  rows.push({
    benchmark: 'GET /user/me, bare Express + pg (baseline)',
    value: `${fmt(baselineP99, 2)} ms p99`,
    detail: `1 client: p50 ${fmt(baselineP50, 2)} ms (medians over the shapes' interleaved rounds); ${config.searchClients} clients: ${fmt(baselineRps)} req/s`,
    target: '',
    status: '',
  });
  for (const m of measured) {
    const frequent = isFrequentShape(m.name);
    const p99Target = frequent ? TARGET_SEARCH_FREQUENT_P99_MS : TARGET_SEARCH_P99_MS;
    const met = m.p99Ms <= p99Target && (frequent || m.p50Ms <= TARGET_SEARCH_P50_MS);
    rows.push({
      benchmark: `  search ${m.name}`,
      value: `${fmt(m.p50Ms, 2)} / ${fmt(m.p99Ms, 2)} ms p50/p99`,
      detail:
        `1 client: p50 ${fmt(m.p50Ms, 2)} ms (baseline p99 ${fmt(m.baselineP99Ms, 2)}, p50 ${fmt(m.baselineP50Ms, 2)}); ${m.hits} hits, ${fmt(m.answerBytes)} bytes; ` +
        `${m.about}; ${fmt(m.requestsPerRound)} requests x ${config.readRounds} rounds${m.wrong ? `; WRONG ANSWER: ${m.wrong}` : ''}`,
      target: frequent ? `p99 <= ${p99Target} ms` : `p50 <= ${TARGET_SEARCH_P50_MS}, p99 <= ${p99Target} ms`,
      status: m.wrong ? 'WRONG' : status(met),
    });
    rows.push({
      benchmark: `    req/s over bare, ${config.searchClients} clients`,
      value: `${fmt(m.loaded.ratio, 2)}x`,
      detail: `${fmt(m.loaded.productRps)} req/s against ${fmt(m.loaded.baselineRps)}; rounds ${m.loaded.roundRatios.map((r) => fmt(r, 2)).join(' / ')}; under load p50 ${fmt(m.loadedP50Ms, 1)} ms, p99 ${fmt(m.loadedP99Ms, 1)} ms`,
      target: `>= ${fmt(TARGET_SEARCH_RATIO, 2)}x`,
      status: status(m.loaded.ratio >= TARGET_SEARCH_RATIO),
    });
  }
  for (const m of measured) {
    const statements = explained[m.name]!.statements;
    const main = statements.reduce((a, b) => (b.executionMs > a.executionMs ? b : a), statements[0]!);
    profiles.notes.push(
      '',
      `searchDocuments, ${m.name}: ${JSON.stringify(m.body)}. Called directly (SQL + rows, no HTTP): p50 ${fmt(explained[m.name]!.directMs, 2)} ms ` +
        `(${fmt(explained[m.name]!.directBytes / 1024, 0)} KiB of hits; HTTP p50 ${fmt(m.p50Ms, 2)} ms). Under EXPLAIN (ANALYZE, BUFFERS), ${fmt(main.executionMs, 1)} ms; most time of their own: ` +
        `${ownTimes(main.plan).map((o) => `${o.node} ${fmt(o.ms, 1)} ms`).join(', ')}`,
      ...explained[m.name]!.lines,
    );
  }
  results.search = {
    ...corpusResults,
    shapes: measured.map((m) => ({ ...m, sequential: withoutSamples(m.sequential), loaded: withoutSamples(m.loaded), explain: explained[m.name] })),
  };
}

/**
 * 11. The public portal's search over the same corpus: the customers approved by their approvers (the customer
 * decider into the log), visitors' searches through sealed links, `--public-clients` (50) visitors against the bare
 * app's primary-key read, interleaved; p50/p99 under load and with one visitor, requests/s over the baseline.
 */
async function publicBenchmarks(bench: BenchDatabase, rows: Row[], results: Record<string, unknown>, profiles: Profiles) {
  const corpus = await buildSearchCorpus(bench, 'b_public', 'public');
  const { schema, db, admin, customers, approvers, today, searchLog, texts } = corpus;

  log(`public: the ${customers.length} customers approved by their approvers (customer decider, DecideApproval), written into the log`);
  const store = await openStore(bench, db, schema);
  let approvals;
  let verification;
  let approved;
  try {
    approvals = await approveCustomers(db, store, customers, approvers);
    for (const projection of allProjections) await catchUp(db, store, projection, 5000);
    verification = await store.verifyChain();
    if (!verification.ok || verification.checked !== corpus.events + approvals.written) throw new Error(`public: the log does not verify after the approvals: ${JSON.stringify(verification)}`);
    approved = Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM customer_list WHERE status = 'APPROVED' AND id = ANY($1::text[])`, [customers.map((c) => c.id)])).rows[0]!.n,
    );
    if (approved !== customers.length) throw new Error(`public: customer_list shows ${approved} of ${customers.length} customers approved`);
  } finally {
    await store.close();
  }

  const linkSecret = randomBytes(36).toString('base64url');
  const searches = await publicVisitors(db, customers.slice(0, config.publicCustomers), { linkSecret, today, texts, children: searchLog.index.count });
  const scopes = new Set(searches.map((s) => s.scope)).size;
  log(`public: ${scopes} visitors (${config.publicCustomers} customers x their public families), ${searches.length} searches; each checked once, then ${config.publicClients} visitors`);
  const api = await startApiProcess(bench.schemaUrl(schema), admin, { linkSecret });
  const bare = await startBareApp(bench.schemaUrl(schema), tmpdir());
  let measured;
  try {
    await checkSearches(api, searches);
    for (const s of searches) log(`public:   ${s.kind.padEnd(18)} ${s.scope.customerName} / ${s.scope.productFamilyName} (${s.scope.country}, ${s.scope.language}) ${JSON.stringify(s.body.keyword || s.body.documentNumber || '')}: ${s.hits} hits${s.wrong ? `, WRONG: ${s.wrong}` : ''}`);
    measured = await measurePublicSearch(api, bare, searches, {
      clients: config.publicClients,
      rounds: config.readRounds,
      roundMs: config.publicSeconds * 1000,
      singleRoundMs: 10_000,
      report: (line) => log(`public: ${line}`),
    });
  } finally {
    await bare.close();
    await api.stop();
  }

  log('public: the route\'s reads called directly and under EXPLAIN (ANALYZE, BUFFERS), for the first visitor\'s searches');
  const explainDb = openPostgres({ connectionString: bench.schemaUrl(schema), max: 1 });
  let explained;
  try {
    explained = await explainPublicSearches(explainDb, searches.slice(0, 5), today);
  } finally {
    await explainDb.close();
  }

  const corpusResults = searchCorpusRows(corpus, rows, profiles);
  const first = searches[0]!.scope;
  profiles.notes.push(
    '',
    `Public search, where a request's time goes (${first.customerName} / ${first.productFamilyName}, ${first.country}, ${first.language}; medians of 30 direct calls, SQL and rows, no HTTP): ` +
      'every search checks the link (findVisitorScope, one statement: the approved customer by name and the family the link names, its change order\'s family key, then the family\'s newest public child) and then searches.',
    ...explained.flatMap((e) => [
      `  ${e.kind} ${JSON.stringify(searches.find((s) => s.kind === e.kind)!.body.keyword || searches.find((s) => s.kind === e.kind)!.body.documentNumber || '')}: scope ${fmt(e.scopeMs, 2)} ms, search ${fmt(e.searchMs, 2)} ms (the customer page's family list ${fmt(e.pageFamiliesMs, 2)} ms)`,
      ...e.lines,
    ]),
  );
  const wrong = searches.filter((s) => s.wrong);
  const byKind = (kind: string) => searches.filter((s) => s.kind === kind).map((s) => s.hits ?? 0);
  const kinds = ['rare word', 'common word', 'very frequent word', 'document number', 'browse'];
  rows.push({
    benchmark: `Customers approved: ${fmt(approvals.customers)} (customer decider + writeLog)`,
    value: `${fmt(approvals.written)} events`,
    detail: `CustomerApproved signed by each customer's approver (not its registrar), bound to the stream version; chain verified (${fmt(verification.checked)} events); customer_list: ${approved} APPROVED`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `Public searches: ${scopes} visitors, ${searches.length} searches`,
    value: wrong.length === 0 ? 'all 200, sane' : `${wrong.length} wrong`,
    detail:
      `hits per search (min/median/max): ${kinds.map((k) => `${k} ${Math.min(...byKind(k))}/${median(byKind(k))}/${Math.max(...byKind(k))}`).join(', ')}` +
      (wrong.length ? `; first wrong: ${wrong[0]!.kind}, ${wrong[0]!.wrong}` : ''),
    target: '',
    status: wrong.length === 0 ? '' : 'WRONG',
  });
  const m = measured;
  rows.push({
    benchmark: `GET /user/me, bare Express + pg (baseline), ${m.clients} clients`,
    value: `${fmt(m.loaded.baselineRps)} req/s`,
    detail: `${m.clients} clients: p50 ${fmt(m.baselineP50Ms, 2)} ms, p99 ${fmt(m.baselineP99Ms, 2)} ms; 1 client: p50 ${fmt(m.baselineSingleP50Ms, 2)} ms, p99 ${fmt(m.baselineSingleP99Ms, 2)} ms`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: `  public search, ${m.clients} visitors`,
    value: `${fmt(m.p99Ms, 2)} ms p99`,
    detail: `p50 ${fmt(m.p50Ms, 2)} ms (pooled over ${config.readRounds} rounds of ${fmt(m.requestsPerRound)} requests, about ${config.publicSeconds} s each); ${fmt(m.loaded.productRps)} req/s; load average ${fmt(m.loadAverage.before, 2)} -> ${fmt(m.loadAverage.after, 2)}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '  public search, 1 visitor',
    value: `${fmt(m.singleP99Ms, 2)} ms p99`,
    detail: `p50 ${fmt(m.singleP50Ms, 2)} ms (${config.readRounds} rounds of ${fmt(m.sequential.requestsPerRound)} requests); ${fmt(m.sequential.productRps)} req/s against ${fmt(m.sequential.baselineRps)}`,
    target: `<= ${TARGET_PUBLIC_P99_MS} ms`,
    status: status(m.singleP99Ms <= TARGET_PUBLIC_P99_MS),
  });
  rows.push({
    benchmark: `    req/s over bare, ${m.clients} visitors`,
    value: `${fmt(m.loaded.ratio, 2)}x`,
    detail: `${fmt(m.loaded.productRps)} req/s against ${fmt(m.loaded.baselineRps)}; rounds ${m.loaded.roundRatios.map((r) => fmt(r, 2)).join(' / ')}`,
    target: '',
    status: '',
  });
  rows.push({
    benchmark: '    errors (any answer other than 200)',
    value: fmt(m.errors),
    detail: `of ${fmt(m.loaded.product.reduce((n, r) => n + r.requests, 0) + m.sequential.product.reduce((n, r) => n + r.requests, 0))} timed public searches (the load generator fails the run on one)`,
    target: '0',
    status: status(m.errors === 0),
  });
  results.public = {
    ...corpusResults,
    approvals: { ...approvals, chainChecked: verification.checked, approvedInCustomerList: approved },
    searches: searches.map((s) => ({ kind: s.kind, customer: s.scope.customerName, family: s.scope.productFamilyName, country: s.scope.country, language: s.scope.language, publicChildren: s.scope.publicChildren, keyword: s.body.keyword, documentNumber: s.body.documentNumber, hits: s.hits, wrong: s.wrong })),
    measured: { ...m, loaded: withoutSamples(m.loaded), sequential: withoutSamples(m.sequential) },
    explained,
  };
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

function printReport(
  machine: {
    cpus: number;
    cpuModel: string;
    node: string;
    postgres: string;
    postgresSettings: Record<string, string>;
    code: { commit: string; measuredPathsDirty: boolean };
    loadAverage: { start: number; end: number };
  },
  rows: Row[],
  profiles: Profiles,
): void {
  const s = machine.postgresSettings;
  console.log('');
  console.log(`Machine: ${machine.cpus} CPUs (${machine.cpuModel}), Node ${machine.node}, PostgreSQL ${machine.postgres}`);
  console.log(`Code measured: commit ${machine.code.commit}${machine.code.measuredPathsDirty ? ' + uncommitted changes in the measured packages' : ''}`);
  console.log(
    `Load average (1 min): ${machine.loadAverage.start} at start, ${machine.loadAverage.end} at end` +
      (Math.max(machine.loadAverage.start, machine.loadAverage.end) > machine.cpus * 0.5 ? '  <- machine busy: figures are pessimistic' : ''),
  );
  console.log(
    `PostgreSQL: shared_buffers ${s.shared_buffers}, synchronous_commit ${s.synchronous_commit}, fsync ${s.fsync}, wal_sync_method ${s.wal_sync_method}`,
  );
  for (const note of profiles.notes) console.log(note);
  console.log('');
  console.log(table(['Benchmark', 'Result', 'Detail', 'Target', ''], rows.map((r) => [r.benchmark, r.value, r.detail, r.target, r.status])));

  for (const p of profiles.statements) {
    const sum = (f: (st: StatementProfile['statements'][number]) => number) => p.statements.reduce((a, st) => a + f(st), 0);
    console.log('');
    console.log(p.title);
    console.log(
      table(
        ['Statement', p.unit, 'rows', 'total ms', 'mean ms'],
        [
          ...p.statements.map((st) => [st.statement, fmt(st.roundTripsPerUnit, 3), fmt(st.rowsPerUnit, 1), fmt(st.totalMs, 1), fmt(st.meanMs, 3)]),
          ['total round trips', fmt(sum((st) => st.roundTripsPerUnit), 3), '', fmt(sum((st) => st.totalMs), 1), ''],
        ],
      ),
    );
  }
  for (const { title, summary } of profiles.cpu) {
    console.log('');
    console.log(`${title}: ${fmt(summary.busyMs, 0)} ms busy of ${fmt(summary.totalMs, 0)} ms sampled, ${fmt(summary.busyMs / summary.units, 3)} ms CPU per request`);
    const shares = (list: CpuSummary['byOwner']) => list.map((s) => [s.name, fmt(s.perUnitMs, 3), `${fmt(s.share * 100, 1)} %`]);
    console.log(table(['Code responsible (first package or project file up the stack)', 'ms/request', 'of busy'], shares(summary.byOwner)));
    console.log(table(['Running function (self time)', 'ms/request', 'of busy'], shares(summary.bySelf)));
  }
  console.log('');
}

main().catch((error: unknown) => {
  console.error('[bench] failed:', error);
  process.exitCode = 1;
});
