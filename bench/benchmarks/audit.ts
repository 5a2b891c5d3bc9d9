/**
 * The audit CSV of a large log: its time and how much the process that streams it grows,
 * next to a baseline from the same run, the same rows read raw (store.readAll in batches of 1,000, nothing written).
 * The events go straight into a fresh PostgreSQL log with a correct hash chain; each measurement then runs in a
 * fresh Node process of its own (bench/lib/audit-child.ts), as one API process serving one report would, so neither
 * the generator's heap nor the other measurement's is counted in it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '@ifu/storage/database/database';
import { eventHash, GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import { BENCH_AUDIT_KEY } from '../lib/audit-key';
import type { BenchDatabase } from '../lib/database';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, MB } from '../lib/stats';

const REPO_ROOT = new URL('../../', import.meta.url).pathname;
const USERS = 2000;
const BATCH = 2000;
export const AUDIT_SCHEMA = 'b_audit';
export const AUDIT_START = Date.UTC(2026, 0, 1);
export const AUDIT_SPAN_MS = 30 * 86_400_000;

/** `total` sign-in events of 2,000 users over 30 days (the report names each user from user_accounts). */
async function generate(db: Queryable, total: number) {
  const users = Array.from({ length: USERS }, (_, i) => ({ id: randomUUID(), email: `user${i}@example.com`, first: `First${i}`, last: `Last${i}` }));
  for (let i = 0; i < users.length; i += 500) {
    const chunk = users.slice(i, i + 500);
    await db.query(
      `INSERT INTO user_accounts (id, email, first_name, last_name, role, user_active, is_deleted, is_training_completed, created_at, stream_version)
       SELECT id, email, f, l, 'USER', true, false, true, now(), 1 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(id, email, f, l)`,
      [chunk.map((u) => u.id), chunk.map((u) => u.email), chunk.map((u) => u.first), chunk.map((u) => u.last)],
    );
  }
  const versions = new Map<string, number>();
  let previous = GENESIS_HASH;
  const types = ['LoginSucceeded', 'LoginFailed', 'PasswordSet', 'LoggedOut'];
  for (let start = 1; start <= total; start += BATCH) {
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], []];
    for (let position = start; position < Math.min(start + BATCH, total + 1); position++) {
      const user = users[position % USERS]!;
      const streamId = `user-${user.id}`;
      const streamVersion = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, streamVersion);
      const type = types[position % types.length]!;
      const recordedAt = new Date(AUDIT_START + Math.floor((position / total) * AUDIT_SPAN_MS)).toISOString();
      const data =
        type === 'LoginFailed'
          ? { userId: user.id, at: recordedAt, reason: 'wrong-password', consecutiveFailures: 1 }
          : { userId: user.id, at: recordedAt, sessionId: randomUUID() };
      const metadata = {
        actor: { type: 'user', userId: user.id, email: user.email, name: `${user.first} ${user.last}` },
        occurredAt: recordedAt,
        correlationId: randomUUID(),
        ip: '127.0.0.1',
        userAgent: 'bench',
      };
      const event = { position, streamId, streamVersion, eventId: randomUUID(), type, data, metadata, recordedAt };
      previous = eventHash(BENCH_AUDIT_KEY, previous, event as Parameters<typeof eventHash>[2]);
      const values = [position, streamId, streamVersion, event.eventId, type, JSON.stringify(data), JSON.stringify(metadata), recordedAt, previous];
      values.forEach((v, i) => columns[i]!.push(v));
    }
    await db.query(
      `INSERT INTO events (position, stream_id, stream_version, event_id, type, data, metadata, recorded_at, hash)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[], $8::timestamptz[], $9::text[])`,
      columns,
    );
  }
}

/** What one fresh process measured while it read the log (`raw`) or streamed the report (`csv`). */
export interface AuditPhase {
  phase: 'raw' | 'csv';
  rows: number;
  seconds: number;
  bytes: number;
  rssBaselineMb: number;
  rssGrowthMb: number;
  /** The heap's peak over its size at the start, and what stays after a full collection at the end (a leak shows here). */
  heapPeakGrowthMb: number;
  heapRetainedMb: number;
  loadAverage: number;
}

/** Runs bench/lib/audit-child.ts for one phase on the schema's log and reads its one JSON line. */
export function runPhase(databaseUrl: string, phase: AuditPhase['phase']): Promise<AuditPhase> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/lib/audit-child.ts', phase], {
      cwd: REPO_ROOT,
      // The child checks every link with the bench's audit key, as the product's readers do.
      env: { ...process.env, AUDIT_BENCH_DATABASE_URL: databaseUrl, AUDIT_BENCH_KEY: BENCH_AUDIT_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`audit ${phase} process exited with ${code}:\n${err}${out}`));
      else resolve(JSON.parse(line) as AuditPhase);
    });
  });
}

export interface AuditBench {
  events: number;
  generateSeconds: number;
  raw: AuditPhase;
  csv: AuditPhase;
}

/** Generates `events` into schema `b_audit` and measures the raw read, then the report, each in a fresh process. */
export async function benchAuditReport(bench: BenchDatabase, events: number, log: (message: string) => void = console.log): Promise<AuditBench> {
  const schema = AUDIT_SCHEMA;
  const db = await bench.openSchema(schema, 4);
  log(`audit: generating ${events.toLocaleString('en')} events`);
  const started = performance.now();
  await generate(db, events);
  await db.exec('VACUUM ANALYZE events');
  const generateSeconds = (performance.now() - started) / 1000;
  await db.close();
  log('audit: reading the log raw (baseline), then streaming the CSV, each in a fresh process');
  const raw = await runPhase(bench.schemaUrl(schema), 'raw');
  const csv = await runPhase(bench.schemaUrl(schema), 'csv');
  if (raw.rows !== events || csv.rows !== events) throw new Error(`audit: ${events} events, but the raw read saw ${raw.rows} and the CSV has ${csv.rows} rows`);
  return { events, generateSeconds, raw, csv };
}

/** The audit CSV of 1,000,000 events within 30 s, its process growing under 64 MB. */
const TARGET_AUDIT_SECONDS = 30;
const TARGET_AUDIT_RSS_MB = 64;

/** The audit CSV's time and memory, next to the same rows read raw. */
export async function auditBenchmarks({ bench, config, rows, results }: SectionRun) {
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
