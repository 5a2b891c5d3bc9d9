/**
 * What a test file spends on its database before its first test, the way the suite did it before (migrations per
 * file, an initdb per worker) and the way it does now (a snapshot migrated once per run), in the same run:
 * - on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL): a schema migrated per file, against a
 *   database copied from a migrated template (`CREATE DATABASE … TEMPLATE`);
 * - embedded: a worker's PGlite made by initdb against one loaded from the migrated snapshot; a file's schema migrated
 *   in the worker's PGlite against a PGlite of its own loaded from the snapshot (the road not taken, measured so).
 * `--runs N` (default 7), `--tiny` (2 runs: CI checks that it still works; its figures mean nothing).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { migrate } from '@ifu/storage/database/migrations';
import { openPostgres } from '@ifu/storage/database/postgres';
import { wrapPglite } from '@ifu/storage/database/pglite';
import { allMigrations } from '../services/src/features';
import { asSuperuser, databaseUrl } from '../test-support/scratch-database';
import { median, table } from './lib/stats';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '7' }, tiny: { type: 'boolean', default: false } } });
const runs = values.tiny ? 2 : Number(values.runs);
const extensions = { btree_gin, pg_trgm, unaccent };

async function timeMs(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

async function times(n: number, work: (i: number) => Promise<unknown>): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < n; i++) result.push(await timeMs(() => work(i)));
  return result;
}

const admin = (url: string, sql: string) => asSuperuser(url, (client) => client.query(sql));

const rows: string[][] = [];
const row = (setup: string, before: string, beforeMs: number[], after: string, afterMs: number[]) => {
  const b = median(beforeMs);
  const a = median(afterMs);
  rows.push([setup, before, b.toFixed(0), after, a.toFixed(0), `${(a / b).toFixed(2)}x`]);
};

console.log(`test-setup bench: ${runs} runs each, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// Embedded: a worker's PGlite, then a file's database in it.
{
  const initdb = await times(Math.min(runs, 3), async () => (await PGlite.create({ extensions })).close());
  const source = await PGlite.create({ extensions });
  await migrate(wrapPglite(source, 'bench', false), allMigrations());
  const tarball = await source.dumpDataDir('none');
  const fromSnapshot = await times(Math.min(runs, 3), async () => (await PGlite.create({ extensions, loadDataDir: tarball })).close());
  row("a worker's PGlite", 'initdb', initdb, 'loaded from the snapshot', fromSnapshot);
  const perFileSchema = await times(runs, async (i) => {
    await source.exec(`CREATE SCHEMA s${i}; SET search_path TO s${i}`);
    await migrate(wrapPglite(source, 'bench', false), allMigrations());
  });
  const perFileInstance = await times(Math.min(runs, 3), async () => {
    const own = await PGlite.create({ extensions, loadDataDir: tarball });
    await own.query('SELECT 1');
    await own.close();
  });
  // The way kept, against the way not taken.
  row("a file's database, embedded (kept)", 'schema migrated in the worker PGlite', perFileSchema, 'not taken: a PGlite of its own from the snapshot', perFileInstance);
  await source.close();
}

// The server: a schema migrated per file in the run's database, against a database copied from the template.
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const run = `ifu_bench_setup_${randomBytes(3).toString('hex')}`;
  const dbUrl = (name: string) => databaseUrl(serverUrl, name);
  await admin(serverUrl, `CREATE DATABASE ${run}`);
  try {
    const perSchema = await times(runs, async (i) => {
      await admin(dbUrl(run), `CREATE SCHEMA s${i}`);
      const db = openPostgres({ connectionString: dbUrl(run), searchPath: `s${i}`, max: 5 });
      await migrate(db, allMigrations());
      await db.close();
    });
    await admin(serverUrl, `CREATE DATABASE ${run}_tpl`);
    await admin(dbUrl(`${run}_tpl`), 'CREATE SCHEMA app');
    const template = openPostgres({ connectionString: dbUrl(`${run}_tpl`), searchPath: 'app', max: 1 });
    await migrate(template, allMigrations());
    await template.close();
    const fromTemplate = await times(runs, async (i) => {
      await admin(dbUrl(run), `CREATE DATABASE ${run}_f${i} TEMPLATE ${run}_tpl`);
      const db = openPostgres({ connectionString: dbUrl(`${run}_f${i}`), searchPath: 'app', max: 5 });
      await db.query('SELECT 1');
      await db.close();
    });
    row("a file's database (server)", 'schema migrated per file', perSchema, 'CREATE DATABASE … TEMPLATE', fromTemplate);
  } finally {
    for (let i = 0; i < runs; i++) await admin(serverUrl, `DROP DATABASE IF EXISTS ${run}_f${i} WITH (FORCE)`);
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${run}_tpl WITH (FORCE)`);
    await admin(serverUrl, `DROP DATABASE IF EXISTS ${run} WITH (FORCE)`);
  }
} else {
  console.log('(no BENCH_DATABASE_URL or TEST_DATABASE_URL: the server rows are left out)');
}

console.log(table(['setup', 'before', 'ms (median)', 'now', 'ms (median)', 'now / before'], rows));
