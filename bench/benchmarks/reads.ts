/** Authenticated reads: the real API against a bare Express + pg app doing the same read under the same load. */
import type { BenchDatabase } from '../lib/database';
import { profileCpu } from '../lib/cpu-profile';
import { prng } from '../lib/events';
import { instrumentedStorage, statementsTable } from '../lib/instrument';
import { runLoad } from '../lib/load';
import { makePng } from '../lib/png';
import { log, type SectionRun, status } from '../lib/section';
import { fmt } from '../lib/stats';
import { addCustomer, addUser, compareThroughput, fetchBytes, startBareApp, startBenchApi, type ThroughputComparison } from './api';

/** Requests/s of the real API over a bare Express + pg app doing the same read. */
const TARGET_READ_RATIO = 0.8;

type LoadPair = Record<'baseline' | 'product', { url: string; headers?: Record<string, string>; expectBytes?: number; expectStatus?: number }>;

/**
 * For a missed read target: one round of the same load against a second API on the same schema and files, opened
 * on an instrumented pool (round trips per request by statement), and CPU profiles of this process (where the
 * servers run; the load generator has its own thread) during a round against that API and one against the baseline.
 */
async function profileReads(bench: BenchDatabase, poolSize: number, schema: string, filesDir: string, pair: LoadPair, options: { requests: number; concurrency: number }) {
  const { db, storage } = await instrumentedStorage(bench.schemaUrl(schema), poolSize);
  const api = await startBenchApi(bench, schema, { runProjections: false, storage, existingSchema: true, filesDir });
  try {
    const product = { ...pair.product, url: pair.product.url.replace(/^http:\/\/[^/]+/, api.url), headers: { ...pair.product.headers, authorization: `Bearer ${api.token}` } };
    await runLoad({ ...product, requests: Math.min(500, options.requests), concurrency: options.concurrency });
    db.reset();
    const load = { requests: options.requests, concurrency: options.concurrency };
    const { cpu: productCpu } = await profileCpu(options.requests, () => runLoad({ ...product, ...load }));
    const statements = { totalMs: [...db.stats.values()].reduce((a, s) => a + s.ms, 0), statements: statementsTable(db, options.requests) };
    const { cpu: baselineCpu } = await profileCpu(options.requests, () => runLoad({ ...pair.baseline, ...load }));
    return { statements, productCpu, baselineCpu };
  } finally {
    await api.stop();
  }
}

/** 6. Authenticated reads: the real API against a bare Express + pg app doing the same read, same load. */
export async function readBenchmarks({ bench, config, rows, results, profiles }: SectionRun) {
  const schema = 'b_api_read';
  const api = await startBenchApi(bench, schema, { runProjections: true });
  const bare = await startBareApp(bench.schemaUrl(schema), api.api.context.config.FILES_DIR);
  try {
    const approverId = await addUser(api, 'approver@example-ifu.de', 'ADMIN');
    const logo = makePng(prng(7));
    const customerId = await addCustomer(api, approverId, logo);
    const uploadedAt = Date.now();
    // The product stores a logo re-encoded: both sides must answer the stored file's bytes.
    const storedLogo = await fetch(`${api.url}/customer/logo/${customerId}`, { headers: { authorization: `Bearer ${api.token}` } });
    if (storedLogo.status !== 200) throw new Error(`GET /customer/logo answered ${storedLogo.status}`);
    const storedBytes = (await storedLogo.arrayBuffer()).byteLength;
    const etag = storedLogo.headers.get('etag');
    if (!etag) throw new Error('GET /customer/logo answered no ETag');
    const revalidate = { 'if-none-match': etag };
    const loads: Record<'me' | 'logo' | 'logo304', LoadPair> = {
      me: {
        baseline: { url: `${bare.url}/user/me`, headers: { 'x-user-id': api.adminId } },
        product: { url: `${api.url}/user/me`, headers: { authorization: `Bearer ${api.token}` } },
      },
      logo: {
        baseline: { url: `${bare.url}/customer/logo/${customerId}`, expectBytes: storedBytes },
        product: { url: `${api.url}/customer/logo/${customerId}`, headers: { authorization: `Bearer ${api.token}` }, expectBytes: storedBytes },
      },
      // A browser revalidating the logo it holds: both answer 304 without a body.
      logo304: {
        baseline: { url: `${bare.url}/customer/logo/${customerId}`, headers: revalidate, expectStatus: 304, expectBytes: 0 },
        product: { url: `${api.url}/customer/logo/${customerId}`, headers: { ...revalidate, authorization: `Bearer ${api.token}` }, expectStatus: 304, expectBytes: 0 },
      },
    };
    // Both sides must answer the same: the same JSON for /user/me, the same bytes for the logo.
    for (const [name, pair] of Object.entries(loads)) {
      const [b, p] = await Promise.all([fetchBytes(pair.baseline.url, pair.baseline.headers ?? {}), fetchBytes(pair.product.url, pair.product.headers ?? {})]);
      const expected = pair.product.expectStatus ?? 200;
      if (b.status !== expected || p.status !== expected || !b.body.equals(p.body)) {
        throw new Error(`${name}: baseline and product answer differently (${b.status}: ${b.body.subarray(0, 200).toString()} / ${p.status}: ${p.body.subarray(0, 200).toString()})`);
      }
    }
    const options = { requests: config.reads, concurrency: config.clients, rounds: config.readRounds, warmup: Math.min(500, config.reads) };
    const comparisons: ThroughputComparison[] = [];
    for (const [name, title, short] of [
      ['me', 'GET /user/me', 'GET /user/me'],
      ['logo', `GET /customer/logo/:id (${fmt(logo.length / 1024, 0)} KB PNG)`, 'GET /customer/logo/:id'],
      ['logo304', 'GET /customer/logo/:id (If-None-Match: 304)', 'GET /customer/logo/:id 304'],
    ] as const) {
      // A file changed less than 2 s before it is read is hashed on every read (LocalFileStore's settle time): the
      // rows measure every later read, which a logo's reads are but for its first seconds.
      if (name === 'logo') await new Promise((resolve) => setTimeout(resolve, Math.max(0, 2_500 - (Date.now() - uploadedAt))));
      log(`${title}: ${config.readRounds} rounds of ${config.reads} requests each side, ${config.clients} clients`);
      const c = await compareThroughput(title, loads[name].baseline, loads[name].product, options);
      comparisons.push(c);
      const p50 = (r: ThroughputComparison['product']) => fmt(r.map((x) => x.p50Ms).sort((x, y) => x - y)[Math.floor(r.length / 2)]!, 2);
      rows.push({
        benchmark: `${title}, bare Express + pg`,
        value: `${fmt(c.baselineRps)} req/s`,
        detail: `median of ${c.baseline.map((r) => fmt(r.requestsPerSecond)).join(' / ')}; p50 ${p50(c.baseline)} ms`,
        target: '',
        status: '',
      });
      rows.push({
        benchmark: `${title}, API (token, session, logging)`,
        value: `${fmt(c.productRps)} req/s`,
        detail: `median of ${c.product.map((r) => fmt(r.requestsPerSecond)).join(' / ')}; p50 ${p50(c.product)} ms`,
        target: '',
        status: '',
      });
      rows.push({
        benchmark: `  ${short} API / bare`,
        value: `${fmt(c.ratio, 2)}x`,
        detail: `rounds ${c.roundRatios.map((r) => fmt(r, 2)).join(' / ')}`,
        target: `>= ${fmt(TARGET_READ_RATIO, 1)}x`,
        status: status(c.ratio >= TARGET_READ_RATIO),
      });
      if (c.ratio < TARGET_READ_RATIO) {
        log(`profiling ${title}: round trips and CPU of the API and of the baseline`);
        const profiled = await profileReads(bench, config.poolSize, schema, api.api.context.config.FILES_DIR, loads[name], options);
        profiles.statements.push({ name: `reads ${name}`, title: `Where the API's ${title} goes, database round trips (${fmt(options.requests)} requests through an instrumented pool):`, unit: 'per request', ...profiled.statements });
        profiles.cpu.push({ title: `CPU of the API's ${title} (bench process, ${fmt(options.requests)} requests)`, summary: profiled.productCpu });
        profiles.cpu.push({ title: `CPU of the baseline's ${title} (same load)`, summary: profiled.baselineCpu });
      }
    }
    results.reads = comparisons;
  } finally {
    await bare.close();
    await api.stop();
  }
}
