import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import { EMAIL_MAX, EMAIL_PATTERN } from '@ifu/contracts';
import { allMigrations } from '../features';
import { loadConfigOrExit } from '../platform/config';
import { loadSecrets } from '../platform/secrets';
import { outboxDirOf } from '../mail';
import { forgetVisitorEverywhere } from './visitors';

/**
 * `npm run visitor:forget -- <email>`: forgets a public visitor (a request to erase their personal data). Their key is
 * deleted: every event that holds their email keeps its bytes (the hash chain still verifies) and can no longer be
 * read; the audit report shows them as an erased visitor. The messages in the mail outbox (DATA_DIR/mail) that name
 * the address are deleted. Exit code 0 also when the address was unknown or forgotten before (said so), 1 for a
 * malformed address.
 */
async function main(argv: string[]) {
  const email = (argv[0] ?? '').trim();
  if (!email || email.length > EMAIL_MAX || !EMAIL_PATTERN.test(email)) {
    console.error('Usage: npm run visitor:forget -- <email address of the visitor>');
    return 1;
  }
  const config = loadConfigOrExit();
  const secrets = loadSecrets(config);
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, eventStoreUrl: config.EVENTSTORE_URL, auditKey: secrets.auditKey });
  try {
    await migrateDatabase(storage.db, allMigrations(), config.DATABASE_OWNER_URL);
    const { keys, mails } = await forgetVisitorEverywhere({ db: storage.db, linkSecret: secrets.linkSecret, outboxDir: outboxDirOf(config) }, email);
    console.log(
      keys > 0
        ? 'Visitor forgotten: their key is deleted; the events about them (downloads, paper-copy requests with their name and address) can no longer be read (the audit report and the Paper Copies screen show "erased visitor").'
        : 'No key for this address: the visitor never downloaded a document or asked for a paper copy, or was forgotten before.',
    );
    console.log(
      mails > 0
        ? `Mail outbox: ${mails} message(s) naming this address deleted.`
        : 'Mail outbox: no message names this address.',
    );
    return 0;
  } finally {
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
