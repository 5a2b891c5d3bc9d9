/**
 * The scanners' thread (see scan-load.ts): `concurrency` closed loops over keep-alive connections for `seconds`. A
 * scan is a phone reading a label: GET the Digital Link (307), then GET where it leads (the PDF, 200), read to the end.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { ScanOptions, ScanResult } from './scan-load';

const options = workerData as ScanOptions;

function get(agent: Agent, url: string, phone: string, tag?: string): Promise<{ status: number; bytes: number; location?: string; etag?: string }> {
  return new Promise((resolve, reject) => {
    const headers = { accept: 'text/html,application/pdf', 'accept-language': 'en', 'x-forwarded-for': phone, ...(tag ? { 'if-none-match': tag } : {}) };
    const req = request(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, location: res.headers.location, etag: res.headers.etag }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const at = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!);

async function run(): Promise<ScanResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const first: number[] = [];
  const pdf: number[] = [];
  let completed = 0;
  let failed = 0;
  let bytes = 0;
  let firstFailure: string | undefined;
  const fail = (what: string) => {
    failed += 1;
    firstFailure ??= what;
  };
  const start = performance.now();
  const end = start + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, loop) => {
      // Each loop is a phone of its own address, as a CDN or load balancer in front would forward it (X-Forwarded-For).
      const phone = `10.36.${Math.floor(loop / 256)}.${loop % 256}`;
      // What this loop's cache holds (revalidate): a path's tag, and the redirect's target.
      const held = new Map<string, { etag?: string; location?: string }>();
      const revalidating = options.mode === 'revalidate';
      for (let turn = loop; performance.now() < end; turn++) {
        const path = options.paths[turn % options.paths.length]!;
        try {
          const t0 = performance.now();
          const kept = revalidating ? held.get(path) : undefined;
          const answer = await get(agent, `${options.base}${path}`, phone, kept?.etag);
          first.push(performance.now() - t0);
          if (options.mode === 'static') {
            if (answer.status !== 200 || answer.bytes === 0) fail(`${path}: ${answer.status}`);
            else {
              completed += 1;
              bytes += answer.bytes;
            }
            continue;
          }
          const location = answer.status === 304 && kept ? kept.location : answer.location;
          if ((answer.status !== 307 && !(revalidating && answer.status === 304)) || !location) {
            fail(`${path}: ${answer.status}`);
            continue;
          }
          if (revalidating && answer.status === 307) held.set(path, { etag: answer.etag, location });
          const target = new URL(location);
          const pdfPath = `${target.pathname}${target.search}`;
          const keptPdf = revalidating ? held.get(pdfPath) : undefined;
          const t1 = performance.now();
          const file = await get(agent, `${options.base}${pdfPath}`, phone, keptPdf?.etag);
          pdf.push(performance.now() - t1);
          if (revalidating && file.status === 200) held.set(pdfPath, { etag: file.etag });
          if (revalidating && file.status === 304) completed += 1;
          else if (file.status !== 200 || file.bytes === 0) fail(`${target.pathname}: ${file.status}`);
          else {
            completed += 1;
            bytes += file.bytes;
          }
        } catch (error) {
          fail(`${path}: ${(error as Error).message}`);
        }
      }
    }),
  );
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 100));
  agent.destroy();
  first.sort((a, b) => a - b);
  pdf.sort((a, b) => a - b);
  return {
    completed,
    ms,
    perSecond: (completed / ms) * 1000,
    firstP50Ms: at(first, 50),
    firstP99Ms: at(first, 99),
    pdfP50Ms: at(pdf, 50),
    pdfP99Ms: at(pdf, 99),
    failed,
    firstFailure,
    bytes,
  };
}

run().then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) => parentPort!.postMessage({ error: String((error as Error)?.stack ?? error) }),
);
