/**
 * Issue 3's audit benchmark: the audit CSV for 1,000,000 events must stream in at most 30 s with RSS growth under
 * 64 MB. Generates the events straight into a fresh PostgreSQL log (with a correct hash chain), then streams the
 * report through `writeAuditCsv` (the code behind GET /user/create/report) into a sink that applies backpressure
 * like a socket, sampling this process's RSS every 20 ms.
 *
 *   npm run bench:audit            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 *   AUDIT_EVENTS=200000 npm run bench:audit
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '@ifu/storage/database/database';
import { eventHash, GENESIS_HASH } from '@ifu/storage/event-store/hash-chain';
import { BENCH_AUDIT_KEY } from './lib/audit-key';
import { PostgresEventStore } from '@ifu/storage/event-store/postgres-event-store';
import { writeAuditCsv } from '../services/src/audit/report';
import { createBenchDatabase } from './lib/database';
import { auditDictionary } from '@ifu/services/features';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TOTAL = Number(process.env.AUDIT_EVENTS ?? 1_000_000);
const USERS = 2000;
const BATCH = 2000;
const START = Date.UTC(2026, 0, 1);
const SPAN_MS = 30 * 86_400_000;

async function generate(db: Queryable) {
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
  for (let start = 1; start <= TOTAL; start += BATCH) {
    const columns: unknown[][] = [[], [], [], [], [], [], [], [], []];
    for (let position = start; position < Math.min(start + BATCH, TOTAL + 1); position++) {
      const user = users[position % USERS]!;
      const streamId = `user-${user.id}`;
      const streamVersion = (versions.get(streamId) ?? 0) + 1;
      versions.set(streamId, streamVersion);
      const type = types[position % types.length]!;
      const recordedAt = new Date(START + Math.floor((position / TOTAL) * SPAN_MS)).toISOString();
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

/** A sink that takes 64 KB chunks at a time and asks the writer to wait, as a slow socket would. */
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

async function main() {
  const bench = await createBenchDatabase(SERVER);
  try {
    const db = await bench.openSchema('audit_bench', 4);
    console.log(`Generating ${TOTAL.toLocaleString('en')} events into ${bench.name}...`);
    let started = performance.now();
    await generate(db);
    console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const store = await PostgresEventStore.open(db, { chainKey: BENCH_AUDIT_KEY });

    (globalThis as { gc?: () => void }).gc?.();
    await sleep(200);
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const sink = new CountingSink();
    started = performance.now();
    const rows = await writeAuditCsv(store, db, auditDictionary(), { from: new Date(START), toExclusive: new Date(START + SPAN_MS + 86_400_000) }, sink);
    await new Promise<void>((resolve) => sink.end(resolve));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const growthMb = (peak - baseline) / 1024 / 1024;
    const result = {
      events: TOTAL,
      rows,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      csvMegabytes: Number((sink.bytes / 1024 / 1024).toFixed(1)),
      rssBaselineMb: Math.round(baseline / 1024 / 1024),
      rssGrowthMb: Number(growthMb.toFixed(1)),
      targets: { seconds: 30, rssGrowthMb: 64 },
      pass: seconds <= 30 && growthMb < 64 && rows === TOTAL,
    };
    console.table(result);
    console.log(JSON.stringify(result));
    if (!result.pass) process.exitCode = 1;
    await store.close();
  } finally {
    await bench.drop();
  }
}

void main();
