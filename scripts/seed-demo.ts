import { startApi } from '../services/src/api-server';
import { DemoDataRefused, describeDemoSeed, seedDemo } from '../services/src/demo/seed-demo';
import { loadConfigOrExit } from '../services/src/platform/config';
import { createLogger } from '../services/src/platform/logger';

/**
 * `npm run seed:demo`: the demo data set into the configured store (embedded PGlite under DATA_DIR, or DATABASE_URL).
 * Starts the API in this process on a free loopback port (so stop `npm start` first when it uses the same embedded
 * database), seeds through it, and stops. Refuses when the store already has change orders.
 */
async function main() {
  const config = loadConfigOrExit({ ...process.env, API_PORT: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const api = await startApi(config, { logger, host: '127.0.0.1' });
  let code = 0;
  try {
    console.log(`Seeding demo data into ${api.context.db.description} ...`);
    const result = await seedDemo({ context: api.context, url: `http://127.0.0.1:${api.port}` }, { log: (line) => console.log(`  ${line}`) });
    console.log(['', ...describeDemoSeed(result)].join('\n'));
    if (api.bootstrap) {
      const first = api.bootstrap.generatedPassword ? `${api.bootstrap.email} / ${api.bootstrap.generatedPassword} (shown once)` : `${api.bootstrap.email} with ADMIN_PASSWORD`;
      console.log(`    First administrator (created now): ${first}`);
    }
  } catch (error) {
    if (!(error instanceof DemoDataRefused)) throw error;
    console.error(error.message);
    code = 1;
  } finally {
    await api.stop();
  }
  process.exit(code);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
