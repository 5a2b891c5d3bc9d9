/**
 * The audit CSV of 1,000,000 events: streamed in at most 30 s, its process growing under
 * 64 MB, next to the baseline of the same run (the same rows read raw). See bench/benchmarks/audit.ts.
 *
 *   npm run bench:audit            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   AUDIT_EVENTS=200000 npm run bench:audit
 *   BENCH_KEEP_DATABASE=1 npm run bench:audit, then AUDIT_KEPT_DATABASE=<name> npm run bench:audit: measure again on
 *   the kept log without generating it (drop it when done)
 *
 * `npm run bench` runs the same measurement as its `audit` section.
 */
import { loadavg } from 'node:os';
import { AUDIT_SCHEMA, type AuditBench, benchAuditReport, runPhase } from './benchmarks/audit';
import { createBenchDatabase } from './lib/database';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.AUDIT_EVENTS ?? 1_000_000);
export const AUDIT_TARGETS = { seconds: 30, rssGrowthMb: 64 };

const kept = process.env.AUDIT_KEPT_DATABASE;
const bench = kept ? undefined : await createBenchDatabase(SERVER);
try {
  console.log(`load average at start ${loadavg()[0]!.toFixed(2)}`);
  let result: AuditBench;
  if (bench) {
    result = await benchAuditReport(bench, TOTAL);
  } else {
    const url = new URL(SERVER);
    url.pathname = `/${kept}`;
    url.searchParams.set('options', `-c search_path=${AUDIT_SCHEMA}`);
    result = { events: TOTAL, generateSeconds: 0, raw: await runPhase(url.toString(), 'raw'), csv: await runPhase(url.toString(), 'csv') };
  }
  const { raw, csv } = result;
  console.table({ raw, csv });
  if (raw.rows !== TOTAL || csv.rows !== TOTAL) throw new Error(`${TOTAL} events, but raw read ${raw.rows} and the CSV has ${csv.rows} rows`);
  const pass = csv.seconds <= AUDIT_TARGETS.seconds && csv.rssGrowthMb < AUDIT_TARGETS.rssGrowthMb;
  const summary = {
    events: TOTAL,
    csvMegabytes: Number((csv.bytes / 1024 / 1024).toFixed(1)),
    csvSeconds: csv.seconds,
    rawSeconds: raw.seconds,
    timeRatio: Number((csv.seconds / raw.seconds).toFixed(2)),
    csvRssGrowthMb: csv.rssGrowthMb,
    rawRssGrowthMb: raw.rssGrowthMb,
    targets: AUDIT_TARGETS,
    pass,
  };
  console.log(JSON.stringify(summary));
  if (!pass) process.exitCode = 1;
} finally {
  if (process.env.BENCH_KEEP_DATABASE === '1' && bench) console.log(`kept database ${bench.name}: drop it when done`);
  else await bench?.drop();
}
