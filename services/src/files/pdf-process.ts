import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
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
}

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
}

/** How often the watchdog reads the process's resident memory. */
const WATCH_MS = 25;
/** A line of the worker's answer longer than this is not one it writes: the process is ended. */
const MAX_LINE_BYTES = 256 * 1024;
const MAX_STDERR_BYTES = 16 * 1024;

/** The resident memory of a process in bytes, from /proc (Linux); undefined elsewhere or once it has ended. */
export async function residentBytes(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kb = status?.match(/^VmRSS:\s+(\d+) kB/m)?.[1];
  return kb === undefined ? undefined : Number(kb) * 1024;
}

/**
 * Runs `pdf-worker.mjs` on one PDF in a child process held to `limits`: the V8 heap capped by flags, the resident
 * memory (which also counts the decoded streams that live outside the V8 heap) watched and the process killed above
 * the cap, killed at the time limit, its text capped in bytes and pages, and the parent's buffers for its output
 * bounded (text up to the cap, one line, the first 16 KB of stderr). Text read before a kill is kept.
 */
export async function runPdfWorker(pdf: Readable, mode: 'check' | 'text', limits: PdfLimits, signal?: AbortSignal): Promise<PdfOutcome> {
  const heapMb = Math.max(32, Math.floor(limits.maxMemoryMb * 0.75));
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '--disallow-code-generation-from-strings', WORKER], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', PDF_MODE: mode, PDF_MAX_TEXT_BYTES: String(limits.maxTextBytes), PDF_MAX_PAGES: String(limits.maxPages) },
  });
  const outcome: PdfOutcome = { pages: 0, text: '', cut: null, failure: null, peakMemoryMb: 0, encrypted: false };
  const text: string[] = [];
  let textBytes = 0;
  let done = false;
  let killedFor: CutReason | 'protocol' | undefined;
  const kill = (reason: CutReason | 'protocol') => {
    killedFor ??= reason;
    child.kill('SIGKILL');
  };

  let line = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    line += chunk;
    for (let end = line.indexOf('\n'); end >= 0; end = line.indexOf('\n')) {
      const message = line.slice(0, end);
      line = line.slice(end + 1);
      try {
        const parsed = JSON.parse(message) as { type: string; pages?: number; text?: string; reason?: CutReason };
        if (parsed.type === 'pages') outcome.pages = Number(parsed.pages) || 0;
        else if (parsed.type === 'cut' && parsed.reason) outcome.cut ??= parsed.reason;
        else if (parsed.type === 'done') done = true;
        else if (parsed.type === 'encrypted') outcome.encrypted = true;
        else if (parsed.type === 'text' && typeof parsed.text === 'string') {
          const size = Buffer.byteLength(parsed.text);
          if (textBytes + size > limits.maxTextBytes) {
            outcome.cut = 'text-limit';
            kill('text-limit');
          } else {
            textBytes += size;
            text.push(parsed.text);
          }
        }
      } catch {
        kill('protocol');
      }
    }
    if (Buffer.byteLength(line) > MAX_LINE_BYTES) kill('protocol');
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.slice(0, MAX_STDERR_BYTES - stderr.length);
  });
  // A worker that dies early closes its stdin: the pipe's error is the worker's failure, reported below.
  child.stdin.on('error', () => undefined);
  pdf.on('error', () => kill('protocol'));
  // Stopped from outside (the API shutting down): ended like a damaged file; the caller knows to discard it.
  signal?.addEventListener('abort', () => kill('protocol'), { once: true });
  pdf.pipe(child.stdin);

  const timer = setTimeout(() => kill('time-limit'), limits.timeoutMs);
  const maxBytes = limits.maxMemoryMb * 1024 * 1024;
  let watching = false;
  const watchdog = setInterval(() => {
    if (watching || child.pid === undefined) return;
    watching = true;
    void residentBytes(child.pid).then((bytes) => {
      watching = false;
      if (bytes === undefined) return;
      outcome.peakMemoryMb = Math.max(outcome.peakMemoryMb, Math.round(bytes / (1024 * 1024)));
      if (bytes > maxBytes) kill('memory-limit');
    });
  }, WATCH_MS);

  const [code, endedBy] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.once('close', (c, s) => resolve([c, s])));
  clearTimeout(timer);
  clearInterval(watchdog);
  pdf.unpipe(child.stdin);

  outcome.text = text.join('').replace(/\s+/g, ' ').trim();
  if (done && code === 0) return outcome;
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
  outcome.failure = (firstError?.replace(/^.*?Error:\s*/, '').trim() || (reason === 'protocol' ? 'the PDF reader gave an answer it does not give' : `exit ${code ?? endedBy ?? 'unknown'}`)).slice(0, 300);
  return outcome;
}
