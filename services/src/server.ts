import { startApi, describeBootstrap } from './api-server';
import { loadConfigOrExit } from './platform/config';
import { createLogger } from './platform/logger';

/** Production entry point of the API: validate configuration, start, and shut down gracefully on a signal. */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const api = await startApi(config, { logger });
  logger.info({ url: api.url }, 'API listening');
  const banner = describeBootstrap(api.bootstrap);
  if (banner) console.log(banner);

  const shutdown = async (reason: string, code: number) => {
    logger.info({ reason }, 'shutting down');
    const force = setTimeout(() => process.exit(code || 1), 15_000);
    force.unref();
    await api.stop().catch((err: unknown) => logger.error({ err }, 'error during shutdown'));
    process.exit(code);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM', 0));
  process.once('SIGINT', () => void shutdown('SIGINT', 0));
  process.on('uncaughtException', (err) => {
    logger.fatal({ err }, 'uncaught exception');
    void shutdown('uncaughtException', 1);
  });
  process.on('unhandledRejection', (err) => {
    logger.fatal({ err }, 'unhandled rejection');
    void shutdown('unhandledRejection', 1);
  });
}

void main();
