import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '@ifu/storage/database/database';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openPostgres } from '@ifu/storage/database/postgres';
import { openStorage, type Storage } from '@ifu/storage/storage';
import { CHECKPOINTS_CHANNEL } from '@ifu/storage/notifications';
import { allProjections, electionFor, listActiveAdmins, ProjectionRunner } from '@ifu/projections';
import { createApp, type AppOptions } from './app';
import { UPLOAD_KEPT_MS, pdfTextLimits, DocumentTextQueue, forgetStagedUploadsBefore, startPeriodicReviewReminders } from './documents';
import { pdfWorkers, openFileStore } from './files';
import { allMigrations } from './features';
import { AnonymousMail, SharedMailBudget, createMailer, type MailAnnouncer, outboxDirOf } from './mail';
import type { AppContext } from './platform/app-context';
import { BackgroundWork } from './platform/background-work';
import { CommandPipeline, Snapshots } from './platform/command-pipeline';
import { type Config, configWarnings } from './platform/config';
import { createLogger, type Logger } from './platform/logger';
import { primaryReads, type ReadRouting, ReplicaReads } from './platform/replica-reads';
import { Seals } from './platform/seals';
import { fileUrlKey, loadSecrets } from './platform/secrets';
import { sealStoredPasswordHashes, MEMORY_RATE_LIMITS, postgresRateLimits, type RateLimitStores, followTheLogForAll, linkRowsFollowTheLog } from './auth';
import { bootstrapFirstAdmin, type BootstrapResult, rekeyPrintedNameClaims, sharedPrintedNames } from './users';
import { startOverdueReminders } from './paper-copies';
import { startSafetyNotices } from './safety-notices';
import { startOpenDownloadSummaries } from './eifu';
import { TaskMailReactor } from './task-mail';

/** What the log says when the event log's hash chain stops verifying (once per break). */
export const BROKEN_LINK_LOG =
  'EVENT LOG BROKEN: an event does not verify with the audit key; read models stop before it, writes are refused, /health answers 503. See docs/security.md, "When /health reports a broken link".';

export interface RunningApi {
  url: string;
  port: number;
  /** The interface address the server listens on (127.0.0.1 unless HOST says otherwise). */
  address: string;
  context: AppContext;
  /** The projection runner the command pipeline waits on (benchmarks time its waits). */
  readModels: ProjectionRunner;
  /** The task-mail reactor (task-mail/): tests run a pass with `taskMail.run()`. */
  taskMail: TaskMailReactor;
  bootstrap?: BootstrapResult;
  /** Graceful: stop accepting, let open requests finish, stop projectors, close the pool. */
  stop(): Promise<void>;
}

export interface StartOptions extends AppOptions {
  logger?: Logger;
  /** Already opened storage (tests); otherwise opened from the configuration. */
  storage?: Storage;
  /** The connection string of that storage's database, for the parts that open connections of their own (rate limits). */
  databaseUrl?: string;
  clock?: () => Date;
  /** The interface to listen on; default HOST (127.0.0.1 unless set). */
  host?: string;
  /** Where mailed links are shown to a person at the terminal (npm start). */
  announceMail?: MailAnnouncer;
}

export async function startApi(config: Config, options: StartOptions = {}): Promise<RunningApi> {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  for (const warning of configWarnings(config)) logger.warn(warning);
  const secrets = loadSecrets(config);
  // First: an unreachable bucket stops the start before anything else is opened or started.
  const files = await openFileStore(config, fileUrlKey(secrets));
  const storage =
    options.storage ??
    (await openStorage({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      eventStoreUrl: config.EVENTSTORE_URL,
      auditKey: secrets.auditKey,
    }));
  logger.info({ database: storage.db.description, eventStore: storage.store.kind }, 'storage opened');
  const applied = await migrateDatabase(storage.db, allMigrations(), config.DATABASE_OWNER_URL);
  if (applied.length > 0) logger.info({ applied }, 'migrations applied');

  // Once per break, loudly: the read models stop before it and writes wait for an operator (docs/security.md).
  const stopBreakReports = storage.store.onChainBroken((chainBreak) => logger.error({ chainBreak }, BROKEN_LINK_LOG));
  const rateLimits = await openRateLimits(config, storage, options.databaseUrl);
  const notifications = storage.notifications;
  const runner = new ProjectionRunner(storage.db, storage.store, allProjections, {
    onError: (projection, err) => logger.error({ projection, err }, 'projection failed; it will retry'),
    onCheckpoint: notifications ? (listener) => notifications.on(CHECKPOINTS_CHANNEL, listener) : undefined,
    waitTimeoutMs: config.READ_MODEL_WAIT_MS,
    // Running projections here, this instance takes part in the same election as the workers and other instances.
    election: config.RUN_PROJECTIONS ? electionFor(storage.db) : undefined,
    onLeadership: (projection, leading) =>
      logger.info({ projection }, leading ? 'leading the projection' : 'standing by for the projection'),
  });
  if (config.RUN_PROJECTIONS) await runner.start();

  const clock = options.clock ?? (() => new Date());
  const reads = await readRoutingOf(config, storage.db, logger);
  const seals = new Seals(secrets.auditKey);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: outboxDirOf(config), logger, announce: options.announceMail });
  const context: AppContext = {
    config,
    db: storage.db,
    reads,
    store: storage.store,
    // The rows of emailed links follow the log after every step that may close one (users/password-links.ts).
    commands: new CommandPipeline(storage.store, new Snapshots(storage.db, seals), runner, clock, reads, [linkRowsFollowTheLog({ db: storage.db, seals, store: storage.store })]),
    files,
    textQueue: new DocumentTextQueue({ db: storage.db, files, logger, clock }, { concurrency: config.PDF_TEXT_CONCURRENCY, limits: pdfTextLimits(config) }),
    mailer,
    anonymousMail: new AnonymousMail({
      cap: config.ANONYMOUS_MAIL_PER_HOUR,
      caps: { 'search-link': config.SEARCH_LINK_MAIL_PER_HOUR },
      clock,
      mailer,
      logger,
      admins: () => listActiveAdmins(storage.db),
      manageUsersUrl: `${config.PUBLIC_ADMIN_URL}/manageuser`,
      shared: new SharedMailBudget(storage.db, config.ANONYMOUS_MAIL_PER_HOUR, { 'search-link': config.SEARCH_LINK_MAIL_PER_HOUR }),
    }),
    rateLimits,
    work: new BackgroundWork(logger),
    logger,
    secrets,
    seals,
    clock,
  };

  // Before the first command: where the task-mail reactor starts mailing on a store it has not seen (the log's end).
  // With several processes on a PostgreSQL server, the one leading 'task-mail' in the projections' election sends.
  const taskMail = new TaskMailReactor(context, { election: electionFor(storage.db) });
  await taskMail.prepare();

  const bootstrap = await bootstrapFirstAdmin(context, await storage.store.lastPosition(), {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  // Password hashes stored before they were sealed in the log are sealed as found, once.
  const sealed = await sealStoredPasswordHashes(context);
  if (sealed > 0) logger.warn({ sealed }, 'password hashes from before seals were sealed as stored (first start after the upgrade)');
  // A link row left usable by a stop between a step's append and its follow-up is voided now (the log closed it).
  context.work.defer('emailed links follow the log', async () => {
    const voided = await followTheLogForAll(context, clock());
    if (voided > 0) logger.warn({ voided }, 'emailed links the log had closed were still usable in password_tokens: voided');
  });

  // Active users who share a printed name (data from before the rule) do not stop the start: they
  // are named, so that an ADMIN renames one; until then no other change may give that name to anyone.
  context.work.defer('shared printed names', async () => {
    // Claims from before look-alike names counted move to the current key (printed-name-claims.ts).
    const rekeyed = await rekeyPrintedNameClaims(context);
    if (rekeyed.released + rekeyed.claimed > 0) logger.info(rekeyed, 'printed-name claims re-keyed to names as compared now');
    for (const { userIds } of await sharedPrintedNames(context)) {
      logger.warn({ userIds }, 'active users share one printed name, so their signatures do not name one person: rename all but one in Manage User');
    }
  });

  // Staged uploads that no submitted document took are removed once they are 24 hours old (documents/document-upload.ts).
  const sweepStaged = () =>
    context.work.defer('remove abandoned uploads', async () => {
      const removed = await context.files.deleteStagedOlderThan(UPLOAD_KEPT_MS, clock());
      await forgetStagedUploadsBefore(storage.db, new Date(clock().getTime() - UPLOAD_KEPT_MS));
      if (removed > 0) logger.info({ removed }, 'abandoned uploads removed');
    });
  sweepStaged();
  const sweeper = setInterval(sweepStaged, 60 * 60 * 1000);
  sweeper.unref();
  // The digest of anonymous mail held back goes out when its hour is over.
  const digests = setInterval(() => void context.anonymousMail.flushDue(), 60_000);
  digests.unref();
  // Once a day every ADMIN is mailed the paper copies past their due date (paper-copies/commands.ts).
  const paperCopyReminders = startOverdueReminders(context);
  // Readers of versions a safety revision supersedes are mailed once it takes effect (safety-notices/commands.ts).
  const safetyNotices = startSafetyNotices(context);
  // Authors and approvers are mailed 30 days before and on a change order's periodic review date (documents/periodic-review.ts).
  const reviewReminders = startPeriodicReviewReminders(context);
  // Anonymous open-access downloads are counted in a table and put into the log per document and hour (eifu/open-downloads.ts).
  const openDownloadSummaries = startOpenDownloadSummaries(context);
  // Approvers are mailed what waits for their signature and reminded, authors what was decided (task-mail/reactor.ts).
  if (config.TASK_MAIL_POLL_MS > 0) taskMail.start(config.TASK_MAIL_POLL_MS);
  // PDFs left queued by an earlier run (stopped or killed while their text was extracted) are taken first.
  context.textQueue.start();
  // The PDF reader's processes started now, so the first upload's structure check finds one warm (files/pdf-process.ts).
  pdfWorkers.warm(config.PDF_TEXT_MAX_MEMORY_MB);

  let shuttingDown = false;
  let server: Server | undefined;
  const stop = async () => {
    if (shuttingDown) return;
    shuttingDown = true;
    clearInterval(sweeper);
    clearInterval(digests);
    // No job run starts from here; one under way finishes while the server closes.
    const jobsStopped = Promise.all([paperCopyReminders.stop(), safetyNotices.stop(), reviewReminders.stop(), openDownloadSummaries.stop(), taskMail.stop()]);
    const listening = server;
    if (listening) {
      await new Promise<void>((resolveClose) => {
        listening.close(() => resolveClose());
        listening.closeIdleConnections();
        setTimeout(() => listening.closeAllConnections(), 10_000).unref();
      });
    }
    await jobsStopped;
    await context.work.settled();
    // Held messages go out now, not lost with the process (the read models still answer who the ADMINs are).
    await context.anonymousMail.close();
    await context.textQueue.stop();
    await runner.stop();
    stopBreakReports();
    await rateLimits.close();
    context.mailer.close();
    await reads.close();
    if (!options.storage) await storage.close();
    logger.info('API stopped');
  };

  const app = createApp(context, { ...options, isShuttingDown: () => shuttingDown });
  try {
    server = await new Promise<Server>((resolveServer, reject) => {
      // Express 5 calls back with the listen error (EADDRINUSE) as well as on success.
      const s = app.listen(config.API_PORT, options.host ?? config.HOST, (error) => (error ? reject(error) : resolveServer(s)));
    });
  } catch (error) {
    // The port is taken (or not ours to bind): what started above stops, so a caller that tries another port, or a
    // process that logs and exits, leaves no warm PDF processes, jobs or connections behind.
    await stop();
    throw error;
  }
  // Keep-alive sockets would hold shutdown open; idle ones are closed at once, busy ones after their response.
  server.keepAliveTimeout = 5000;
  const { port, address } = server.address() as AddressInfo;

  return {
    url: `http://localhost:${port}`,
    port,
    address,
    context,
    readModels: runner,
    taskMail,
    bootstrap,
    stop,
  };
}

/** Rate limits in the database on a PostgreSQL server (every instance counts the same hits), else in memory. */
async function openRateLimits(config: Config, storage: Storage, databaseUrl = config.DATABASE_URL): Promise<RateLimitStores> {
  if (storage.db.kind !== 'postgres' || !databaseUrl) return MEMORY_RATE_LIMITS;
  const { rows } = await storage.db.query<{ schema: string }>('SELECT current_schema() AS schema');
  return postgresRateLimits({ databaseUrl, ownerUrl: config.DATABASE_OWNER_URL, namespace: rows[0]!.schema });
}

/**
 * With DATABASE_READ_URL, searches, lists and public pages read from that streaming replica (platform/replica-reads.ts);
 * its connections give up after 2 s, so that a replica out of reach sends reads to the primary instead of holding them.
 */
async function readRoutingOf(config: Config, primary: Database, logger: Logger): Promise<ReadRouting> {
  if (!config.DATABASE_READ_URL || primary.kind !== 'postgres') return primaryReads(primary);
  const replica = openPostgres({ connectionString: config.DATABASE_READ_URL, connectionTimeoutMillis: 2000 });
  const reads = new ReplicaReads({ primary, replica, logger });
  await reads.check();
  logger.info({ replica: replica.description }, 'searches, lists and public pages read from the replica');
  return reads;
}

/** The start-up banner line for the bootstrap administrator: the generated password is shown this once. */
export function describeBootstrap(bootstrap: BootstrapResult | undefined): string | undefined {
  if (!bootstrap) return undefined;
  if (bootstrap.generatedPassword) {
    return `First administrator created: ${bootstrap.email} / ${bootstrap.generatedPassword}  (shown once; it is stored only as a hash)`;
  }
  return `First administrator created: ${bootstrap.email} with the password from ADMIN_PASSWORD`;
}
