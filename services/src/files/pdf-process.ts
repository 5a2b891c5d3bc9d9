import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./pdf-worker.mjs', import.meta.url));

/** Why a PDF's text stopped before its end: a limit of the extraction. */
export type CutReason = 'text-limit' | 'page-limit' | 'time-limit' | 'memory-limit';

export interface PdfLimits {
  /** Resident memory of the process (the V8 heap gets three quarters of it): above it the process is killed. */
  maxMemoryMb: number;
  timeoutMs: number;
  /** UTF-8 bytes of text kept; the worker stops reading the PDF once it has them. */
  maxTextBytes: number;
  maxPages: number;
  /** Bytes the answer may carry (`bytes` messages: the stamping worker's appendix); beyond them the process is ended. */
  maxOutputBytes?: number;
}

/** A PDF to read: its bytes as a stream, or a file on the local disk (the worker reads it, nothing goes through a pipe). */
export type PdfSource = Readable | { path: string };

export interface PdfOutcome {
  pages: number;
  text: string;
  /** Set when the text was stopped early by a limit: what it holds is what was extracted before. */
  cut: CutReason | null;
  /** Set when the process did not finish: the first error line it wrote, or the limit that ended it. */
  failure: string | null;
  /** The largest resident memory the watchdog saw, in MB (0 where /proc is not there to read it). */
  peakMemoryMb: number;
  /** The PDF needs a password to be read: its structure is a PDF's, its text cannot be extracted. */
  encrypted: boolean;
  /** The bytes the worker answered (`bytes` messages), in order; empty for the reader's modes. */
  output: Buffer;
}

/** What a job asks of a worker: the reader's (pdf-worker.mjs) `check` and `text`, the stamping worker's `stamp`. */
export type PdfJobMode = 'check' | 'text' | 'stamp';

/** The resident memory of a process in bytes, from /proc (Linux); undefined elsewhere or once it has ended. */
export async function residentBytes(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/** How often the watchdog reads the process's resident memory. */
const WATCH_MS = 25;
/** A line of the worker's answer longer than this is not one it writes: the process is ended. */
const MAX_LINE_BYTES = 256 * 1024;
const MAX_STDERR_BYTES = 16 * 1024;
/** The file goes to the worker in frames no larger than this (the worker refuses larger ones). */
const MAX_FRAME_BYTES = 1024 * 1024;

export interface PdfPoolOptions {
  /** The worker script the pool's processes run (the jobs protocol of pdf-job-protocol.mjs); the PDF reader by default. */
  script?: string;
  /** Idle processes kept warm per memory limit; a file finding none starts one (callers bound how many run at once). */
  keepIdle: number;
  /** A process is replaced after this many files: whatever pdf.js keeps between documents never piles up. */
  filesPerProcess: number;
  /** A process whose resident memory after a file is above this (what a large file left behind) is replaced. */
  idleMemoryMb: number;
}

/** What the pool tells about its processes (tests and the bench). */
export interface PdfPoolStats {
  /** Processes started since the pool was made. */
  started: number;
  /** Processes ended by the pool: a limit, a crash, files served, memory left behind. */
  replaced: number;
  idle: number;
  busy: number;
}

type Message = { type: string; job?: number; pages?: number; text?: string; data?: string; reason?: CutReason; message?: string };

/** One worker process (`pdf-worker.mjs` or another script): serves one file at a time; never given another once it has been killed. */
class PdfProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  served = 0;
  dead = false;
  /** The current job's handlers; an answer arriving with none (or for another job) ends the process. */
  private onMessage?: (message: Message) => void;
  private onProtocolError?: () => void;
  private line = '';
  stderr = '';

  constructor(
    readonly memoryMb: number,
    script: string,
  ) {
    const heapMb = Math.max(32, Math.floor(memoryMb * 0.75));
    this.child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '--disallow-code-generation-from-strings', '--expose-gc', script], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '' },
    });
    // An idle process never holds the API (or a test run) open; it ends by itself when its stdin closes.
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr] as Array<{ unref?: () => void }>) stream.unref?.();
    this.exited = new Promise((resolve) => this.child.once('close', () => resolve()));
    void this.exited.then(() => {
      this.dead = true;
    });
    // A worker that dies early closes its stdin: the pipe's error is the worker's failure, reported by the job.
    this.child.stdin!.on('error', () => undefined);
    this.child.stdout!.setEncoding('utf8');
    this.child.stdout!.on('data', (chunk: string) => this.read(chunk));
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (chunk: string) => {
      if (this.stderr.length < MAX_STDERR_BYTES) this.stderr += chunk.slice(0, MAX_STDERR_BYTES - this.stderr.length);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  kill(): void {
    this.dead = true;
    this.child.kill('SIGKILL');
  }

  /** Starts a job: its answers go to `onMessage`; anything the worker does not write ends it (`onProtocolError`). */
  listen(onMessage: (message: Message) => void, onProtocolError: () => void): void {
    this.line = '';
    this.stderr = '';
    this.onMessage = onMessage;
    this.onProtocolError = onProtocolError;
  }

  quiet(): void {
    this.onMessage = undefined;
    this.onProtocolError = undefined;
  }

  private read(chunk: string): void {
    this.line += chunk;
    for (let end = this.line.indexOf('\n'); end >= 0; end = this.line.indexOf('\n')) {
      const text = this.line.slice(0, end);
      this.line = this.line.slice(end + 1);
      let message: Message;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        message = { type: 'unreadable' };
      }
      if (this.onMessage) this.onMessage(message);
      else this.kill();
      if (this.dead) return;
    }
    if (Buffer.byteLength(this.line) > MAX_LINE_BYTES) {
      if (this.onProtocolError) this.onProtocolError();
      else this.kill();
    }
  }
}

/**
 * A few long-lived `pdf-worker.mjs` processes, reused across files: starting Node and importing pdf.js
 * costs hundreds of ms, which an upload's answer should not wait for. Each file is still held to its own limits, as
 * a process of its own was: the V8 heap capped by flags, the resident memory read from /proc every 25 ms and the
 * process killed above the cap, killed at the time limit, its text capped in bytes and pages, the parent's buffers
 * for its output bounded. A process that is killed, crashes, has served `filesPerProcess` files or keeps more than
 * `idleMemoryMb` after one is ended and replaced; a process never has two files at once, and every line it answers
 * carries the job's number, so one file's text is never taken for another's.
 */
export class PdfWorkerPool {
  private readonly idle: PdfProcess[] = [];
  private readonly busy = new Set<PdfProcess>();
  private jobs = 0;
  private started = 0;
  private replaced = 0;

  constructor(private readonly options: PdfPoolOptions) {}

  stats(): PdfPoolStats {
    return { started: this.started, replaced: this.replaced, idle: this.idle.length, busy: this.busy.size };
  }

  /** The processes' ids, idle and busy (tests). */
  pids(): number[] {
    return [...this.idle, ...this.busy].map((worker) => worker.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** Starts idle processes for this memory limit up to `keepIdle`, so that the first file finds one ready. */
  warm(maxMemoryMb: number): void {
    while (this.idle.filter((p) => p.memoryMb === maxMemoryMb).length < this.options.keepIdle) this.idle.push(this.spawn(maxMemoryMb));
  }

  /** Ends the idle processes (busy ones finish their file, then end): tests, shutdown. */
  async close(): Promise<void> {
    const idle = this.idle.splice(0);
    for (const worker of idle) worker.kill();
    await Promise.all(idle.map((worker) => worker.exited));
  }

  private spawn(memoryMb: number): PdfProcess {
    this.started += 1;
    const worker = new PdfProcess(memoryMb, this.options.script ?? WORKER);
    // An idle process that dies (killed from outside) leaves the pool.
    void worker.exited.then(() => {
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  /**
   * An idle process of this memory limit, else a new one. Its resident memory is read first (the worker collects its
   * garbage after each answer, so by now it is back near its start): one that a file left above `idleMemoryMb` is
   * replaced.
   */
  private async take(memoryMb: number): Promise<PdfProcess> {
    for (;;) {
      const at = this.idle.findIndex((worker) => worker.memoryMb === memoryMb && !worker.dead);
      if (at < 0) break;
      const worker = this.idle.splice(at, 1)[0]!;
      const bytes = worker.pid === undefined ? undefined : await residentBytes(worker.pid);
      if (bytes !== undefined && bytes <= this.options.idleMemoryMb * 1024 * 1024 && !worker.dead) {
        this.busy.add(worker);
        return worker;
      }
      worker.kill();
      this.replaced += 1;
    }
    const worker = this.spawn(memoryMb);
    this.busy.add(worker);
    return worker;
  }

  /** Ends the oldest idle processes (of other memory limits: tests use several) beyond twice `keepIdle`. */
  private trim(): void {
    while (this.idle.length >= this.options.keepIdle * 2) this.idle.shift()!.kill();
  }

  /** Back to the idle ones, or ended and replaced (so the next file still finds a warm process). */
  private release(worker: PdfProcess, reusable: boolean): void {
    this.trim();
    worker.quiet();
    worker.served += 1;
    const keep = reusable && !worker.dead && worker.served < this.options.filesPerProcess;
    this.busy.delete(worker);
    const idleOfKind = this.idle.filter((p) => p.memoryMb === worker.memoryMb).length;
    if (keep && !worker.dead && idleOfKind < this.options.keepIdle) {
      this.idle.push(worker);
      return;
    }
    if (!worker.dead) worker.kill();
    if (!keep) this.replaced += 1;
    if (idleOfKind < this.options.keepIdle) this.idle.push(this.spawn(worker.memoryMb));
  }

  /**
   * Reads one PDF (`check`: its structure and first page; `text`: its text; `stamp`: the bytes of its currency page,
   * `details` carrying what the page says) in a process of the pool, held to `limits`: a stream is sent through the
   * process's stdin; a file on the local disk is read by the process itself.
   */
  async run(pdf: PdfSource, mode: PdfJobMode, limits: PdfLimits, signal?: AbortSignal, details: Record<string, unknown> = {}): Promise<PdfOutcome> {
    // A stream that fails while it waits for a process (its file gone meanwhile) must not fail unheard, which ends
    // the API process: the error stays on the stream, and reading it below ends the job like an unreadable file.
    if (pdf instanceof Readable) pdf.on('error', () => {});
    const worker = await this.take(limits.maxMemoryMb);
    const job = ++this.jobs;
    const outcome: PdfOutcome = { pages: 0, text: '', cut: null, failure: null, peakMemoryMb: 0, encrypted: false, output: Buffer.alloc(0) };
    const text: string[] = [];
    let textBytes = 0;
    const output: Buffer[] = [];
    let outputBytes = 0;
    let answered: 'done' | 'error' | undefined;
    let errorMessage = '';
    let killedFor: CutReason | 'protocol' | undefined;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const kill = (reason: CutReason | 'protocol') => {
      killedFor ??= reason;
      worker.kill();
    };
    void worker.exited.then(() => finish());

    worker.listen(
      (message) => {
        if (answered || message.job !== job) return kill('protocol');
        if (message.type === 'pages') outcome.pages = Number(message.pages) || 0;
        else if (message.type === 'cut' && message.reason) outcome.cut ??= message.reason;
        else if (message.type === 'encrypted') outcome.encrypted = true;
        else if (message.type === 'done' || message.type === 'error') {
          answered = message.type;
          errorMessage = String(message.message ?? '').slice(0, 300);
          finish();
        } else if (message.type === 'text' && typeof message.text === 'string') {
          const size = Buffer.byteLength(message.text);
          if (textBytes + size > limits.maxTextBytes) {
            outcome.cut = 'text-limit';
            kill('text-limit');
          } else {
            textBytes += size;
            text.push(message.text);
          }
        } else if (message.type === 'bytes' && typeof message.data === 'string') {
          const piece = Buffer.from(message.data, 'base64');
          outputBytes += piece.length;
          if (outputBytes > (limits.maxOutputBytes ?? 0)) kill('protocol');
          else output.push(piece);
        } else kill('protocol');
      },
      () => kill('protocol'),
    );
    // Stopped from outside (the API shutting down): ended like a damaged file; the caller knows to discard it.
    const onAbort = () => kill('protocol');
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) kill('protocol');

    const timer = setTimeout(() => kill('time-limit'), limits.timeoutMs);
    const maxBytes = limits.maxMemoryMb * 1024 * 1024;
    let watching = false;
    const watchdog = setInterval(() => {
      if (watching || worker.pid === undefined || answered) return;
      watching = true;
      void residentBytes(worker.pid).then((bytes) => {
        watching = false;
        if (bytes === undefined || answered) return;
        outcome.peakMemoryMb = Math.max(outcome.peakMemoryMb, Math.round(bytes / (1024 * 1024)));
        if (bytes > maxBytes) kill('memory-limit');
      });
    }, WATCH_MS);

    const stdin = worker.child.stdin!;
    const over = () => answered !== undefined || worker.dead;
    const write = async (bytes: Buffer) => {
      if (!stdin.write(bytes)) await Promise.race([new Promise((resolve) => stdin.once('drain', resolve)), finished]);
    };
    const feed = async () => {
      const path = pdf instanceof Readable ? {} : { path: pdf.path };
      await write(Buffer.from(`${JSON.stringify({ ...details, job, mode, maxTextBytes: limits.maxTextBytes, maxPages: limits.maxPages, ...path })}\n`));
      if (!(pdf instanceof Readable)) return;
      for await (const chunk of pdf as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length && !over(); at += MAX_FRAME_BYTES) {
          const frame = chunk.subarray(at, at + MAX_FRAME_BYTES);
          const length = Buffer.alloc(4);
          length.writeUInt32BE(frame.length);
          await write(length);
          await write(frame);
        }
        if (over()) return;
      }
      await write(Buffer.alloc(4));
    };
    await feed().catch(() => {
      // The file could not be read (or the worker went away while it was written): the worker cannot answer for it.
      if (!over()) kill('protocol');
    });
    if (pdf instanceof Readable && !pdf.readableEnded) pdf.destroy();

    await finished;
    clearTimeout(timer);
    clearInterval(watchdog);
    signal?.removeEventListener('abort', onAbort);
    // A process that answered and was not killed serves the next file; any other is ended and replaced.
    const stderr = worker.stderr;
    this.release(worker, answered !== undefined && killedFor === undefined);

    outcome.text = text.join('').replace(/\s+/g, ' ').trim();
    outcome.output = Buffer.concat(output);
    if (answered === 'done') return outcome;
    if (answered === 'error') {
      outcome.failure = errorMessage || 'the PDF could not be read';
      return outcome;
    }
    if (killedFor === 'text-limit') return outcome;
    // V8 ends a process over its heap limit itself ("heap out of memory", SIGABRT): the memory limit too.
    const outOfHeap = /heap out of memory|Reached heap limit|Allocation failed/i.test(stderr);
    const reason = killedFor ?? (outOfHeap ? 'memory-limit' : undefined);
    if (reason === 'time-limit' || reason === 'memory-limit') {
      outcome.cut = reason;
      outcome.failure = reason === 'time-limit' ? `stopped after ${limits.timeoutMs / 1000} s` : `stopped above ${limits.maxMemoryMb} MB of memory`;
      return outcome;
    }
    const lines = stderr.split('\n');
    const firstError = lines.find((l) => /Error:/.test(l)) ?? lines.find((l) => /error/i.test(l));
    const code = worker.child.exitCode ?? worker.child.signalCode ?? 'unknown';
    outcome.failure = (firstError?.replace(/^.*?Error:\s*/, '').trim() || (reason === 'protocol' ? 'the PDF reader gave an answer it does not give' : `exit ${code}`)).slice(0, 300);
    return outcome;
  }
}

/**
 * The API process's pool: two idle processes kept (the upload's structure check and the text queue each find one),
 * each replaced after 100 files or when a file left it above 160 MB.
 */
export const pdfWorkers = new PdfWorkerPool({ keepIdle: 2, filesPerProcess: 100, idleMemoryMb: 160 });

/** Reads one PDF in a process of the API's pool (`pdfWorkers`), held to `limits`. */
export function runPdfWorker(pdf: PdfSource, mode: 'check' | 'text', limits: PdfLimits, signal?: AbortSignal): Promise<PdfOutcome> {
  return pdfWorkers.run(pdf, mode, limits, signal);
}
