import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { migrateDatabase } from '@ifu/storage/database/roles';
import { openStorage, type Storage } from '@ifu/storage/storage';
import { CHECKPOINTS_CHANNEL } from '@ifu/storage/notifications';
import { allProjections, ProjectionRunner } from '@ifu/projections';
import { createApp, type AppOptions } from './app';
import { UPLOAD_KEPT_MS } from './documents/document-upload';
import { pdfTextLimits } from './documents/pdf-text';
import { DocumentTextQueue } from './documents/text-queue';
import { forgetStagedUploadsBefore } from './documents/upload-staging';
import { allMigrations } from './features';
import { LocalFileStore } from './files/local-file-store';
import { createMailer, type MailAnnouncer } from './mail/mailer';
import type { AppContext } from './platform/app-context';
import { BackgroundWork } from './platform/background-work';
import { CommandPipeline, Snapshots } from './platform/command-pipeline';
import type { Config } from './platform/config';
import { createLogger, type Logger } from './platform/logger';
import { fileUrlKey, loadSecrets } from './platform/secrets';
import { bootstrapFirstAdmin, type BootstrapResult } from './users/bootstrap';

export interface RunningApi {
  url: string;
  port: number;
  context: AppContext;
  /** The projection runner the command pipeline waits on (benchmarks time its waits). */
  readModels: ProjectionRunner;
  bootstrap?: BootstrapResult;
  /** Graceful: stop accepting, let open requests finish, stop projectors, close the pool. */
  stop(): Promise<void>;
}

export interface StartOptions extends AppOptions {
  logger?: Logger;
  /** Already opened storage (tests); otherwise opened from the configuration. */
  storage?: Storage;
  clock?: () => Date;
  host?: string;
  /** Where mailed links are shown to a person at the terminal (npm start). */
  announceMail?: MailAnnouncer;
}

export async function startApi(config: Config, options: StartOptions = {}): Promise<RunningApi> {
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const secrets = loadSecrets(config);
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

  const notifications = storage.notifications;
  const runner = new ProjectionRunner(storage.db, storage.store, allProjections, {
    onError: (projection, err) => logger.error({ projection, err }, 'projection failed; it will retry'),
    onCheckpoint: notifications ? (listener) => notifications.on(CHECKPOINTS_CHANNEL, listener) : undefined,
    waitTimeoutMs: config.READ_MODEL_WAIT_MS,
  });
  if (config.RUN_PROJECTIONS) await runner.start();

  const clock = options.clock ?? (() => new Date());
  const files = new LocalFileStore({ directory: config.FILES_DIR, publicBaseUrl: config.PUBLIC_API_URL, signingKey: fileUrlKey(secrets) });
  const context: AppContext = {
    config,
    db: storage.db,
    store: storage.store,
    commands: new CommandPipeline(storage.store, new Snapshots(storage.db), runner, clock),
    files,
    textQueue: new DocumentTextQueue({ db: storage.db, files, logger, clock }, { concurrency: config.PDF_TEXT_CONCURRENCY, limits: pdfTextLimits(config) }),
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: `${config.DATA_DIR}/mail`, logger, announce: options.announceMail }),
    work: new BackgroundWork(logger),
    logger,
    secrets,
    clock,
  };

  const bootstrap = await bootstrapFirstAdmin(storage.db, context.commands, await storage.store.lastPosition(), {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
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
  // PDFs left queued by an earlier run (stopped or killed while their text was extracted) are taken first.
  context.textQueue.start();

  let shuttingDown = false;
  const app = createApp(context, { ...options, isShuttingDown: () => shuttingDown });
  const server: Server = await new Promise((resolveServer, reject) => {
    const s = app.listen(config.API_PORT, options.host ?? '0.0.0.0', () => resolveServer(s));
    s.once('error', reject);
  });
  // Keep-alive sockets would hold shutdown open; idle ones are closed at once, busy ones after their response.
  server.keepAliveTimeout = 5000;
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://localhost:${port}`,
    port,
    context,
    readModels: runner,
    bootstrap,
    async stop() {
      if (shuttingDown) return;
      shuttingDown = true;
      clearInterval(sweeper);
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 10_000).unref();
      });
      await context.work.settled();
      await context.textQueue.stop();
      await runner.stop();
      context.mailer.close();
      if (!options.storage) await storage.close();
      logger.info('API stopped');
    },
  };
}

/** The start-up banner line for the bootstrap administrator: the generated password is shown this once. */
export function describeBootstrap(bootstrap: BootstrapResult | undefined): string | undefined {
  if (!bootstrap) return undefined;
  if (bootstrap.generatedPassword) {
    return `First administrator created: ${bootstrap.email} / ${bootstrap.generatedPassword}  (shown once; it is stored only as a hash)`;
  }
  return `First administrator created: ${bootstrap.email} with the password from ADMIN_PASSWORD`;
}
