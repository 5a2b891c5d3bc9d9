import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PdfWorkerPool } from '../files';
import type { Config } from '../platform/config';
import { Refusal, refuse } from '../platform/errors';

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
  /** The longest a download waits for its turn; then it is refused the same way. */
  maxWaitMs: number;
  /** Outcomes remembered (by the file's SHA-256 and the facts), so that a file is stamped, or fails, once. */
  remembered: number;
}

/** A page of text, two fonts named and a QR code of a few hundred modules: a few KB; more is not this worker's. */
const MAX_APPENDIX_BYTES = 256 * 1024;

export const stampLimits = (config: Config): StampLimits => ({
  maxMemoryMb: config.PDF_TEXT_MAX_MEMORY_MB,
  timeoutMs: 15_000,
  atOnce: 2,
  // A launch's wave of new pages waits its turn (a warm process makes a small PDF's page in tens of milliseconds)
  // rather than being refused at once; a wait too long for a reader ends as busy.
  maxWaiting: 64,
  maxWaitMs: 10_000,
  remembered: 500,
});

/**
 * The processes that stamp, kept warm and reused (starting Node and importing pdf-lib took most of a page's second):
 * each file is still held to its limits as in a process of its own (pdf-process.ts: the V8 heap capped by flags,
 * resident memory watched and the process killed above the cap, killed at the time limit, its answer bounded). A
 * hostile PDF ends that process, never the API; a process is replaced after 100 files or when one left it large. Two
 * kept idle: the stamper runs two at a time (`stampLimits`), so neither waits for a start.
 */
export const stampWorkers = new PdfWorkerPool({ script: WORKER, keepIdle: 2, filesPerProcess: 100, idleMemoryMb: 160 });

/** Adds the currency page `facts` describes to one PDF, in a process of `stampWorkers` held to `limits`. */
export async function runStampWorker(pdf: Readable, facts: CurrencyFacts, limits: Pick<StampLimits, 'maxMemoryMb' | 'timeoutMs'>): Promise<StampOutcome> {
  const outcome = await stampWorkers.run(
    pdf,
    'stamp',
    { maxMemoryMb: limits.maxMemoryMb, timeoutMs: limits.timeoutMs, maxTextBytes: 0, maxPages: 0, maxOutputBytes: MAX_APPENDIX_BYTES },
    undefined,
    { stamp: facts },
  );
  if (outcome.failure !== null) return { unstamped: outcome.failure };
  if (outcome.output.length === 0) return { unstamped: 'the page came out empty' };
  return { appendix: outcome.output };
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
      await new Promise<void>((resolve, reject) => {
        const turnCame = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(turnCame), 1);
          reject(new Refusal({ code: 'downloads-busy' }));
        }, limits.maxWaitMs);
        waiting.push(turnCame);
      });
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
