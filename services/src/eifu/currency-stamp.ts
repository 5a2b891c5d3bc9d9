import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { residentBytes } from '../files';
import type { Config } from '../platform/config';
import { refuse } from '../platform/errors';

const WORKER = fileURLToPath(new URL('./currency-stamp-worker.mjs', import.meta.url));

/**
 * What the currency page of a downloaded PDF says: of an approved child, its version's permalink (also as a
 * QR code), its number and date of issue, and the permalink that always names the current version; of a child never
 * approved, that it is a draft; of an approved child with no public version now (its customer withdrawn), that.
 */
export type CurrencyFacts = (
  | { kind: 'version'; permalink: string; currentPermalink: string; version: number; /** `YYYY-MM-DD` */ issued: string }
  | { kind: 'draft' | 'unpublished'; documentNumber: string }
) & {
  /** The page's language (en, de, fr, es, it): a reader's download is stamped in theirs; absent, English. */
  lang?: string;
};

/**
 * `appendix`: the bytes to send after the stored file's, an incremental update adding the last page; the stored file
 * itself is sent unchanged before it. `unstamped`: the PDF cannot take the page within the limits (encrypted, damaged,
 * too costly to read), with the reason.
 */
export type StampOutcome = { appendix: Buffer; unstamped?: undefined } | { appendix?: undefined; unstamped: string };

export interface StampLimits {
  /** Resident memory of the stamping process; above it the process is killed (the V8 heap gets three quarters). */
  maxMemoryMb: number;
  timeoutMs: number;
  /** Processes at once; further downloads wait their turn. */
  atOnce: number;
  /** Downloads waiting for a turn; beyond them a download is refused (503 `downloads-busy`), nothing recorded. */
  maxWaiting: number;
  /** Outcomes remembered (by the file's SHA-256 and the facts), so that a file is stamped, or fails, once. */
  remembered: number;
}

/** A page of text, two fonts named and a QR code of a few hundred modules: a few KB; more is not this worker's. */
const MAX_APPENDIX_BYTES = 256 * 1024;
const MAX_STDERR_BYTES = 4 * 1024;
const WATCH_MS = 25;

export const stampLimits = (config: Config): StampLimits => ({
  maxMemoryMb: config.PDF_TEXT_MAX_MEMORY_MB,
  timeoutMs: 15_000,
  atOnce: 2,
  maxWaiting: 16,
  remembered: 500,
});

/**
 * Runs `currency-stamp-worker.mjs` on one PDF in a child process held to the limits, as PDF text extraction is
 * (files/pdf-process.ts): the V8 heap capped by flags, resident memory watched and the process killed above the cap,
 * killed at the time limit, its output and errors bounded. A hostile PDF ends that process, never the API.
 */
export async function runStampWorker(pdf: Readable, facts: CurrencyFacts, limits: Pick<StampLimits, 'maxMemoryMb' | 'timeoutMs'>): Promise<StampOutcome> {
  const heapMb = Math.max(32, Math.floor(limits.maxMemoryMb * 0.75));
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '--disallow-code-generation-from-strings', WORKER], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', PDF_STAMP: JSON.stringify(facts) },
  });
  let killedFor: string | undefined;
  const kill = (reason: string) => {
    killedFor ??= reason;
    child.kill('SIGKILL');
  };
  const out: Buffer[] = [];
  let outBytes = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    outBytes += chunk.length;
    if (outBytes > MAX_APPENDIX_BYTES) kill('the page came out larger than a page can be');
    else out.push(chunk);
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.slice(0, MAX_STDERR_BYTES - stderr.length);
  });
  child.stdin.on('error', () => undefined);
  pdf.on('error', () => kill('the stored file could not be read'));
  pdf.pipe(child.stdin);

  const timer = setTimeout(() => kill(`stopped after ${limits.timeoutMs / 1000} s`), limits.timeoutMs);
  const maxBytes = limits.maxMemoryMb * 1024 * 1024;
  let watching = false;
  const watchdog = setInterval(() => {
    if (watching || child.pid === undefined) return;
    watching = true;
    void residentBytes(child.pid).then((bytes) => {
      watching = false;
      if (bytes !== undefined && bytes > maxBytes) kill(`stopped above ${limits.maxMemoryMb} MB of memory`);
    });
  }, WATCH_MS);
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  clearTimeout(timer);
  clearInterval(watchdog);
  pdf.unpipe(child.stdin);
  pdf.destroy();

  if (killedFor) return { unstamped: killedFor };
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderr)) return { unstamped: `stopped above ${limits.maxMemoryMb} MB of memory` };
  if (code !== 0 || outBytes === 0) return { unstamped: (stderr.split('\n').find((l) => l.trim() !== '') ?? `exit ${code}`).trim().slice(0, 300) };
  return { appendix: Buffer.concat(out) };
}

export interface CurrencyStamper {
  /**
   * The appendix for the stored file `sha256` (opened by `open` only when it is not remembered), or why it has none;
   * `undefined` for bytes made per request (the signature manifest's), which are never remembered.
   * Refuses with `downloads-busy` when `maxWaiting` downloads already wait for a process.
   */
  stamp(sha256: string | undefined, open: () => Promise<Readable>, facts: CurrencyFacts): Promise<StampOutcome>;
}

/** A stamper with its own queue and memory of outcomes (one per API process). */
export function createCurrencyStamper(limits: StampLimits, run = runStampWorker): CurrencyStamper {
  let running = 0;
  const waiting: Array<() => void> = [];
  // Insertion order is use order: a hit is moved to the end, the oldest goes first.
  const remembered = new Map<string, Promise<StampOutcome>>();
  const turn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= limits.atOnce) {
      if (waiting.length >= limits.maxWaiting) refuse('downloads-busy');
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
  return {
    async stamp(sha256, open, facts) {
      if (sha256 === undefined) return turn(async () => run(await open(), facts, limits));
      const key = `${sha256} ${JSON.stringify(facts)}`;
      const known = remembered.get(key);
      if (known) {
        remembered.delete(key);
        remembered.set(key, known);
        return known;
      }
      // Shared while it runs: many readers of one new version at once start one process.
      const outcome = turn(async () => run(await open(), facts, limits));
      remembered.set(key, outcome);
      // A refusal (busy) or a failure to open the file is not an outcome of the file: not remembered.
      outcome.catch(() => remembered.delete(key));
      while (remembered.size > limits.remembered) remembered.delete(remembered.keys().next().value!);
      return outcome;
    },
  };
}

const stampers = new WeakMap<Config, CurrencyStamper>();
/** The API process's stamper for this configuration. */
export function currencyStamperOf(config: Config): CurrencyStamper {
  let stamper = stampers.get(config);
  if (!stamper) stampers.set(config, (stamper = createCurrencyStamper(stampLimits(config))));
  return stamper;
}
