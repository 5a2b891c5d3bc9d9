/**
 * The load generator's thread (see load.ts): `concurrency` closed loops over keep-alive connections, each sending
 * its next request when the previous answer has been read to the end, until `requests` have been sent.
 */
import { Agent, request } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadOptions, LoadResult } from './load';

const options = workerData as LoadOptions;

const withBody = (payload: Buffer | undefined) => ({
  payload,
  headers: payload ? { ...options.headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : options.headers,
});
/** What each request sends: the one `body`, or the `bodies` in turn. */
const requests = options.bodies?.length ? options.bodies.map((body) => withBody(Buffer.from(body))) : [withBody(options.body === undefined ? undefined : Buffer.from(options.body))];

function send(agent: Agent, url: URL, n: number): Promise<{ status: number; bytes: number }> {
  const { payload, headers } = requests[n % requests.length]!;
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: options.method ?? 'GET', headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function run(): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const url = new URL(options.url);
  const latencies: number[] = [];
  let sent = 0;
  let failed = 0;
  let bytes = 0;
  let firstFailure: string | undefined;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (sent < options.requests) {
        const n = sent;
        sent += 1;
        const t0 = performance.now();
        const answer = await send(agent, url, n);
        latencies.push(performance.now() - t0);
        bytes += answer.bytes;
        if (answer.status !== (options.expectStatus ?? 200) || (options.expectBytes !== undefined && answer.bytes !== options.expectBytes)) {
          failed += 1;
          firstFailure ??= `status ${answer.status}, ${answer.bytes} bytes`;
        }
      }
    }),
  );
  const ms = performance.now() - start;
  // Hang up only once the servers have seen their last answers out (an early close cuts a streamed file short).
  await new Promise((resolve) => setTimeout(resolve, 100));
  agent.destroy();
  const inOrder = options.keepLatencies ? [...latencies] : undefined;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))]!;
  return { requests: latencies.length, ms, requestsPerSecond: (latencies.length / ms) * 1000, p50Ms: at(50), p99Ms: at(99), failed, firstFailure, bytes, latenciesMs: inOrder };
}

run().then(
  (result) => parentPort!.postMessage(result),
  (error: unknown) => parentPort!.postMessage({ error: String((error as Error)?.stack ?? error) }),
);
