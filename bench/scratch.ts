import pg from 'pg';
import { openPostgres } from '@ifu/platform/database/postgres';
import { migrate } from '@ifu/platform/database/migrations';
import { allMigrations } from '@ifu/services/platform/all-migrations';
import { generateLog } from './benchmarks/replay';

const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('CREATE DATABASE ifu_bench_scratch01');
try {
  const db = openPostgres({ connectionString: 'postgres://postgres@127.0.0.1:5432/ifu_bench_scratch01' });
  await migrate(db, allMigrations());
  let t = performance.now();
  await generateLog(db, 100000, 10000);
  console.log('generate ms', performance.now() - t);
  await db.exec('VACUUM ANALYZE events');
  for (const cols of ['*', "position, stream_id, stream_version, event_id, type, data, metadata, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"'), hash", 'position, stream_id, stream_version, type, data, recorded_at']) {
    for (const n of [1000, 5000]) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) SELECT ${cols} FROM events WHERE position > 50000 ORDER BY position LIMIT ${n}`);
      console.log(cols.slice(0, 30), n, rows.filter((r) => /Execution|Planning/.test(r['QUERY PLAN'])).map((r) => r['QUERY PLAN']).join(' | '));
    }
  }
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/ifu_bench_scratch01' });
  await c.connect();
  const raw = { getTypeParser: () => (v: string) => v };
  for (const n of [1000, 5000]) {
    t = performance.now();
    let pos = 0;
    for (;;) { const r = await c.query({ text: 'SELECT * FROM events WHERE position > $1 ORDER BY position LIMIT $2', values: [pos, n], types: raw }); if (r.rows.length < n) break; pos += n; }
    console.log('raw text select all', n, (100000 / (performance.now() - t)) * 1000);
    t = performance.now();
    pos = 0;
    for (;;) { const r = await c.query({ text: 'SELECT * FROM events WHERE position > $1 ORDER BY position LIMIT $2', values: [pos, n] }); if (r.rows.length < n) break; pos += n; }
    console.log('parsed select all', n, (100000 / (performance.now() - t)) * 1000);
    t = performance.now();
    pos = 0;
    for (;;) { const r = await c.query({ text: 'SELECT position, stream_id, stream_version, type, data, recorded_at::text FROM events WHERE position > $1 ORDER BY position LIMIT $2', values: [pos, n] }); if (r.rows.length < n) break; pos += n; }
    console.log('no metadata/hash/event_id', n, (100000 / (performance.now() - t)) * 1000);
  }
  await c.end();
  await db.close();
} finally {
  await admin.query('DROP DATABASE ifu_bench_scratch01 WITH (FORCE)');
  await admin.end();
}
