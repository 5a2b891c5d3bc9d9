import { describeBootstrap, startApi } from '../services/src/api-server';
import { changeOrderCount, describeDemoSeed, seedDemo } from '../services/src/demo/seed-demo';
import { loadConfigOrExit } from '../services/src/platform/config';
import { createLogger } from '../services/src/platform/logger';
import { buildPortal, needsBuild, type PortalName, startPortalServer } from './portal-server';
import { describeStartFailure } from './start-failure';

/**
 * `npm start`: the whole product on one machine. The API (with its projectors in-process) on API_PORT, and the two
 * portals as static sites on ADMIN_PORTAL_PORT and CUSTOMER_PORTAL_PORT, built first when their sources changed.
 * Without DATABASE_URL everything lives in the embedded database under DATA_DIR. With `--demo` (`npm start -- --demo`),
 * a store without change orders gets the demo data set before the addresses are announced.
 */
async function main() {
  const config = loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const pretty = config.LOG_FORMAT === 'pretty';

  for (const portal of ['admin', 'customer'] as PortalName[]) {
    if (needsBuild(portal)) {
      console.log(`Building the ${portal} portal (only when its sources changed)...`);
      const started = Date.now();
      await buildPortal(portal);
      console.log(`Built the ${portal} portal in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }

  const api = await startApi(config, { logger, announceMail: pretty ? announceMail : undefined });
  let demoLines: string[] = [];
  if (process.argv.slice(2).includes('--demo')) {
    const existing = await changeOrderCount(api.context);
    if (existing > 0) demoLines = [`  Demo data: skipped, this store already has ${existing} change order(s).`];
    else {
      console.log('Seeding the demo data set (--demo)...');
      const result = await seedDemo({ context: api.context, url: localUrl(api.address, api.port) }, { log: (line) => console.log(`  ${line}`) });
      demoLines = describeDemoSeed(result).map((line) => `  ${line}`);
    }
  }
  // The portals listen where the API does: loopback unless HOST says otherwise.
  const adminPortal = await startPortalServer({ portal: 'admin', port: config.ADMIN_PORTAL_PORT, host: config.HOST, apiUrl: config.PUBLIC_API_URL });
  const customerPortal = await startPortalServer({
    portal: 'customer',
    port: config.CUSTOMER_PORTAL_PORT,
    host: config.HOST,
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
  if (banner) lines.push('', `  ${highlight(banner, pretty)}`);
  else lines.push('  Log in with your existing administrator account (created on the first start).');
  if (demoLines.length > 0) lines.push('', ...demoLines);
  console.log(boxed(lines, pretty));

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

/** How this process reaches a server of its own: through loopback when it listens on every interface. */
function localUrl(address: string, port: number): string {
  const host = address === '0.0.0.0' || address === '::' ? '127.0.0.1' : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The banner, framed so that it stands out between the log lines. */
function boxed(lines: string[], pretty: boolean): string {
  const rule = '='.repeat(78);
  const text = [rule, ...lines.filter((line, i) => i > 0 || line !== ''), rule].join('\n');
  return pretty ? `\n\x1b[1m${text}\x1b[0m\n` : `\n${text}\n`;
}

function highlight(text: string, pretty: boolean): string {
  return pretty ? `\x1b[33m${text}\x1b[0m\x1b[1m` : text;
}

/** With no SMTP server, each mail's links are shown in full, so a newcomer can follow them from the terminal. */
function announceMail(mail: { to: string; subject: string; links: string[]; file: string }) {
  const links = mail.links.map((link) => `    -> \x1b[36m${link}\x1b[0m`);
  console.log([`\n  \x1b[1mMail to ${mail.to}: ${mail.subject}\x1b[0m`, ...links, `    (saved as ${mail.file})\n`].join('\n'));
}

main().catch((error: unknown) => {
  console.error(describeStartFailure(error));
  process.exit(1);
});
