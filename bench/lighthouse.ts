import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { startApi } from '../services/src/api-server';
import { DEMO_CHANGE_ORDERS } from '../services/src/demo/demo-content';
import { seedDemo } from '../services/src/demo/seed-demo';
import { loadConfigOrExit } from '../services/src/platform/config';
import { createLogger } from '../services/src/platform/logger';
import { searchPageUrl } from '../services/src/public-portal/search-link-routes';
import { sealSearchLink } from '../services/src/public-portal/search-link';
import { buildPortal, needsBuild, startPortalServer } from '../scripts/portal-server';
import { median, table } from './lib/stats';

/**
 * `npm run bench:lighthouse`: Lighthouse's four category scores on the public pages, desktop and mobile presets.
 *
 * The product runs as `npm start -- --demo` runs it (built portals, the real portal server, the API with its
 * projectors in-process, the embedded database in a fresh DATA_DIR, the demo data set), on loopback ports given by
 * LH_PORT_BASE (default 7400: API +1, admin portal +2, customer portal +3). Each page and preset is measured
 * --runs times (default 3), each run in a fresh Chromium; the table shows the median of each category and of the
 * performance metrics. Lighthouse is not a dependency of the product: install it beside it first,
 * `npm install --no-save lighthouse@12 chrome-launcher@1` (the next `npm ci` removes it again).
 *
 * Options: --runs N, --only desktop|mobile, --pages customer,search,search-emailed,document (the pages' names), --page name=/path
 * (one more page on the customer portal; repeatable), --json (every run's scores as JSON after the table), --save <dir>
 * (each run's whole Lighthouse report as JSON, for its details: what shifted, which audit failed), --serve (start
 * the product, print the pages' addresses and wait for Ctrl-C: no Lighthouse run).
 * CHROME_PATH overrides /usr/bin/chromium.
 */

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'] as const;
const TARGETS = { desktop: { performance: 95 }, mobile: { performance: 90 }, accessibility: 100, seo: 95 } as const;
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

type Preset = 'desktop' | 'mobile';
type Category = (typeof CATEGORIES)[number];
interface RunResult {
  page: string;
  preset: Preset;
  url: string;
  status: number | undefined;
  scores: Record<Category, number>;
  metrics: Record<(typeof METRICS)[number], number>;
  failing: string[];
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

// Lighthouse and chrome-launcher are optional: imported by a computed name so that typecheck and `npm ci` need neither.
async function optionalImport(name: string): Promise<Record<string, unknown>> {
  try {
    return (await import(name)) as Record<string, unknown>;
  } catch {
    console.error(`${name} is not installed. Run: npm install --no-save lighthouse@12 chrome-launcher@1`);
    process.exit(2);
  }
}

interface LighthouseResult {
  lhr: {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
    audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
    runtimeError?: { message: string };
    runWarnings: string[];
  };
}
type Lighthouse = (url: string, flags: Record<string, unknown>, config?: unknown) => Promise<LighthouseResult | undefined>;
interface Chrome {
  port: number;
  kill(): void | Promise<void>;
}

async function main() {
  const runs = Number(option('runs') ?? 3);
  const presets: Preset[] = option('only') ? [option('only') as Preset] : ['desktop', 'mobile'];
  const base = Number(process.env.LH_PORT_BASE ?? 7400);
  const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

  const lighthouse = (await optionalImport('lighthouse')).default as Lighthouse;
  const desktopConfig = (await optionalImport('lighthouse/core/config/desktop-config.js')).default;
  const launcher = await optionalImport('chrome-launcher');
  const launch = launcher.launch as (options: { chromePath: string; chromeFlags: string[] }) => Promise<Chrome>;

  for (const portal of ['admin', 'customer'] as const) {
    if (needsBuild(portal)) {
      console.log(`Building the ${portal} portal...`);
      await buildPortal(portal);
    }
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-lighthouse-'));
  const apiUrl = `http://127.0.0.1:${base + 1}`;
  const customerUrl = `http://127.0.0.1:${base + 3}`;
  // buildPortal restores an unset NODE_ENV as the string 'undefined'.
  const { NODE_ENV, ...env } = process.env;
  const config = loadConfigOrExit({
    ...env,
    ...(NODE_ENV && NODE_ENV !== 'undefined' ? { NODE_ENV } : {}),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    HOST: '127.0.0.1',
    API_PORT: String(base + 1),
    ADMIN_PORTAL_PORT: String(base + 2),
    CUSTOMER_PORTAL_PORT: String(base + 3),
    PUBLIC_API_URL: apiUrl,
    PUBLIC_ADMIN_URL: `http://127.0.0.1:${base + 2}`,
    PUBLIC_CUSTOMER_URL: customerUrl,
    CUSTOMER_PORTAL_URL: customerUrl,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  });
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT });
  const api = await startApi(config, { logger });
  const portals: Array<{ close(): Promise<void> }> = [];
  const chromes = new Set<Chrome>();
  const stop = async () => {
    for (const chrome of chromes) await chrome.kill();
    await Promise.all(portals.map((portal) => portal.close()));
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => void stop().then(() => process.exit(130)));

  try {
    console.log('Seeding the demo data set...');
    const seeded = await seedDemo({ context: api.context, url: apiUrl });
    portals.push(await startPortalServer({ portal: 'admin', port: base + 2, host: '127.0.0.1', apiUrl }));
    portals.push(await startPortalServer({ portal: 'customer', port: base + 3, host: '127.0.0.1', apiUrl }));

    // The first approved family in effect today, its customer, the customer's emailed search link (as the API seals it)
    // and the family's first document.
    const approved = seeded.changeOrders.find((order) => order.status === 'APPROVED' && (DEMO_CHANGE_ORDERS.find((o) => o.family === order.family)?.effectiveInDays ?? 1) <= 0);
    if (!approved) throw new Error('the demo data set has no approved change order in effect');
    const customer = seeded.customers[DEMO_CHANGE_ORDERS.find((o) => o.family === approved.family)!.customer]!;
    // The demo's first customer has open access: its search page is public (the link carries no address, as
    // POST /module2/openSearchLink seals it). A mailed link's page says noindex on purpose (search-emailed).
    const seal = (email: string) => sealSearchLink(api.context.secrets.linkSecret, { customerId: customer.id, parentChangeId: approved.parentChangeId }, email, new Date(Date.now() + 86_400_000));
    const pages: Record<string, string> = {
      customer: `${customerUrl}/docSearch/${encodeURIComponent(customer.name)}`,
      search: searchPageUrl(customerUrl, customer.name, approved.parentChangeId, seal('')),
      'search-emailed': searchPageUrl(customerUrl, customer.name, approved.parentChangeId, seal('lighthouse.nurse@clinic.example')),
      document: `${customerUrl}/p/${approved.documentId}-01`,
    };
    // More pages by name: --page name=/path (on the customer portal) or --page name=http://...
    const args = process.argv.slice(2);
    args.forEach((arg, i) => {
      if (arg !== '--page') return;
      const [name, address] = (args[i + 1] ?? '').split(/=(.*)/s);
      if (!name || !address) throw new Error('--page needs name=/path');
      pages[name] = address.startsWith('/') ? `${customerUrl}${address}` : address;
    });
    for (const [name, url] of Object.entries(pages)) {
      const answer = await fetch(url, { redirect: 'manual' });
      console.log(`  ${name}: ${answer.status} ${url}`);
    }
    const wanted = option('pages')?.split(',') ?? Object.keys(pages);

    if (process.argv.includes('--serve')) {
      console.log('Serving until Ctrl-C (--serve): measure by hand, e.g. with the Lighthouse CLI.');
      await new Promise(() => undefined);
    }
    const results: RunResult[] = [];
    for (const preset of presets) {
      for (const page of wanted) {
        const url = pages[page];
        if (!url) throw new Error(`unknown page ${page}: ${Object.keys(pages).join(', ')}`);
        // A run Lighthouse itself could not record (NO_NAVSTART, NO_FCP: on a loaded machine a trace now and then
        // misses its start) is run again, up to twice; its scores would say nothing about the page.
        for (let run = 0, retries = 0; run < runs; run++) {
          const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
          chromes.add(chrome);
          try {
            const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
            const answer = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
            if (!answer) throw new Error(`Lighthouse gave no result for ${url}`);
            const { lhr } = answer;
            const saveDir = option('save');
            if (saveDir) {
              mkdirSync(saveDir, { recursive: true });
              writeFileSync(join(saveDir, `${page}-${preset}-${run + 1}.json`), JSON.stringify(lhr));
            }
            if (lhr.runtimeError) {
              if (retries >= 2) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
              retries++;
              console.log(`  ${preset.padEnd(7)} ${page.padEnd(8)} run ${run + 1}: Lighthouse failed (${lhr.runtimeError.message}); again`);
              run--;
              continue;
            }
            const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as RunResult['scores'];
            const metrics = Object.fromEntries(METRICS.map((m) => [m, lhr.audits[m]?.numericValue ?? NaN])) as RunResult['metrics'];
            const failing = Object.values(lhr.categories)
              .flatMap((category) => category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id))
              .filter((id, i, all) => all.indexOf(id) === i)
              .filter((id) => {
                const audit = lhr.audits[id];
                return audit && audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative';
              });
            const status = lhr.audits['http-status-code']?.score === 1 ? 200 : undefined;
            results.push({ page, preset, url, status, scores, metrics, failing });
            console.log(`  ${preset.padEnd(7)} ${page.padEnd(8)} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}${failing.length ? ` (below 0.9: ${failing.join(', ')})` : ''}`);
          } finally {
            await chrome.kill();
            chromes.delete(chrome);
          }
        }
      }
    }

    const rows = presets.flatMap((preset) =>
      wanted.map((page) => {
        const mine = results.filter((r) => r.page === page && r.preset === preset);
        const med = (pick: (r: RunResult) => number) => median(mine.map(pick));
        const perfTarget = TARGETS[preset].performance;
        const ok =
          med((r) => r.scores.performance) >= perfTarget && med((r) => r.scores.accessibility) >= TARGETS.accessibility && med((r) => r.scores.seo) >= TARGETS.seo;
        return [
          page,
          preset,
          ...CATEGORIES.map((c) => String(med((r) => r.scores[c]))),
          `${(med((r) => r.metrics['first-contentful-paint']) / 1000).toFixed(1)} s`,
          `${(med((r) => r.metrics['largest-contentful-paint']) / 1000).toFixed(1)} s`,
          `${Math.round(med((r) => r.metrics['total-blocking-time']))} ms`,
          med((r) => r.metrics['cumulative-layout-shift']).toFixed(3),
          ok ? 'yes' : 'NO',
        ];
      }),
    );
    console.log('');
    console.log(`Lighthouse, median of ${runs} run(s) per row; targets: performance >= 95 desktop, >= 90 mobile; accessibility 100; SEO >= 95`);
    console.log(`Load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (${os()}, up ${Math.round(uptime() / 60)} min)`);
    console.log(table(['page', 'preset', 'perf', 'a11y', 'best-pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'on target'], rows));
    if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
  } finally {
    await stop();
  }
  process.exit(0);
}

function os(): string {
  try {
    return `commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()}`;
  } catch {
    return 'commit unknown';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
