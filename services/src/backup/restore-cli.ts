import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allMigrations } from '../features';
import { openFileStore } from '../files';
import { type Config, loadConfigOrExit } from '../platform/config';
import { fileUrlKey, loadSecrets } from '../platform/secrets';
import { directoryArgument } from './cli-arguments';
import { RestoreRefused, restoreBackup } from './restore';

const USAGE = 'Usage: npm run restore -- --from <backup directory>   (into an empty database and file store)';

/**
 * The secrets the restored installation must share with the one backed up, missing from the environment and from
 * DATA_DIR/secrets.json. Without the same AUDIT_KEY the log does not verify; without the same LINK_SECRET returning
 * visitors and the links mailed to them are not recognised. A restore never makes new ones.
 */
function missingSecrets(config: Config): string[] {
  const file = join(config.DATA_DIR, 'secrets.json');
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { auditKey?: string; linkSecret?: string }) : {};
  const present = { AUDIT_KEY: config.AUDIT_KEY ?? stored.auditKey, LINK_SECRET: config.LINK_SECRET ?? stored.linkSecret };
  return Object.entries(present)
    .filter(([, value]) => !value)
    .map(([name]) => name);
}

/**
 * `npm run restore -- --from <dir>`: loads a backup into the empty database and file store the environment names
 * (DATABASE_URL, or the embedded database in DATA_DIR), rebuilds every read model and verifies the hash chain against
 * the backed-up checkpoints. Refuses a changed backup or a target that is not empty, naming why, before writing.
 */
async function main(args: string[]) {
  const directory = directoryArgument(args, '--from');
  if (!directory) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  if (config.EVENTSTORE_URL) {
    console.error('The restore loads the PostgreSQL event log; unset EVENTSTORE_URL.');
    return 1;
  }
  const missing = missingSecrets(config);
  if (missing.length > 0) {
    console.error(
      `Restore refused: ${missing.join(' and ')} must be the backed-up installation's (set in the environment, or its DATA_DIR/secrets.json copied into DATA_DIR); the backup holds no secret.`,
    );
    return 1;
  }
  const secrets = loadSecrets(config);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, auditKey: secrets.auditKey });
  // The log is loaded as the role that owns it: the API's role may only append through append_events and
  // append_events_batch.
  const owner: Database | undefined = config.DATABASE_OWNER_URL ? openPostgres({ connectionString: config.DATABASE_OWNER_URL, max: 2 }) : undefined;
  try {
    const files = await openFileStore(config, fileUrlKey(secrets));
    const report = await restoreBackup(
      { db: owner ?? storage.db, files, checkpointsFile: config.AUDIT_CHECKPOINTS_FILE, auditKey: secrets.auditKey },
      directory,
      new Date(),
      {
        migrate: async () => void (await migrateDatabase(storage.db, allMigrations(), config.DATABASE_OWNER_URL)),
        log: (line) => console.log(line),
      },
    );
    const { verification } = report;
    if (verification.ok && verification.checkpoint) {
      console.log(
        `Event log intact: ${verification.checked} events re-hashed; ${verification.checkpointsCompared} backed-up checkpoints hold. ` +
          `Restored up to position ${report.manifest.log.position} (${storage.db.description}).`,
      );
      console.log(`Checkpoint: ${JSON.stringify(verification.checkpoint)}  (appended to ${config.AUDIT_CHECKPOINTS_FILE})`);
      return 0;
    }
    console.error(`Restored, but the event log does NOT verify${verification.firstBrokenPosition ? ` at position ${verification.firstBrokenPosition}` : ''}: ${verification.reason}`);
    return 1;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(`Restore refused: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await owner?.close();
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `Restore failed: ${error.message}` : error);
    process.exit(1);
  },
);
