import { storageMigrations } from '@ifu/storage/database/migrations';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage } from '@ifu/storage/storage';
import pino from 'pino';
import { electionFor } from './election';
import { allProjections, projectionMigrations } from './registry';
import { ProjectionRunner } from './runner';
import { loadWorkerConfig } from './worker-config';

/** The projections worker of the production topology: keeps every read model up to date, then stops on a signal. */
async function main() {
  const config = loadWorkerConfig();
  const logger = pino({ level: config.LOG_LEVEL });
  if (!config.DATABASE_URL) {
    logger.warn('DATABASE_URL is not set: the embedded database cannot be shared with an API process; use npm start instead');
  }
  // The audit key: the worker applies only events whose link in the hash chain verifies (docs/security.md).
  const storage = await openStorage({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, eventStoreUrl: config.EVENTSTORE_URL, auditKey: config.AUDIT_KEY });
  storage.store.onChainBroken((chainBreak) =>
    logger.error(
      { chainBreak },
      'EVENT LOG BROKEN: an event does not verify with the audit key; the projections stop before it. See docs/security.md, "When /health reports a broken link".',
    ),
  );
  await migrateDatabase(storage.db, [...storageMigrations(), ...projectionMigrations()], config.DATABASE_OWNER_URL);
  // Several workers may run: each projection is applied by the one that leads it, the others stand by to take over.
  // Every log line carries the process id (pino's default), so the lines say which process leads.
  const runner = new ProjectionRunner(storage.db, storage.store, allProjections, {
    onError: (projection, err) => logger.error({ projection, err }, 'projection failed; it will retry'),
    election: electionFor(storage.db),
    onLeadership: (projection, leading) =>
      logger.info({ projection }, leading ? 'leading the projection' : 'standing by for the projection'),
  });
  await runner.start();
  logger.info({ projections: allProjections.map((p) => p.name) }, 'projections worker running');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'projections worker stopping');
    await runner.stop();
    await storage.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

void main();
