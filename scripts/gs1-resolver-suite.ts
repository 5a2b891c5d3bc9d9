/**
 * Runs GS1's resolver conformance test suite (github.com/gs1/GS1DL-resolver-testsuite) against the product, as its
 * README describes: the suite's page in a browser, its PHP helper (tester.php) making the HTTP requests, the resolver
 * behind TLS. Nothing of the suite is in this repository: it is read from GS1_SUITE_DIR.
 *
 *   GS1_SUITE_DIR=/work/gs1-suite GS1_SUITE_ARTEFACTS=/work/gs1-suite-artefacts npx tsx scripts/gs1-resolver-suite.ts
 *
 * What runs, all on loopback:
 * - the product (`scripts/start.ts --demo`, embedded database in a temporary folder), its public domain
 *   https://ifu.localhost:<port>;
 * - nginx with the customer-portal image's own configuration, rendered from the Dockerfile's templates (the
 *   production front: static site, the eIFU locations passed to the API), listening with TLS on a self-signed
 *   certificate made for the run;
 * - the suite's tester.php under PHP's built-in server (php-cli with its curl module), trusting that certificate;
 * - the suite's page (its two scripts, and Ajv as window.ajv7 as the hosted page loads it) in Chromium
 *   (playwright-core, /usr/bin/chromium, certificate errors ignored). The page's calls to GS1's hosted tester.php
 *   go to the local one; the JSON schemas and the link type list it fetches from ref.gs1.org and gs1.github.io are
 *   answered from GS1_SUITE_ARTEFACTS (gs1-linkset-schema.json, description-file-schema.json, linktypes.json) when
 *   given; any other request to the internet is refused (no network here).
 *
 * The Digital Links tested: GS1_SUITE_DLS (comma-separated), else three of the demo labels: one of a customer with
 * open access (lot level), the same device's GTIN, and one behind the emailed link. Prints each test's outcome;
 * GS1_SUITE_REPORT names a file for the JSON report. Exits 1 when a test fails. Ports from GS1_SUITE_PORT (7140):
 * that one and the six after it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { DEMO_CHANGE_ORDERS, DEMO_CUSTOMERS, demoGtin } from '../services/src/demo/demo-content';
import { buildPortal, needsBuild, PORTALS } from './portal-server';

const ROOT = resolve(import.meta.dirname, '..');
const SUITE_FILES = ['GS1DigitalLinkResolverTestSuite.js', 'GS1DigitalLinkToolkit.js', 'GS1DigitalLinkResolverTestSuiteStyles.css', 'rotatingcircle.gif', 'tester.php'];
/** What the suite fetches from GS1's sites, and the artefact file answering it. */
const ARTEFACTS: Record<string, string> = {
  'https://gs1.github.io/linkset/gs1-linkset-schema.json': 'gs1-linkset-schema.json',
  'https://ref.gs1.org/standards/resolver/description-file-schema': 'description-file-schema.json',
  'https://ref.gs1.org/voc/data/linktypes': 'linktypes.json',
};

type Outcome = { id: string; test: string; status: 'pass' | 'fail' | 'warn'; msg: string };

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const suiteDir = process.env.GS1_SUITE_DIR ? resolve(process.env.GS1_SUITE_DIR) : fail('GS1_SUITE_DIR must name a checkout of github.com/gs1/GS1DL-resolver-testsuite');
for (const file of SUITE_FILES) if (!existsSync(join(suiteDir, file))) fail(`${file} is not in GS1_SUITE_DIR (${suiteDir})`);
const artefactsDir = process.env.GS1_SUITE_ARTEFACTS ? resolve(process.env.GS1_SUITE_ARTEFACTS) : undefined;
const firstPort = Number(process.env.GS1_SUITE_PORT ?? 7140);
const ports = { tls: firstPort + 3, api: firstPort + 4, admin: firstPort + 5, customer: firstPort + 6, php: firstPort + 1, page: firstPort + 2 };
const HOST = 'ifu.localhost';
const publicUrl = `https://${HOST}:${ports.tls}`;

const started: ChildProcess[] = [];
const work = mkdtempSync(join(tmpdir(), 'gs1-suite-'));

/** Starts a process of this run (its own process group, so that it and its children are stopped together). */
function start(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string; log: string }): ChildProcess {
  const child = spawn(command, args, { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = join(work, options.log);
  child.stdout!.on('data', (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' }));
  child.stderr!.on('data', (chunk: Buffer) => writeFileSync(log, chunk, { flag: 'a' }));
  started.push(child);
  return child;
}

function stopAll() {
  for (const child of started) {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (logs in ${work})`);
}

/** The customer-portal image's nginx configuration (Dockerfile), rendered as its entrypoint does, with TLS on loopback. */
function nginxConfig(html: string): string {
  const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
  const heredoc = (target: string) => {
    const match = new RegExp(`COPY <<'EOF' ${target.replaceAll('.', '\\.')}\\n([\\s\\S]*?)\\nEOF`).exec(dockerfile);
    return match?.[1] ?? fail(`the Dockerfile has no template ${target}`);
  };
  const fallbacks = [...dockerfile.matchAll(/SPA_FALLBACK=(\S+)/g)].map((m) => m[1]!);
  const values: Record<string, string> = {
    PUBLIC_API_URL: `http://127.0.0.1:${ports.api}`,
    CSP_CONNECT_EXTRA: '',
    CSP_STYLE_SRC: "'self'",
    // The customer-portal stage's value (the last one the Dockerfile sets).
    SPA_FALLBACK: fallbacks.at(-1) ?? '/index.html',
    API_UPSTREAM: `http://127.0.0.1:${ports.api}`,
  };
  const render = (template: string) =>
    template.replace(/\$\{([A-Z_]+)\}/g, (_all, name: string) => values[name] ?? fail(`the template names \${${name}}, which this script does not set`));
  mkdirSync(join(work, 'locations'));
  writeFileSync(join(work, 'locations', 'eifu.conf'), render(heredoc('/etc/nginx/templates/locations/eifu.conf.template')));
  const server = render(heredoc('/etc/nginx/templates/default.conf.template'))
    .replace('listen 80;', `listen 127.0.0.1:${ports.tls} ssl;\n    ssl_certificate ${work}/cert.pem;\n    ssl_certificate_key ${work}/key.pem;`)
    .replace('root /usr/share/nginx/html;', `root ${html};`)
    .replace('include /etc/nginx/conf.d/locations/*.conf;', `include ${work}/locations/*.conf;`);
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind === 'body' ? 'client_body' : kind}_temp_path ${work}/nginx-${kind};`).join('\n  ');
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${work}/nginx-access.log;
  ${temp}
${server}
}
`;
}

/** Ajv (v8, draft-07) as the hosted suite page loads it: the class as window.ajv7. */
async function ajvBundle(): Promise<string> {
  const require = createRequire(import.meta.url);
  const candidates = [ROOT, ...['dclint', '@readme/openapi-parser'].map((p) => join(ROOT, 'node_modules', p))];
  const home = candidates.find((from) => {
    try {
      return Number((require(require.resolve('ajv/package.json', { paths: [from] })) as { version: string }).version.split('.')[0]) >= 8;
    } catch {
      return false;
    }
  });
  if (!home) fail('no Ajv 8 in node_modules');
  const { build } = await import('esbuild');
  const out = await build({ stdin: { contents: "import Ajv from 'ajv'; window.ajv7 = Ajv;", resolveDir: home, loader: 'js' }, bundle: true, format: 'iife', write: false, logLevel: 'silent' });
  return out.outputFiles[0]!.text;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>GS1 resolver test suite, run locally</title>
<link rel="stylesheet" href="/suite/GS1DigitalLinkResolverTestSuiteStyles.css">
<script src="/ajv7.js"></script>
<script src="/suite/GS1DigitalLinkToolkit.js"></script>
<script src="/suite/GS1DigitalLinkResolverTestSuite.js"></script>
</head><body><img id="rotatingcircle" src="/suite/rotatingcircle.gif" alt=""><div id="gs1ResolverTests"></div></body></html>`;

async function servePage(ajv: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.startsWith('/suite/') ? path.slice('/suite/'.length) : undefined;
    if (path === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (path === '/ajv7.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(ajv);
    else if (file && SUITE_FILES.includes(file) && file !== 'tester.php') {
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'image/gif';
      res.writeHead(200, { 'content-type': type }).end(readFileSync(join(suiteDir, file)));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(ports.page, '127.0.0.1', r));
  return server;
}

/** Demo labels to test: an open-access lot, its GTIN, a lot behind the emailed link (the first that resolve). */
async function demoLinks(): Promise<string[]> {
  let open: string | undefined;
  let gated: string | undefined;
  for (const [o, order] of DEMO_CHANGE_ORDERS.entries()) {
    if (order.outcome !== 'approve' || order.isInternal || order.effectiveInDays > 0) continue;
    for (const [c, child] of order.children.entries()) {
      const dl = `${publicUrl}/01/${demoGtin(o, c)}/10/${child.lot}`;
      const answer = await fetch(`http://127.0.0.1:${ports.api}${new URL(dl).pathname}`, { redirect: 'manual' });
      if (answer.status !== 307) continue;
      const isPdf = /\/pdf\?/.test(answer.headers.get('location') ?? '');
      if (DEMO_CUSTOMERS[order.customer].openAccess && isPdf) open ??= dl;
      if (!DEMO_CUSTOMERS[order.customer].openAccess && !isPdf) gated ??= dl;
    }
  }
  if (!open || !gated) fail('the demo data has no resolving open-access or gated label');
  return [open, open.replace(/\/10\/.*$/, ''), gated];
}

/**
 * What the suite does not ask but the same front must answer: a compressed Digital Link, a
 * path that is no page, robots.txt, the resolver's OPTIONS. Asked with curl (the TLS front, its certificate trusted).
 */
function frontChecks(dl: string): Outcome[] {
  const ask = (path: string, method = 'GET') =>
    execFileSync('curl', ['-s', '--cacert', join(work, 'cert.pem'), '-X', method, '-o', '/dev/null', '-D', '-', '-H', 'Origin: https://scanner.example', `${publicUrl}${path}`], { encoding: 'utf8' });
  const status = (head: string) => Number(/^HTTP\/[\d.]+ (\d+)/.exec(head)?.[1]);
  const header = (head: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim();
  const require = createRequire(import.meta.url);
  const { Utils } = require('digital-link.js') as { Utils: { compressWebUri(uri: string): string } };
  const compressed = new URL(Utils.compressWebUri(dl)).pathname;
  const checks: Array<[string, string, boolean]> = [];
  const redirect = ask(`${compressed}?lang=de`);
  checks.push(['compressed', `${compressed} redirects (307) to ${dl}?lang=de`, status(redirect) === 307 && header(redirect, 'location') === `${dl}?lang=de`]);
  for (const path of ['/', '/nosuchpage', '/NotACompressedLink']) {
    const head = ask(path);
    checks.push([`notFound${path}`, `${path} answers 404 with the portal's page`, status(head) === 404 && (header(head, 'content-type') ?? '').startsWith('text/html')]);
  }
  const robots = ask('/robots.txt');
  checks.push(['robots', '/robots.txt is a text file', status(robots) === 200 && (header(robots, 'content-type') ?? '').startsWith('text/plain')]);
  const options = ask(new URL(dl).pathname, 'OPTIONS');
  checks.push(['options', 'OPTIONS on the Digital Link: 204, ACAO *, the Link to the linkset', status(options) === 204 && header(options, 'access-control-allow-origin') === '*' && /rel="linkset"/.test(header(options, 'link') ?? '')]);
  return checks.map(([id, test, ok]) => ({ id, test, status: ok ? 'pass' : 'fail', msg: test }));
}

async function main() {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${HOST}`, '-addext', `subjectAltName=DNS:${HOST}`, '-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem')], { stdio: 'ignore' });

  if (needsBuild('customer')) await buildPortal('customer');
  const html = join(work, 'html');
  cpSync(join(PORTALS.customer, 'dist'), html, { recursive: true });
  writeFileSync(join(html, 'config.json'), JSON.stringify({ apiUrl: `http://127.0.0.1:${ports.api}` }));

  console.log(`Starting the product (demo data) with its public domain at ${publicUrl} ...`);
  const product = start(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts', '--demo'], {
    env: {
      DATA_DIR: join(work, 'data'),
      API_PORT: String(ports.api),
      ADMIN_PORTAL_PORT: String(ports.admin),
      CUSTOMER_PORTAL_PORT: String(ports.customer),
      PUBLIC_CUSTOMER_URL: publicUrl,
      PUBLIC_API_URL: `http://127.0.0.1:${ports.api}`,
      LOG_LEVEL: 'warn',
    },
    log: 'product.log',
  });
  await waitFor(
    'the product',
    async () => {
      const log = existsSync(join(work, 'product.log')) ? readFileSync(join(work, 'product.log'), 'utf8') : '';
      if (product.exitCode !== null) fail(`the product stopped:\n${log}`);
      return log.includes('IFU Portal is running');
    },
    15 * 60_000,
  );

  writeFileSync(join(work, 'nginx.conf'), nginxConfig(html));
  execFileSync('nginx', ['-t', '-c', join(work, 'nginx.conf'), '-p', work], { stdio: 'inherit' });
  start('nginx', ['-c', join(work, 'nginx.conf'), '-p', work], { log: 'nginx.log' });
  start('php', ['-S', `127.0.0.1:${ports.php}`, '-d', `curl.cainfo=${work}/cert.pem`, '-d', `openssl.cafile=${work}/cert.pem`, join(suiteDir, 'tester.php')], { cwd: suiteDir, log: 'php.log' });
  const pageServer = await servePage(await ajvBundle());
  await waitFor('nginx', async () => (await fetch(`http://127.0.0.1:${ports.api}/health`)).ok && existsSync(join(work, 'nginx.pid')), 30_000);
  await waitFor("tester.php", async () => (await fetch(`http://127.0.0.1:${ports.php}/?test=none`)).status < 500, 30_000);

  const suiteSource = readFileSync(join(suiteDir, 'GS1DigitalLinkResolverTestSuite.js'), 'utf8');
  const testerUrl = /^const testUri = '([^']+)'/m.exec(suiteSource)?.[1] ?? fail('the suite names no testUri');
  const links = process.env.GS1_SUITE_DLS ? process.env.GS1_SUITE_DLS.split(',').map((l) => l.trim()) : await demoLinks();

  const front = frontChecks(links[0]!.split('?')[0]!);
  console.log('\nThe production front (nginx of the customer-portal image), beyond the suite:');
  for (const o of front) console.log(`  ${o.status.padEnd(4)} ${o.msg}`);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--ignore-certificate-errors', '--disable-features=LocalNetworkAccessChecks,PrivateNetworkAccessRespectPreflightResults,BlockInsecurePrivateNetworkRequests'],
  });
  const report: Array<{ dl: string; outcomes: Outcome[]; summary: string }> = [{ dl: 'the production front, beyond the suite', outcomes: front, summary: '' }];
  try {
    for (const dl of links) {
      const context = await browser.newContext({ ignoreHTTPSErrors: true });
      const page = await context.newPage();
      const refused: string[] = [];
      await context.route(
        (url) => !['127.0.0.1', 'suite.localhost', HOST].includes(url.hostname),
        async (route) => {
          const url = route.request().url();
          if (url.startsWith(testerUrl)) {
            const answer = await fetch(`http://127.0.0.1:${ports.php}/tester.php${new URL(url).search}`);
            await route.fulfill({ status: answer.status, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: await answer.text() });
            return;
          }
          const artefact = ARTEFACTS[url.split('?')[0]!];
          if (artefact && artefactsDir && existsSync(join(artefactsDir, artefact))) {
            await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: readFileSync(join(artefactsDir, artefact), 'utf8') });
            return;
          }
          refused.push(url);
          await route.abort('internetdisconnected');
        },
      );
      await page.goto(`http://suite.localhost:${ports.page}/`);
      // The suite's functions and results are the page's global lexical bindings (const, let), not window's properties.
      await page.evaluate(`testDL(${JSON.stringify(dl)})`);
      // The description file and TLS checks run beside the others, not awaited by the suite: wait until all settle.
      let last = '';
      for (let i = 0; i < 40; i++) {
        const now = await page.evaluate<string>('JSON.stringify(resultsArray.map((r) => r.status))');
        if (now === last) break;
        last = now;
        await new Promise((r) => setTimeout(r, 1000));
      }
      const outcomes = JSON.parse(await page.evaluate<string>('JSON.stringify(resultsArray.map((r) => ({ id: r.id, test: r.test, status: r.status, msg: r.msg })))')) as Outcome[];
      const summary = await page.evaluate(() => document.getElementById('overallReport')?.textContent ?? '');
      if (process.env.GS1_SUITE_SCREENSHOTS) await page.screenshot({ path: join(process.env.GS1_SUITE_SCREENSHOTS, `${report.length}.png`), fullPage: true });
      report.push({ dl, outcomes, summary });
      console.log(`\n${dl}`);
      for (const o of outcomes) console.log(`  ${o.status.padEnd(4)} ${o.id.padEnd(28)} ${o.msg.replace(/<[^>]+>/g, '')}`);
      const count = (status: string) => outcomes.filter((o) => o.status === status).length;
      console.log(`  => ${count('pass')} pass, ${count('warn')} warn, ${count('fail')} fail of ${outcomes.length}${summary ? `; suite says: ${summary}` : ''}`);
      if (refused.length > 0) console.log(`  requests to the internet refused (no network): ${[...new Set(refused)].join(', ')}`);
      await context.close();
    }
  } finally {
    await browser.close();
    pageServer.close();
  }
  if (process.env.GS1_SUITE_REPORT) {
    mkdirSync(dirname(resolve(process.env.GS1_SUITE_REPORT)), { recursive: true });
    writeFileSync(process.env.GS1_SUITE_REPORT, `${JSON.stringify(report, null, 2)}\n`);
  }
  return report.some((r) => r.outcomes.some((o) => o.status === 'fail')) || front.some((o) => o.status === 'fail') ? 1 : 0;
}

main()
  .then((code) => {
    stopAll();
    if (!process.env.GS1_SUITE_KEEP) rmSync(work, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((error: unknown) => {
    console.error(error);
    stopAll();
    console.error(`Logs kept in ${work}`);
    process.exit(2);
  });
