import { describeBootstrap, startApi } from '../services/src/api-server';
import { loadConfigOrExit } from '../services/src/platform/config';
import { createLogger } from '../services/src/platform/logger';
import { buildPortal, needsBuild, type PortalName, startPortalServer } from './portal-server';

/**
 * `npm start`: the whole product on one machine. The API (with its projectors in-process) on API_PORT, and the two
 * portals as static sites on ADMIN_PORTAL_PORT and CUSTOMER_PORTAL_PORT, built first when their sources changed.
 * Without DATABASE_URL everything lives in the embedded database under DATA_DIR.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger(config.LOG_LEVEL);

  for (const portal of ['admin', 'customer'] as PortalName[]) {
    if (needsBuild(portal)) {
      console.log(`Building the ${portal} portal (only when its sources changed)...`);
      const started = Date.now();
      await buildPortal(portal);
      console.log(`Built the ${portal} portal in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  const api = await startApi(config, { logger });
  const adminPortal = await startPortalServer({ portal: 'admin', port: config.ADMIN_PORTAL_PORT, apiUrl: config.PUBLIC_API_URL });
  const customerPortal = await startPortalServer({
    portal: 'customer',
    port: config.CUSTOMER_PORTAL_PORT,
    apiUrl: config.PUBLIC_API_URL,
  });

  const lines = [
    '',
    'IFU Portal is running',
    `  Admin portal:     ${adminPortal.url}/login`,
    `  Customer portal:  ${customerPortal.url}/docSearch/{customerName}`,
    `  API:              ${api.url}   (health: ${api.url}/health)`,
    `  Database:         ${api.context.db.description}`,
    `  Mail:             ${api.context.mailer.description}`,
  ];
  const banner = describeBootstrap(api.bootstrap);
  if (banner) lines.push(`  ${banner}`);
  else lines.push('  Log in with your existing administrator account (created on the first start).');
  console.log(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await Promise.all([adminPortal.close(), customerPortal.close()]);
    await api.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
