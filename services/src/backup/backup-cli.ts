import { openStorage } from '@ifu/storage/storage';
import { openFileStore } from '../files';
import { loadConfigOrExit } from '../platform/config';
import { fileUrlKey, loadSecrets } from '../platform/secrets';
import { takeBackup } from './backup';
import { directoryArgument } from './cli-arguments';

const USAGE = 'Usage: npm run backup -- --to <directory>   (a new or empty directory)';

/**
 * `npm run backup -- --to <dir>`: the event log, the tables kept beside it, the files and the audit checkpoints of the
 * installation the environment names, consistent at one log position, taken while the API runs (on the PostgreSQL
 * server; the embedded database is one process's, so stop the API first). The backup holds no secret: keep AUDIT_KEY
 * and LINK_SECRET with it, apart.
 */
async function main(args: string[]) {
  const directory = directoryArgument(args, '--to');
  if (!directory) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  if (config.EVENTSTORE_URL) {
    console.error('The backup reads the PostgreSQL event log; with EVENTSTORE_URL the log is in EventStoreDB: back that up with its own tools.');
    return 1;
  }
  const secrets = loadSecrets(config);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const files = await openFileStore(config, fileUrlKey(secrets));
    const started = performance.now();
    const manifest = await takeBackup({ db: storage.db, files, checkpointsFile: config.AUDIT_CHECKPOINTS_FILE, auditKey: secrets.auditKey }, directory, new Date());
    const rows = manifest.parts.filter((part) => part.name.startsWith('tables/')).map((part) => `${part.rows} ${part.name.slice(7, -7)}`);
    console.log(
      `Backup written to ${directory} in ${((performance.now() - started) / 1000).toFixed(1)} s: the event log up to position ${manifest.log.position} ` +
        `(${storage.db.description}), ${manifest.files.count} files (${manifest.files.bytes} bytes), ${rows.join(', ')}` +
        `${manifest.parts.some((part) => part.name === 'audit-checkpoints.jsonl') ? ', the audit checkpoints' : ''}.`,
    );
    const { missing } = manifest.files;
    if (missing.length > 0) {
      console.warn(`Warning: the log names ${missing.length} files the file store does not hold (they are not in the backup): ${missing.slice(0, 20).join(', ')}`);
    }
    return 0;
  } finally {
    await storage.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `Backup failed: ${error.message}` : error);
    process.exit(1);
  },
);
