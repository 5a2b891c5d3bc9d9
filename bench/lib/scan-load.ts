import { Worker } from 'node:worker_threads';

export interface ScanOptions {
  /** nginx's address: every request goes to it. */
  base: string;
  /**
   * What each loop asks for in turn: a label's Digital Link path (`/01/…/10/…`), answered 307, whose target is then
   * downloaded (its path and query, at `base`: the public domain's /p/ paths lead to the API); or, for the baseline, a
   * static file's path, answered 200.
   */
  paths: string[];
  /**
   * `revalidate`: scans as a cache in front asks them, each loop keeping the tags (and the redirect's target) it was
   * given and naming them in If-None-Match: 304 (or the full answer when something changed) counts as served.
   */
  mode: 'scan' | 'revalidate' | 'static';
  /** Closed loops, each on its own keep-alive connection. */
  concurrency: number;
  seconds: number;
}

export interface ScanResult {
  /** Scans (redirect then PDF) or static downloads completed. */
  completed: number;
  ms: number;
  perSecond: number;
  /** The redirect's latency (scan) or the static download's. */
  firstP50Ms: number;
  firstP99Ms: number;
  /** The PDF's latency (scan only). */
  pdfP50Ms: number;
  pdfP99Ms: number;
  /** Answers other than 307 then 200 with a body (or 200 for static), and requests without an answer. */
  failed: number;
  firstFailure?: string;
  /** PDF bytes received. */
  bytes: number;
}

/** The scanners in a worker thread (scan-worker.ts), so that they take no turns with this process. */
export function runScans(options: ScanOptions): Promise<ScanResult> {
  const entry = new URL('./scan-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    worker.once('message', (message: ScanResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(`scan load failed: ${message.error}`));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
