import { migrate } from '@ifu/storage/database/migrations';
import { openStorage } from '@ifu/storage/storage';
import { allMigrations } from '../features';
import { loadConfigOrExit } from '../platform/config';

/** `npm run audit:verify`: re-walks the hash chain of the whole event log; exit code 1 names the first broken link. */
async function main() {
  const config = loadConfigOrExit();
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, eventStoreUrl: config.EVENTSTORE_URL });
  try {
    await migrate(storage.db, allMigrations());
    const started = performance.now();
    const result = await storage.store.verifyChain();
    const ms = Math.round(performance.now() - started);
    if (result.ok) {
      console.log(`Event log intact: ${result.checked} events re-hashed in ${ms} ms (${storage.db.description}).`);
      return 0;
    }
    console.error(
      `Event log BROKEN at position ${result.firstBrokenPosition} (stream ${result.firstBrokenStream}): ${result.reason}. ` +
        `${result.checked} events before it are intact.`,
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
