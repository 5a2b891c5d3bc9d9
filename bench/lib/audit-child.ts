/**
 * One measurement of bench/benchmarks/audit.ts in a process of its own: `raw` reads the whole log through
 * store.readAll in batches of 1,000 and drops it (the floor); `csv` streams the audit report of the whole range
 * through writeAuditCsv (the code behind GET /user/create/report) into a sink that applies backpressure like a
 * socket. RSS and heap are sampled every 20 ms; the result is one JSON line on stdout.
 */
import { loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPostgres } from '@ifu/storage/database/postgres';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { auditDictionary } from '@ifu/services/features';
import { writeAuditCsv } from '../../services/src/audit/report';
import { AUDIT_SPAN_MS, AUDIT_START, type AuditPhase } from '../benchmarks/audit';

/** Takes 64 KB at a time and answers on the next turn, as a slow socket would. */
class CountingSink extends Writable {
  bytes = 0;
  constructor() {
    super({ highWaterMark: 64 * 1024 });
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void) {
    this.bytes += chunk.length;
    setImmediate(callback);
  }
}

const MB = 1024 * 1024;
const phase = process.argv[2] as AuditPhase['phase'];
const url = process.env.AUDIT_BENCH_DATABASE_URL;
if (!url || (phase !== 'raw' && phase !== 'csv')) throw new Error('usage: AUDIT_BENCH_DATABASE_URL=... audit-child.ts raw|csv');
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const db = openPostgres({ connectionString: url, max: 4 });
const chainKey = process.env.AUDIT_BENCH_KEY;
if (!chainKey) throw new Error('AUDIT_BENCH_KEY: the audit key the bench chained its log with');
const store = await PostgresEventStore.open(db, { chainKey });
const dictionary = auditDictionary();
await store.readAll(0, 1); // the pool's first connection, outside the measurement
gc();
await sleep(200);
const start = process.memoryUsage();
let peakRss = start.rss;
let peakHeap = start.heapUsed;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peakRss = Math.max(peakRss, now.rss);
  peakHeap = Math.max(peakHeap, now.heapUsed);
}, 20);
const started = performance.now();
let rows = 0;
let bytes = 0;
if (phase === 'raw') {
  for (let after = 0; ; ) {
    const events = await store.readAll(after, 1000);
    if (events.length === 0) break;
    rows += events.length;
    after = events[events.length - 1]!.position;
  }
} else {
  const sink = new CountingSink();
  rows = await writeAuditCsv(store, db, dictionary, { from: new Date(AUDIT_START), toExclusive: new Date(AUDIT_START + AUDIT_SPAN_MS + 86_400_000) }, sink);
  await new Promise<void>((resolve) => sink.end(resolve));
  bytes = sink.bytes;
}
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
gc();
const result: AuditPhase = {
  phase,
  rows,
  seconds: Number(seconds.toFixed(2)),
  bytes,
  rssBaselineMb: Math.round(start.rss / MB),
  rssGrowthMb: Number(((peakRss - start.rss) / MB).toFixed(1)),
  heapPeakGrowthMb: Number(((peakHeap - start.heapUsed) / MB).toFixed(1)),
  heapRetainedMb: Number(((process.memoryUsage().heapUsed - start.heapUsed) / MB).toFixed(1)),
  loadAverage: Number(loadavg()[0]!.toFixed(2)),
};
await store.close();
await db.close();
console.log(JSON.stringify(result));
