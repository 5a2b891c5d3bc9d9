import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allMigrations } from '../features';
import { loadConfigOrExit } from '../platform/config';
import { loadSecrets } from '../platform/secrets';
import { verifyAndCheckpoint } from './checkpoints';

/**
 * `npm run audit:verify`: re-walks the hash chain of the whole event log with the audit key, compares every earlier
 * signed checkpoint, and publishes a new one. Exit code 1 names the first broken link.
 */
async function main() {
  const config = loadConfigOrExit();
  const secrets = loadSecrets(config);
  const storage = await openStorage({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    eventStoreUrl: config.EVENTSTORE_URL,
    auditKey: secrets.auditKey,
  });
  try {
    await migrateDatabase(storage.db, allMigrations(), config.DATABASE_OWNER_URL);
    const started = performance.now();
    const result = await verifyAndCheckpoint(storage.store, secrets.auditKey, config.AUDIT_CHECKPOINTS_FILE, new Date());
    const ms = Math.round(performance.now() - started);
    if (result.ok && result.checkpoint) {
      console.log(
        `Event log intact: ${result.checked} events re-hashed in ${ms} ms (${storage.db.description}); ` +
          `${result.checkpointsCompared} earlier checkpoints hold.`,
      );
      console.log(`Checkpoint: ${JSON.stringify(result.checkpoint)}  (appended to ${config.AUDIT_CHECKPOINTS_FILE})`);
      return 0;
    }
    console.error(
      `Event log BROKEN${result.firstBrokenPosition ? ` at position ${result.firstBrokenPosition}` : ''}` +
        `${result.firstBrokenStream ? ` (stream ${result.firstBrokenStream})` : ''}: ${result.reason}. ${result.checked} events before it are intact.`,
    );
    return 1;
  } finally {
    await storage.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
