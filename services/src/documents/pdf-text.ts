import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Readable } from 'node:stream';

const WORKER = fileURLToPath(new URL('./pdf-text-worker.mjs', import.meta.url));

export interface PdfText {
  pages: number;
  text: string;
}

/**
 * The text of a PDF, for the document searches (issue 9: extracted at upload with a maintained library, unpdf). The
 * parser runs in a child process with its own memory cap and a time limit; a PDF whose text cannot be extracted
 * answers `undefined` (the document is still accepted) with the reason.
 */
export async function extractPdfText(
  pdf: Readable,
  options: { timeoutMs?: number; maxMemoryMb?: number } = {},
): Promise<{ result?: PdfText; failure?: string }> {
  const child = spawn(process.execPath, [`--max-old-space-size=${options.maxMemoryMb ?? 512}`, WORKER], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => {
    if (err.length < 20) err.push(chunk);
  });
  // A worker that dies early closes its stdin: the pipe's error is the worker's failure, reported below.
  child.stdin.on('error', () => undefined);
  pdf.on('error', () => child.kill('SIGKILL'));
  pdf.pipe(child.stdin);
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  clearTimeout(timer);
  if (code !== 0) {
    const lines = Buffer.concat(err).toString('utf8').split('\n');
    const reason = lines.find((line) => /Error:/.test(line)) ?? lines.find((line) => /error/i.test(line)) ?? `exit ${code ?? 'killed'}`;
    return { failure: reason.slice(0, 300) };
  }
  try {
    const parsed = JSON.parse(Buffer.concat(out).toString('utf8')) as PdfText;
    return { result: { pages: Number(parsed.pages) || 0, text: String(parsed.text ?? '') } };
  } catch {
    return { failure: 'the text extractor gave no answer' };
  }
}
