import { Worker } from 'node:worker_threads';
import { PASSWORD_MAX_LENGTH } from '@ifu/contracts';

/** The longest one estimate may take before the password is refused as not checkable in time. */
export const STRENGTH_DEADLINE_MS = 2_000;
/**
 * The longest a new worker may take to load its dictionaries. Its start does not count toward an estimate's deadline:
 * on a busy machine a cold start alone can take seconds, and a password refused for that would be refused again (a
 * timed-out worker is ended, so the next estimate starts cold too).
 */
export const STARTUP_DEADLINE_MS = 30_000;
/** Estimates waiting beyond this many are refused at once rather than queued. */
const MAX_WAITING = 32;

export type StrengthOutcome = { score: number } | { timedOut: true };

interface Job {
  id: number;
  resolve: (outcome: StrengthOutcome) => void;
}

/**
 * zxcvbn-ts's strength estimate in a worker thread: a hostile phrase can hold an event loop for minutes. The worker
 * takes one estimate at a time on input no longer than PASSWORD_MAX_LENGTH; one that takes longer than the deadline
 * ends the worker (a new one starts for the next estimate) and is answered as timed out, so the request thread never
 * waits on an unbounded computation.
 */
export class StrengthEstimator {
  private worker?: Worker;
  /** The worker has loaded and said so: an estimate's deadline starts when it is posted. */
  private ready = false;
  private current?: Job & { timer: NodeJS.Timeout };
  private readonly waiting: Array<Job & { password: string; userInputs: string[] }> = [];
  private nextId = 1;

  constructor(private readonly deadlineMs = STRENGTH_DEADLINE_MS) {}

  estimate(password: string, userInputs: string[]): Promise<StrengthOutcome> {
    if (this.waiting.length >= MAX_WAITING) return Promise.resolve({ timedOut: true });
    return new Promise((resolve) => {
      this.waiting.push({ id: this.nextId++, resolve, password: password.slice(0, PASSWORD_MAX_LENGTH), userInputs });
      this.startNext();
    });
  }

  /** Ends the worker (tests, shutdown); estimates still waiting are answered as timed out. */
  async close(): Promise<void> {
    for (const job of this.waiting.splice(0)) job.resolve({ timedOut: true });
    this.finish({ timedOut: true });
    await this.stopWorker();
  }

  private startNext(): void {
    if (this.current) return;
    const job = this.waiting.shift();
    if (!job) return;
    const worker = this.ensureWorker();
    this.current = { id: job.id, resolve: job.resolve, timer: this.deadline(this.ready ? this.deadlineMs : STARTUP_DEADLINE_MS) };
    worker.postMessage({ id: job.id, password: job.password, userInputs: job.userInputs });
  }

  /** Ends the current estimate as timed out after `ms`, and the worker with it. */
  private deadline(ms: number): NodeJS.Timeout {
    return setTimeout(() => {
      this.finish({ timedOut: true });
      void this.stopWorker();
      this.startNext();
    }, ms);
  }

  private finish(outcome: StrengthOutcome, id = this.current?.id): void {
    const job = this.current;
    if (!job || job.id !== id) return;
    clearTimeout(job.timer);
    this.current = undefined;
    job.resolve(outcome);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./password-strength-worker.mjs', import.meta.url), {
      workerData: { maxLength: PASSWORD_MAX_LENGTH, l33tMaxSubstitutions: 16 },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    worker.unref();
    worker.on('message', (message: { ready?: true; id: number; score?: number; error?: string }) => {
      if (message.ready) {
        if (this.worker !== worker) return;
        this.ready = true;
        // The estimate posted while the worker loaded: its own deadline starts now.
        if (this.current) {
          clearTimeout(this.current.timer);
          this.current.timer = this.deadline(this.deadlineMs);
        }
        return;
      }
      // An estimate that throws is answered like one that cannot finish: the password is not accepted unchecked.
      this.finish(typeof message.score === 'number' ? { score: message.score } : { timedOut: true }, message.id);
      this.startNext();
    });
    const lost = () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.ready = false;
      this.finish({ timedOut: true });
      this.startNext();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    this.worker = worker;
    return worker;
  }

  private async stopWorker(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = false;
    await worker?.terminate();
  }
}
