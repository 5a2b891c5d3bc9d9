import type { Database } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { allMigrations } from '../features';
import { loadConfigOrExit } from '../platform/config';
import { loadSecrets } from '../platform/secrets';
import { QuarantineRefused, quarantineEvent } from './quarantine';

const USAGE = 'Usage: npm run audit:quarantine -- --position <N> --reason "<why>"   (as the schema owner, with AUDIT_KEY)';

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

/**
 * `npm run audit:quarantine -- --position N --reason "..."`: the operator's answer to a broken link that /health and
 * audit:verify name (docs/security.md). Sets the event aside, signed with the audit key; the API and the projections
 * go on from it at their next look, without a restart. Runs as DATABASE_OWNER_URL where one is set (the API's role
 * cannot write the quarantine).
 */
async function main(args: string[]) {
  const position = Number(argument(args, '--position'));
  const reason = argument(args, '--reason');
  if (!Number.isSafeInteger(position) || position < 1 || reason === undefined) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigOrExit();
  if (config.EVENTSTORE_URL) {
    console.error('Quarantine is kept for the PostgreSQL event log; with EventStoreDB restore the stream from a backup (docs/security.md).');
    return 1;
  }
  const secrets = loadSecrets(config);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, auditKey: secrets.auditKey });
  let owner: Database | undefined;
  try {
    await migrateDatabase(storage.db, allMigrations(), config.DATABASE_OWNER_URL);
    if (config.DATABASE_OWNER_URL && storage.db.kind === 'postgres') {
      const schema = (await storage.db.query<{ schema: string }>('SELECT current_schema() AS schema')).rows[0]!.schema;
      owner = openPostgres({ connectionString: config.DATABASE_OWNER_URL, searchPath: schema, max: 1 });
    }
    const quarantined = await quarantineEvent(owner ?? storage.db, secrets.auditKey, position, reason, new Date());
    console.log(
      `Quarantined position ${quarantined.position} (stream ${quarantined.streamId}, type ${quarantined.type}): readers skip it and go on from its hash. Reason: ${quarantined.reason}`,
    );
    const verification = await storage.store.verifyChain();
    if (verification.ok) {
      console.log(`The event log verifies again (${verification.checked} events; quarantined: ${verification.quarantined?.map((q) => q.position).join(', ')}).`);
      return 0;
    }
    console.error(
      `The event log still does not verify at position ${verification.firstBrokenPosition} (stream ${verification.firstBrokenStream}${verification.firstBrokenType ? `, type ${verification.firstBrokenType}` : ''}): ${verification.reason}`,
    );
    return 1;
  } catch (error) {
    if (error instanceof QuarantineRefused) {
      console.error(`Quarantine refused: ${error.message}`);
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
    console.error(error);
    process.exit(2);
  },
);
