import { BrokenLinkError, ChainBrokenError } from '@ifu/storage/event-store/event-store';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allMigrations } from '../features';
import { loadConfigOrExit } from '../platform/config';
import { loadSecrets } from '../platform/secrets';
import { Seals } from '../platform/seals';
import { verifyAndCheckpoint } from './checkpoints';
import { checkReadModels, describeReadModelCheck } from './read-model-check';

/**
 * `npm run audit:verify`: re-walks the hash chain of the whole event log with the audit key, compares every earlier
 * signed checkpoint, and publishes a new one; then compares every read model with a replay of the log and checks the
 * rows sealed in the log (password hashes, emailed links, snapshots). Exit code 1 names the first broken link and each
 * row that differs.
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
    let intact = false;
    if (result.ok && result.checkpoint) {
      console.log(
        `Event log intact: ${result.checked} events re-hashed in ${ms} ms (${storage.db.description}); ` +
          `${result.checkpointsCompared} earlier checkpoints hold.`,
      );
      console.log(`Checkpoint: ${JSON.stringify(result.checkpoint)}  (appended to ${config.AUDIT_CHECKPOINTS_FILE})`);
      intact = true;
    } else {
      console.error(
        `Event log BROKEN${result.firstBrokenPosition ? ` at position ${result.firstBrokenPosition}` : ''}` +
          `${result.firstBrokenStream ? ` (stream ${result.firstBrokenStream}${result.firstBrokenType ? `, type ${result.firstBrokenType}` : ''})` : ''}: ${result.reason}. ` +
          `${result.checked} events before it are intact. Nothing from it on is applied or appended until an operator acts (docs/security.md, "When /health reports a broken link").`,
      );
    }
    // Set aside by an operator: listed at every run, so that a quarantine is never forgotten.
    for (const q of result.quarantined ?? []) {
      console.error(`Quarantined event at position ${q.position} (stream ${q.streamId}, type ${q.type}) since ${q.quarantinedAt}: ${q.reason}`);
    }
    const compared = performance.now();
    let check: Awaited<ReturnType<typeof checkReadModels>>;
    try {
      check = await checkReadModels(storage.db, storage.store, new Seals(secrets.auditKey), new Date());
    } catch (error) {
      // A record whose stream holds the broken link cannot be folded: the break above says why.
      if (!(error instanceof BrokenLinkError || error instanceof ChainBrokenError)) throw error;
      console.error(`Read models not compared: ${error.message}`);
      return 1;
    }
    const rows = check.compared.reduce((sum, table) => sum + table.rows, 0);
    for (const line of describeReadModelCheck(check)) console.error(line);
    if (check.differences.length === 0 && check.seals.length === 0) {
      console.log(
        `Read models equal a replay of the log: ${check.compared.length} tables, ${rows} rows compared in ${Math.round(performance.now() - compared)} ms; ` +
          'every stored password hash, open link and snapshot carries its seal.',
      );
    }
    return intact && check.differences.length === 0 && check.seals.length === 0 ? 0 : 1;
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
