/**
 * A scan spike (`--only scan`): the production shape (two API processes on one PostgreSQL database, behind the
 * repository's nginx template, test-support/product-shape.ts), an approved open-access customer with many labelled
 * products (each change order's children have a GTIN, a lot and a PDF of their own), and `scan-clients` scanners in
 * closed loops: each reads a label (GET its GS1 Digital Link `/01/<gtin>/10/<lot>`, 307) and downloads the PDF it leads
 * to (its currency page added). The baseline in the same run is nginx (the same binary and worker settings) serving
 * the same PDF bytes as static files to as many clients, rounds interleaved. During the last scan round a separate
 * document is taken Offline, and the next requests through nginx for its label and its PDF, naming the tags they had
 * (a cache revalidating), must be answered 404.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { gs1CheckDigitOf } from '@ifu/contracts';
import { arrangeAccessibility, arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../../test-support/document-arrangements';
import { freePort } from '../../test-support/free-port';
import { addUserWithPassword } from '../../test-support/http-client';
import { nginxPath } from '../../test-support/nginx';
import { endpoint, FIRST_ADMIN, startProductShape } from '../../test-support/product-shape';
import { runScans, type ScanResult } from '../lib/scan-load';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, median } from '../lib/stats';

/** The targets: scans at least half of static nginx's downloads, the redirect within 50 ms at p99, no error. */
const TARGET_RATIO = 0.5;
const TARGET_REDIRECT_P99_MS = 50;

let gtinSerial = 0;
/** A GTIN-14 with its check digit, distinct within the run. */
const nextGtin = () => {
  const body = `0${String(Date.now() % 1e7).padStart(7, '0')}${String(++gtinSerial).padStart(5, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

/** The database's own counters (pg_stat_database): transactions and rows written, for the work a scan costs it. */
async function databaseCounters(serverUrl: string, name: string): Promise<{ commits: number; written: number }> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // A backend reports its counters when idle for a while (PostgreSQL 15: up to 10 s), so ask for a fresh snapshot.
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ commits: string; written: string }>(
      'SELECT xact_commit AS commits, tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = $1',
      [name],
    );
    return { commits: Number(rows[0]?.commits ?? 0), written: Number(rows[0]?.written ?? 0) };
  } finally {
    await client.end();
  }
}

/** nginx serving `root` as static files on a free loopback port, with the API template's worker and logging settings. */
async function startStaticNginx(root: string): Promise<{ url: string; stop(): Promise<void> }> {
  const binary = nginxPath();
  if (!binary) throw new Error('nginx is not installed (apt-get install nginx)');
  const prefix = mkdtempSync(join(tmpdir(), 'ifu-static-nginx-'));
  for (const dir of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(prefix, dir));
  const port = await freePort();
  const conf = `worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${prefix}/client_body;
    proxy_temp_path ${prefix}/proxy;
    fastcgi_temp_path ${prefix}/fastcgi;
    uwsgi_temp_path ${prefix}/uwsgi;
    scgi_temp_path ${prefix}/scgi;
    types { application/pdf pdf; }
    server {
        listen 127.0.0.1:${port};
        server_tokens off;
        root ${root};
    }
}
`;
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const child = spawn(binary, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/`);
      break;
    } catch {
      if (i > 100 || child.exitCode !== null) throw new Error(`static nginx did not start:\n${stderr}`);
      await sleep(50);
    }
  }
  return {
    url,
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export async function scanBenchmarks({ config, rows, results }: SectionRun): Promise<void> {
  // The production shape's database is made (and dropped) on the bench's server.
  process.env.TEST_DATABASE_URL ??= config.serverUrl;
  const shape = await startProductShape({
    instances: 2,
    // Each scanner is a phone of its own address (X-Forwarded-For, read through two proxies: a CDN's and nginx), as a
    // spike of many readers is; a loop scans faster than a person, so the per-address limit of public files is raised.
    env: { TRUST_PROXY: '2', PUBLIC_FILE_RATE_LIMIT: '1000000', PUBLIC_FILE_RATE_WINDOW_SECONDS: '60' },
  });
  const staticRoot = mkdtempSync(join(tmpdir(), 'ifu-scan-static-'));
  let staticNginx: Awaited<ReturnType<typeof startStaticNginx>> | undefined;
  try {
    // ---- The products: one open-access customer, `scanProducts` change orders of `scanLabels` labelled children.
    const seededAt = performance.now();
    const api = endpoint(shape.url);
    const admin = await api.login(FIRST_ADMIN.email, FIRST_ADMIN.password);
    const approver: Signer = { id: '', email: 'scan.approver@example.com', password: 'scan approver password' };
    const author = { email: 'scan.author@example.com', password: 'scan author password 1' };
    approver.id = await addUserWithPassword(shape.url, admin, shape.dataDir, { ...approver, firstName: 'Sam', lastName: 'Approver', role: 'ADMIN' });
    await addUserWithPassword(shape.url, admin, shape.dataDir, { ...author, firstName: 'Ada', lastName: 'Author', role: 'USER' });
    const customerId = await arrangeApprovedCustomer(api, FIRST_ADMIN, approver, 'Scan Spike Medical');
    const opened = await api.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } });
    if (opened.status !== 200) throw new Error(`open access: ${opened.status} ${JSON.stringify(opened.body)}`);
    const product = async (name: string, labels: number) => {
      const children = Array.from({ length: labels }, (_, i) => ({
        lotNumber: `${name.replace(/\W+/g, '')}-L${i + 1}`,
        partNumber: `${name.replace(/\W+/g, '')}-P${i + 1}`,
        gtin: nextGtin(),
        countryList: 'DE,FR,GB',
        languageList: 'en',
        pdfLines: [`Instructions for use of ${name}, label ${i + 1}`, 'Read before use.'],
      }));
      const { parentChangeId } = await arrangeChangeOrder(api, { author, approverId: approver.id, customerId, productName: name, children, waitForText: false });
      await arrangeDecision(api, { parentChangeId, approver, approve: true });
      return { parentChangeId, labels: children.map((c) => `/01/${c.gtin}/10/${encodeURIComponent(c.lotNumber)}`) };
    };
    const labels: string[] = [];
    for (let p = 0; p < config.scanProducts; p++) labels.push(...(await product(`Scan Product ${p + 1}`, config.scanLabels)).labels);
    const recalled = await product('Recalled Product', 1);
    const seededMs = performance.now() - seededAt;
    log(`scan: ${labels.length} labels of ${config.scanProducts} change orders seeded in ${fmt(seededMs / 1000, 1)} s`);

    // ---- The baseline's files: each label's PDF as the API serves it (currency page included), as a static file.
    const staticPaths: string[] = [];
    let pdfBytes = 0;
    for (const [i, label] of labels.entries()) {
      const redirect = await fetch(`${shape.url}${label}`, { redirect: 'manual' });
      if (redirect.status !== 307) throw new Error(`${label}: ${redirect.status}, not a redirect to the PDF`);
      const target = new URL(redirect.headers.get('location')!);
      const pdf = await fetch(`${shape.url}${target.pathname}${target.search}`, { headers: { 'accept-language': 'en' } });
      if (pdf.status !== 200) throw new Error(`${target.pathname}: ${pdf.status}`);
      const bytes = Buffer.from(await pdf.arrayBuffer());
      pdfBytes += bytes.length;
      writeFileSync(join(staticRoot, `label-${i}.pdf`), bytes, { mode: 0o644 });
      staticPaths.push(`/label-${i}.pdf`);
    }
    // nginx's workers run as an unprivileged user when it was started as root: the files must be theirs to read.
    chmodSync(staticRoot, 0o755);
    staticNginx = await startStaticNginx(staticRoot);

    // ---- The spike: interleaved rounds, a short warm-up of each first.
    const scan = (mode: 'scan' | 'revalidate' | 'static', seconds: number) =>
      runScans({ base: mode === 'static' ? staticNginx!.url : shape.url, paths: mode === 'static' ? staticPaths : labels, mode, concurrency: config.scanClients, seconds });
    await scan('static', Math.min(1, config.scanSeconds));
    await scan('scan', Math.min(1, config.scanSeconds));
    const loadBefore = loadavg()[0]!;
    const countersBefore = await databaseCounters(config.serverUrl, shape.database.name);
    const scans: ScanResult[] = [];
    const statics: ScanResult[] = [];
    let offline: { answers: string[]; ok: boolean } | undefined;
    for (let round = 0; round < config.scanRounds; round++) {
      statics.push(await scan('static', config.scanSeconds));
      if (round < config.scanRounds - 1) {
        scans.push(await scan('scan', config.scanSeconds));
        continue;
      }
      // The last round: the recalled product taken Offline halfway, checked by the next requests through nginx.
      const label = recalled.labels[0]!;
      const redirect = await fetch(`${shape.url}${label}`, { redirect: 'manual' });
      const target = new URL(redirect.headers.get('location')!);
      const pdfPath = `${target.pathname}${target.search}`;
      const pdf = await fetch(`${shape.url}${pdfPath}`, { headers: { 'accept-language': 'en' } });
      await pdf.arrayBuffer();
      const tags: Array<[string, string]> = [
        [label, redirect.headers.get('etag') ?? ''],
        [pdfPath, pdf.headers.get('etag') ?? ''],
      ];
      const spike = scan('scan', config.scanSeconds);
      await sleep((config.scanSeconds * 1000) / 2);
      await arrangeAccessibility(api, { parentChangeId: recalled.parentChangeId, isInternal: true, requesterToken: admin });
      // Twice each: nginx takes turns between the instances, and neither may serve it.
      const answers: string[] = [];
      for (const [path, tag] of [...tags, ...tags]) {
        const answer = await fetch(`${shape.url}${path}`, { redirect: 'manual', headers: { 'if-none-match': tag, 'accept-language': 'en' } });
        await answer.arrayBuffer();
        answers.push(`${answer.status} from ${answer.headers.get('x-upstream') ?? '?'}`);
      }
      offline = { answers, ok: answers.every((a) => a.startsWith('404 ')) };
      scans.push(await spike);
    }
    const loadAfter = loadavg()[0]!;
    // Idle backends report their last counters within about 10 s (PostgreSQL 15's idle flush).
    await sleep(11_000);
    const countersAfter = await databaseCounters(config.serverUrl, shape.database.name);
    // What a CDN in front would ask of the API once it holds every answer: revalidations only (not in the counters).
    const revalidations = await scan('revalidate', config.scanSeconds);
    const scanned = scans.reduce((n, r) => n + r.completed, 0);
    const perScan = {
      commits: (countersAfter.commits - countersBefore.commits) / Math.max(1, scanned),
      written: (countersAfter.written - countersBefore.written) / Math.max(1, scanned),
    };

    const scansPerSecond = median(scans.map((r) => r.perSecond));
    const staticPerSecond = median(statics.map((r) => r.perSecond));
    const ratio = scansPerSecond / staticPerSecond;
    const redirectP99 = median(scans.map((r) => r.firstP99Ms));
    const errors = scans.reduce((n, r) => n + r.failed, 0) + statics.reduce((n, r) => n + r.failed, 0) + revalidations.failed;
    const firstFailure = [...scans, ...statics, revalidations].find((r) => r.firstFailure)?.firstFailure;
    const c = config.scanClients;
    rows.push({
      benchmark: `Scan spike: static nginx, same PDF bytes (baseline), ${c} clients`,
      value: `${fmt(staticPerSecond)} downloads/s`,
      detail: `${labels.length} files, ${fmt(pdfBytes / labels.length / 1024, 1)} KB each on average; p50 ${fmt(median(statics.map((r) => r.firstP50Ms)), 2)} ms, p99 ${fmt(median(statics.map((r) => r.firstP99Ms)), 2)} ms (medians of ${config.scanRounds} rounds of ${config.scanSeconds} s)`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: `  scans through nginx, 2 API instances, ${c} scanners`,
      value: `${fmt(scansPerSecond)} scans/s`,
      detail: `each a label's Digital Link (307) then its PDF (200); ${labels.length} labels of ${config.scanProducts} change orders; PDF p50 ${fmt(median(scans.map((r) => r.pdfP50Ms)), 2)} ms, p99 ${fmt(median(scans.map((r) => r.pdfP99Ms)), 2)} ms; load average ${fmt(loadBefore, 2)} -> ${fmt(loadAfter, 2)}`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: '    scans/s over static downloads/s',
      value: `${fmt(ratio, 3)}x`,
      detail: `rounds ${scans.map((s, i) => fmt(s.perSecond / statics[i]!.perSecond, 3)).join(' / ')}`,
      target: `>= ${TARGET_RATIO}x`,
      status: status(ratio >= TARGET_RATIO),
    });
    rows.push({
      benchmark: '    resolver redirect (307), p99',
      value: `${fmt(redirectP99, 2)} ms`,
      detail: `p50 ${fmt(median(scans.map((r) => r.firstP50Ms)), 2)} ms (medians of the rounds' percentiles)`,
      target: `<= ${TARGET_REDIRECT_P99_MS} ms`,
      status: status(redirectP99 <= TARGET_REDIRECT_P99_MS),
    });
    rows.push({
      benchmark: '    errors (scans and static downloads)',
      value: fmt(errors),
      detail: firstFailure
        ? `first: ${firstFailure}`
        : `of ${fmt(scans.reduce((n, r) => n + r.completed, 0))} scans, ${fmt(revalidations.completed)} revalidated scans and ${fmt(statics.reduce((n, r) => n + r.completed, 0))} static downloads`,
      target: '0',
      status: status(errors === 0),
    });
    rows.push({
      benchmark: `  revalidated scans through nginx (If-None-Match, as a CDN in front asks), ${c} scanners`,
      value: `${fmt(revalidations.perSecond)} scans/s`,
      detail: `${fmt(revalidations.perSecond / staticPerSecond, 3)}x the static downloads; redirect p50 ${fmt(revalidations.firstP50Ms, 2)} ms, p99 ${fmt(revalidations.firstP99Ms, 2)} ms; PDF p99 ${fmt(revalidations.pdfP99Ms, 2)} ms; one round of ${config.scanSeconds} s after the others (the cache's first fetch of each answer included)`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: '    database work per scan',
      value: `${fmt(perScan.commits, 1)} transactions`,
      detail: `pg_stat_database of the shape's database over the timed rounds: ${fmt(perScan.written, 1)} rows written per scan (the open-access download counts' upsert); every statement outside a transaction is one, each commit that writes waits for its WAL flush`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: '    Offline during the spike: next requests through nginx',
      value: offline ? (offline.ok ? 'not served' : 'SERVED') : 'not checked',
      detail: `its label and PDF asked with their tags right after the switch: ${offline?.answers.join(', ') ?? ''}`,
      target: '404 at once',
      status: status(offline?.ok === true),
    });
    results.scan = { labels: labels.length, seededMs, pdfBytes, scans, revalidations, statics, offline, perScan, loadAverage: { before: loadBefore, after: loadAfter } };
  } finally {
    await staticNginx?.stop();
    await shape.stop();
    rmSync(staticRoot, { recursive: true, force: true });
  }
}
