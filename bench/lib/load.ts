import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** Requests in all. */
  requests: number;
  /** Closed loops, each on its own keep-alive connection. */
  concurrency: number;
  /** Every answer must have this status (200 unless given) and, when given, be this long; others are counted as failed. */
  expectBytes?: number;
  expectStatus?: number;
  /** GET by default; a POST sends `body` (JSON) with every request. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Bodies sent in turn instead of `body` (request i sends `bodies[i % length]`): many visitors' searches in one run. */
  bodies?: string[];
  /** Answer every request's latency (`latenciesMs`), so that rounds can be pooled into one percentile. */
  keepLatencies?: boolean;
}

export interface LoadResult {
  requests: number;
  ms: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failed: number;
  firstFailure?: string;
  bytes: number;
  /** Each request's latency in ms, in completion order (only with `keepLatencies`). */
  latenciesMs?: number[];
}

/**
 * Closed-loop HTTP load from a worker thread (load-worker.ts), so that the client has its own event loop and does
 * not take turns with a server running in this process. The thread loads tsx first: worker threads do not inherit
 * the TypeScript loader.
 */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const entry = new URL('./load-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, workerData: options });
    worker.once('message', (message: LoadResult | { error: string }) => {
      void worker.terminate();
      if ('error' in message) reject(new Error(`load generator failed: ${message.error}`));
      else if (message.failed > 0) reject(new Error(`${message.failed} of ${message.requests} requests to ${options.url} failed (${message.firstFailure})`));
      else resolve(message);
    });
    worker.once('error', reject);
  });
}
