/**
 * The real API (startApi) against a schema of the bench database, the projections worker as a separate process, a
 * bare Express + pg app as a baseline, and the HTTP workloads run against them.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import pg from 'pg';
import pino from 'pino';
import type { Database } from '@ifu/storage/database/database';
import { openPostgres } from '@ifu/storage/database/postgres';
import type { Storage } from '@ifu/storage/storage';
import { startApi, type RunningApi } from '@ifu/services/api-server';
import { completeLogIn } from '../../test-support/http-client';
import { BENCH_AUDIT_KEY } from '../lib/audit-key';
import { startSmtpSink } from '../lib/smtp-sink';
import { loadConfig } from '@ifu/services/platform/config';
import type { BenchDatabase } from '../lib/database';
import { runLoad, type LoadOptions, type LoadResult } from '../lib/load';
import { median, percentile } from '../lib/stats';

const REPO_ROOT = new URL('../../', import.meta.url).pathname;
export const ADMIN_EMAIL = 'bench.admin@example-ifu.de';
const ADMIN_PASSWORD = 'bench horse battery staple';

/**
 * The product's JSON logger (services/src/platform/logger.ts, format 'json': pino, synchronous, with its redaction)
 * writing to /dev/null instead of stdout: every request is logged and serialized as in production, nothing is shown.
 */
function jsonLoggerToDevNull() {
  return pino(
    {
      level: 'info',
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.newPassword', '*.oldPassword', '*.token'],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: '/dev/null', sync: true }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// A small keep-alive JSON client for the sequential calls (arrangement, write latency).
// ---------------------------------------------------------------------------------------------------------------

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are checked field by field
  body: any;
}

export function call(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  const headers: Record<string, string> = {};
  if (payload) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(payload.length);
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ status: res.statusCode ?? 0, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

function expectOk(answer: Answer, what: string): Answer {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

// ---------------------------------------------------------------------------------------------------------------
// The projections worker process and the API.
// ---------------------------------------------------------------------------------------------------------------

export interface WorkerProcess {
  pid: number;
  stop(): Promise<void>;
}

/**
 * `projections/src/worker.ts` as its own Node process, as in production; DATABASE_URL names the bench database and
 * the schema (`?options=-c search_path=…`, which pg applies to the worker's pool and its LISTEN connection). Run as
 * `node --import tsx projections/src/worker.ts`: what `npx tsx projections/src/worker.ts` runs, without the npx and
 * tsx launcher processes in between (so the signal that stops it reaches it). Resolves once it logs that it runs.
 */
export async function startProjectionsWorker(databaseUrl: string, dataDir: string): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'projections/src/worker.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUDIT_KEY: BENCH_AUDIT_KEY, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`projections worker did not start within 30 s:\n${output.join('')}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString('utf8'));
      if (output.join('').includes('projections worker running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`projections worker exited with ${code}:\n${output.join('')}`));
    });
  });
  // From here on its output is not needed, but must be read so that the pipe never fills.
  child.stdout.removeAllListeners('data');
  child.stdout.resume();
  return {
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      process.off('exit', killOnExit);
    },
  };
}

export interface BenchApi {
  url: string;
  api: RunningApi;
  /** A small pool of the bench on the API's schema (arrangement and checks). */
  db: Database;
  dataDir: string;
  /** The bootstrap administrator's bearer token and id. */
  token: string;
  adminId: string;
  worker?: WorkerProcess;
  stop(): Promise<void>;
}

/**
 * The real API in this process on a free port (as test-support/test-api.ts starts it), over a fresh migrated schema
 * of the bench database: configuration from loadConfig (production mode, explicit secrets, LOG_LEVEL=info, JSON
 * logs to /dev/null), DATABASE_URL naming the schema, so startApi opens its storage itself as in production. With
 * `runProjections: false` the projections worker runs as a separate process (started first, as a deployment does).
 * For profiles: `storage` replaces the storage opened from DATABASE_URL (an instrumented pool), `existingSchema`
 * starts a second API on a schema another one already serves, and `filesDir` shares that one's files.
 */
export async function startBenchApi(
  bench: BenchDatabase,
  schema: string,
  options: { runProjections: boolean; storage?: Storage; existingSchema?: boolean; filesDir?: string },
): Promise<BenchApi> {
  const db = options.existingSchema ? openPostgres({ connectionString: bench.schemaUrl(schema), max: 2 }) : await bench.openSchema(schema, 2);
  const databaseUrl = bench.schemaUrl(schema);
  const dataDir = mkdtempSync(join(tmpdir(), 'ifu-bench-'));
  const worker = options.runProjections ? undefined : await startProjectionsWorker(databaseUrl, dataDir);
  const smtp = await startSmtpSink();
  let api: RunningApi;
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      API_PORT: '0',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      LINK_SECRET: randomBytes(36).toString('base64url'),
      AUDIT_KEY: BENCH_AUDIT_KEY,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      RUN_PROJECTIONS: String(options.runProjections),
      ...(options.filesDir ? { FILES_DIR: options.filesDir } : {}),
    });
    api = await startApi(config, { logger: jsonLoggerToDevNull(), host: '127.0.0.1', storage: options.storage });
  } catch (error) {
    await worker?.stop();
    await smtp.close();
    throw error;
  }
  const url = `http://127.0.0.1:${api.port}`;
  const login = expectOk(await call('POST', `${url}/user/get/token`, { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } }), 'login');
  return {
    url,
    api,
    db,
    dataDir,
    // An ADMIN sets up a second factor at the first login: the test helpers do it as a person would.
    token: await completeLogIn(url, ADMIN_EMAIL, login.body),
    adminId: login.body.id as string,
    worker,
    async stop() {
      await api.stop();
      await smtp.close();
      await options.storage?.close();
      await worker?.stop();
      if (options.existingSchema) await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The printed name of a bench user: one person per name among active users (the product refuses a second one), so the
 * last name carries the address's own part (`approver.3@…` is "Bench Approver approver.3").
 */
export const benchUserName = (email: string, role: 'ADMIN' | 'USER') => ({
  firstName: 'Bench',
  lastName: `${role === 'ADMIN' ? 'Approver' : 'Member'} ${email.split('@')[0]}`,
});
export const benchPrintedName = (email: string, role: 'ADMIN' | 'USER') => {
  const { firstName, lastName } = benchUserName(email, role);
  return `${firstName} ${lastName}`;
};

/** POST /user/add as the administrator (the set-password mail goes to the loopback SMTP sink): the new account's id. */
export async function addUser(api: Pick<BenchApi, 'url' | 'token'>, email: string, role: 'ADMIN' | 'USER'): Promise<string> {
  const answer = await call('POST', `${api.url}/user/add`, {
    token: api.token,
    body: { email, ...benchUserName(email, role), role, isTrainingCompleted: true },
  });
  return expectOk(answer, 'POST /user/add').body.user.id as string;
}

// ---------------------------------------------------------------------------------------------------------------
// Row: write latency with projections in-process or in the worker.
// ---------------------------------------------------------------------------------------------------------------

export interface WriteLatency {
  mode: 'in-process' | 'worker';
  requests: number;
  /** Writes that took 250 ms or more: the poll interval of ProjectionRunner.waitForWorker. */
  slow: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  latenciesMs: number[];
}

/**
 * The write: the user's role, alternately ADMIN and USER. A role change takes effect at once; an admin's change of
 * someone's name or email would only ask the user to accept it and mail them.
 */
const ROLES = ['ADMIN', 'USER'] as const;

/**
 * `PUT /user/modify` as the administrator, one request after the other, each changing the first name (so each
 * appends one UserModified and waits for user-accounts before it answers with the row). Every answer must already
 * show the new name: the read-your-writes the wait is for.
 */
export async function timeWrites(api: BenchApi, userId: string, email: string, count: number, mode: WriteLatency['mode'], offset = 0): Promise<WriteLatency> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const role = ROLES[(offset + i) % 2]!;
    const body = { id: userId, email, ...benchUserName(email, 'USER'), role, isTrainingCompleted: true };
    const t0 = performance.now();
    const answer = await call('PUT', `${api.url}/user/modify`, { token: api.token, body });
    latencies.push(performance.now() - t0);
    expectOk(answer, 'PUT /user/modify');
    if (answer.body.user.role !== role) throw new Error(`PUT /user/modify answered the old row: ${JSON.stringify(answer.body.user)}`);
  }
  return {
    mode,
    requests: count,
    slow: latencies.filter((ms) => ms >= 250).length,
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    latenciesMs: latencies,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Rows: authenticated reads against a bare Express + pg app.
// ---------------------------------------------------------------------------------------------------------------

export interface BareApp {
  url: string;
  close(): Promise<void>;
}

/**
 * The baseline: Express 5 in this process with nothing but the route, a pg pool of the app's size (10) on the same
 * schema, and the same reads: `GET /user/me` selects the user row by id (from a header: no token, no session) and
 * answers the same JSON; `GET /customer/logo/:id` selects the customer's logo columns and streams the same file.
 */
export async function startBareApp(databaseUrl: string, filesDir: string): Promise<BareApp> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = express();
  app.get('/user/me', async (req, res) => {
    const { rows } = await pool.query<{
      id: string;
      email: string;
      first_name: string;
      last_name: string;
      role: string;
      is_training_completed: boolean;
      second_factor_enrolled: boolean;
      task_mail: string;
    }>(
      'SELECT * FROM user_accounts WHERE id = $1',
      [req.get('x-user-id')],
    );
    const user = rows[0];
    if (!user) {
      res.status(404).end();
      return;
    }
    // The product's answer (auth/login-routes.ts): the account as it is now, and whether an ADMIN still owes a second factor.
    res.json({
      id: user.id,
      email: user.email,
      firstName: user.first_name,
      lastName: user.last_name,
      role: user.role,
      isTrainingCompleted: user.is_training_completed,
      secondFactorEnrolled: user.second_factor_enrolled,
      secondFactorRequired: user.role === 'ADMIN' && !user.second_factor_enrolled,
      taskMail: user.task_mail,
    });
  });
  app.get('/customer/logo/:id', async (req, res) => {
    const { rows } = await pool.query<{ logo_sha256: string | null; logo_content_type: string | null }>(
      'SELECT logo_sha256, logo_content_type FROM customer_list WHERE id = $1',
      [req.params.id],
    );
    const logo = rows[0];
    if (!logo?.logo_sha256 || !logo.logo_content_type) {
      res.status(404).end();
      return;
    }
    // The content address as a strong validator, and 304 when the client names it: what any file server does.
    const etag = `"${logo.logo_sha256}"`;
    res.setHeader('ETag', etag);
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    const path = join(filesDir, logo.logo_sha256);
    const info = await stat(path);
    res.setHeader('Content-Type', logo.logo_content_type);
    res.setHeader('Content-Length', String(info.size));
    await pipeline(createReadStream(path), res);
  });
  // A client that hangs up before the last bytes were flushed ends a streamed answer early: nothing to report.
  app.use((error: unknown, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) res.destroy();
    else next(error);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pool.end();
    },
  };
}

export interface ThroughputComparison {
  name: string;
  requestsPerRound: number;
  concurrency: number;
  baseline: LoadResult[];
  product: LoadResult[];
  baselineRps: number;
  productRps: number;
  /** Median product requests/s over median baseline requests/s. */
  ratio: number;
  /** product / baseline of each round (the two ran back to back). */
  roundRatios: number[];
}

/**
 * The same closed-loop load against the baseline and the product, alternating round by round (baseline first in
 * odd rounds, product first in even ones), after an untimed warm-up of each; requests/s are the medians.
 */
export async function compareThroughput(
  name: string,
  baseline: Omit<LoadOptions, 'requests' | 'concurrency'>,
  product: Omit<LoadOptions, 'requests' | 'concurrency'>,
  options: { requests: number; concurrency: number; rounds: number; warmup: number },
): Promise<ThroughputComparison> {
  const { requests, concurrency, rounds, warmup } = options;
  await runLoad({ ...baseline, requests: warmup, concurrency });
  await runLoad({ ...product, requests: warmup, concurrency });
  const b: LoadResult[] = [];
  const p: LoadResult[] = [];
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['b', 'p'] as const) : (['p', 'b'] as const);
    for (const which of order) {
      if (which === 'b') b.push(await runLoad({ ...baseline, requests, concurrency }));
      else p.push(await runLoad({ ...product, requests, concurrency }));
    }
  }
  const baselineRps = median(b.map((r) => r.requestsPerSecond));
  const productRps = median(p.map((r) => r.requestsPerSecond));
  return {
    name,
    requestsPerRound: requests,
    concurrency,
    baseline: b,
    product: p,
    baselineRps,
    productRps,
    ratio: productRps / baselineRps,
    roundRatios: p.map((r, i) => r.requestsPerSecond / b[i]!.requestsPerSecond),
  };
}

/** GET as the load generator sends it, the answer's body as bytes: both sides must answer the same. */
export function fetchBytes(url: string, headers: Record<string, string>): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** POST /customer/add (multipart, the logo as `customerLogo`) as the administrator: the new customer's id. */
export async function addCustomer(api: Pick<BenchApi, 'url' | 'token'>, approverId: string, logo: Buffer, name = 'Medline Nord Bench GmbH'): Promise<string> {
  const form = new FormData();
  form.set('customerName', name);
  form.set('contactInformation', '+49 40 1234 5678');
  form.set('contactEmail', 'ifu@medline-nord.example');
  form.set('countryExclusionList', 'US,CA');
  form.set('customerWebsiteLink', 'https://www.medline-nord.example/ifu');
  form.set('approverId', approverId);
  form.set('customerLogo', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'medline-logo.png');
  const response = await fetch(`${api.url}/customer/add`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const body = (await response.json()) as { customer?: { id: string } };
  if (response.status !== 200 || !body.customer) throw new Error(`POST /customer/add: ${response.status} ${JSON.stringify(body)}`);
  return body.customer.id;
}
