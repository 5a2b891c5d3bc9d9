import { storageMigrations } from '@ifu/storage/database/migrations';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allProjections, projectionMigrations } from './registry';
import { rebuild } from './runner';
import { loadWorkerConfig } from './worker-config';

const USAGE = `Usage:
  npm run projections -- --rebuild [name]   empty read models and replay the whole log into them
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
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, eventStoreUrl: config.EVENTSTORE_URL });
  try {
    await migrateDatabase(storage.db, [...storageMigrations(), ...projectionMigrations()], config.DATABASE_OWNER_URL);
    for (const projection of selected) {
      const started = performance.now();
      const position = await rebuild(storage.db, storage.store, projection, 5000);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${projection.name}: rebuilt up to position ${position} in ${seconds.toFixed(2)} s (${Math.round(position / Math.max(seconds, 0.001))} events/s)`,
      );
    }
  } finally {
    await storage.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
