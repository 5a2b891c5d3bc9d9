import { storageMigrations } from '@ifu/storage/database/migrations';
import type { Database } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allProjections, projectionMigrations } from './registry';
import { rebuild } from './runner';
import { loadWorkerConfig } from './worker-config';

const USAGE = `Usage:
  npm run projections -- --rebuild [name]   replay the whole log into read models (document-search: into a shadow swapped in at the end)
  npm run projections -- --list             list the projections
Projections: ${allProjections.map((p) => p.name).join(', ')}`;

async function main(args: string[]) {
  if (args.includes('--list')) {
    for (const projection of allProjections) console.log(`${projection.name}\t${projection.tables.join(', ')}`);
    return 0;
  }
  if (!args.includes('--rebuild')) {
    console.log(USAGE);
    return args.includes('--help') ? 0 : 2;
  }
  const names = args.filter((a) => !a.startsWith('--'));
  const unknown = names.filter((n) => !allProjections.some((p) => p.name === n));
  if (unknown.length > 0) {
    console.error(`Unknown projection: ${unknown.join(', ')}\n${USAGE}`);
    return 2;
  }
  const selected = names.length > 0 ? allProjections.filter((p) => names.includes(p.name)) : allProjections;
  const config = loadWorkerConfig();
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, eventStoreUrl: config.EVENTSTORE_URL, auditKey: config.AUDIT_KEY });
  try {
    await migrateDatabase(storage.db, [...storageMigrations(), ...projectionMigrations()], config.DATABASE_OWNER_URL);
    // The owner rebuilds (the API's role owns no table: it could only rebuild in place, never into a shadow).
    const schema = (await storage.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
    const owner =
      config.DATABASE_OWNER_URL && storage.db.kind === 'postgres' ? openPostgres({ connectionString: config.DATABASE_OWNER_URL, searchPath: schema, max: 2 }) : undefined;
    try {
      await rebuildAll(owner ?? storage.db);
    } finally {
      await owner?.close();
    }
  } finally {
    await storage.close();
  }
  return 0;

  async function rebuildAll(db: Database) {
    for (const projection of selected) {
      const started = performance.now();
      // A shadow rebuild moves the checkpoint only at its swap: its progress is told here.
      let toldAt = started;
      const afterBatch = async (at: number) => {
        if (performance.now() - toldAt < 30_000) return;
        toldAt = performance.now();
        console.log(`${projection.name}: replayed into the shadow up to position ${at} after ${Math.round((toldAt - started) / 1000)} s`);
      };
      const position = await rebuild(db, storage.store, projection, 5000, { afterBatch });
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${projection.name}: rebuilt up to position ${position} in ${seconds.toFixed(2)} s (${Math.round(position / Math.max(seconds, 0.001))} events/s)`,
      );
    }
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
