import { buildPortal, needsBuild } from '../scripts/portal-server';
import { browserSkipReason } from './browser';

/**
 * Browser tests need both portals built. Building them here, once, before any test file starts, keeps the build (a
 * minute or more on two busy cores) out of every file's setup time limit.
 */
export default async function buildPortalsOnce() {
  if (browserSkipReason()) return; // the browser tests are skipped: nothing to build for
  for (const portal of ['admin', 'customer'] as const) {
    if (!needsBuild(portal)) continue;
    const started = Date.now();
    await buildPortal(portal);
    console.log(`[tests] built the ${portal} portal in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
