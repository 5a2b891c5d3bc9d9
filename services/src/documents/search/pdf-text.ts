import type { Readable } from 'node:stream';
import { type CutReason, type PdfLimits, runPdfWorker } from '../../files';
import type { Config } from '../../platform/config';

export interface PdfText {
  pages: number;
  text: string;
  /** Why the text stops before the PDF's end (a limit); null when it is whole. */
  truncated: CutReason | null;
  /** Why no text, or not all of it, could be extracted; null when it could. */
  failure: string | null;
}

/** The limits of one extraction, from the configuration (README: PDF_TEXT_*). */
export const pdfTextLimits = (config: Config): PdfLimits => ({
  maxMemoryMb: config.PDF_TEXT_MAX_MEMORY_MB,
  timeoutMs: config.PDF_TEXT_TIMEOUT_SECONDS * 1000,
  maxTextBytes: config.PDF_TEXT_MAX_BYTES,
  maxPages: config.PDF_TEXT_MAX_PAGES,
});

/**
 * The text of a PDF, for the document searches (extracted with a maintained library, unpdf, by the text queue after
 * the upload's answer). The parser runs in a child process held to `limits` (files/pdf-process.ts): a PDF whose text
 * is longer than the byte or page limit keeps its beginning, marked as cut; one that runs out of time or memory keeps
 * what was read before, with the reason.
 */
export async function extractPdfText(pdf: Readable, limits: PdfLimits, signal?: AbortSignal): Promise<PdfText> {
  const outcome = await runPdfWorker(pdf, 'text', limits, signal);
  const failure = outcome.encrypted ? 'the PDF is encrypted: its text cannot be read' : outcome.failure;
  return { pages: outcome.pages, text: outcome.text, truncated: outcome.cut, failure };
}
