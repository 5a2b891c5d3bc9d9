import { type PdfSource, runPdfWorker } from './pdf-process';

/** Structure checks running at once in this process; more wait their turn (each holds a PDF reader process). */
const CHECKS_AT_ONCE = 2;
/** A structure check reads the cross-reference table, the catalog and the first page: seconds at most. */
const CHECK_TIMEOUT_MS = 15_000;

let running = 0;
const waiting: Array<() => void> = [];

async function turn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CHECKS_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Whether a file that starts like a PDF is one: pdf.js reads its structure and its first page
 * in a warm, reused and bounded process of the PDF reader's pool (pdf-process.ts), no text extracted (that is the queue's work, after the answer). Answers the reader's
 * reason when it is not a PDF ('%PDF-' followed by HTML or SVG is not), undefined when it is.
 */
export function pdfStructureProblem(file: PdfSource, maxMemoryMb: number): Promise<string | undefined> {
  return turn(async () => {
    const outcome = await runPdfWorker(file, 'check', { maxMemoryMb, timeoutMs: CHECK_TIMEOUT_MS, maxTextBytes: 1, maxPages: 1 });
    if (outcome.failure) return outcome.failure;
    return outcome.pages < 1 && !outcome.encrypted ? 'the PDF has no pages' : undefined;
  });
}
