import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfWithExpandingText, pdfWithPages } from '../../../test-support/hostile-pdfs';
import { type PdfLimits, runPdfWorker } from './pdf-process';

const MB = 1024 * 1024;
const limits: PdfLimits = { maxMemoryMb: 512, timeoutMs: 60_000, maxTextBytes: 2 * MB, maxPages: 2000 };
const run = (pdf: Buffer, mode: 'check' | 'text', overrides: Partial<PdfLimits> = {}) => runPdfWorker(Readable.from([pdf]), mode, { ...limits, ...overrides });

/**
 * Issue 19, finding 3: a PDF whose text expands enormously (the penetration test's 5.3 MB file expanded to 1.5 GB and
 * held a process at 1.14 GB for 60 s) is held to the limits of its process: text bytes, pages, resident memory and
 * time. Each limit keeps what was extracted before it and says which limit cut it.
 */
describe('the PDF process and its limits (issue 19, finding 3)', () => {
  let bomb: Buffer;
  let largeBomb: Buffer;
  beforeAll(async () => {
    // 64 MB of drawing operators, compressed to a few hundred KB: about 30 MB of text.
    bomb = await pdfWithExpandingText('Sterile catheter quenvarix instructions', 64 * MB);
    // 600 MB decoded: more than the process may hold.
    largeBomb = await pdfWithExpandingText('Sterile catheter quenvarix instructions', 600 * MB);
  }, 120_000);

  it('when the text expands past the byte limit, then the process stops there and keeps the text up to it, cut by the text limit', async () => {
    const outcome = await run(bomb, 'text', { maxTextBytes: 64 * 1024 });
    expect({ cut: outcome.cut, failure: outcome.failure, pages: outcome.pages }).toEqual({ cut: 'text-limit', failure: null, pages: 1 });
    expect(Buffer.byteLength(outcome.text)).toBeLessThanOrEqual(64 * 1024);
    expect(Buffer.byteLength(outcome.text)).toBeGreaterThan(60 * 1024);
    expect(outcome.text).toContain('Sterile catheter quenvarix instructions');
  });

  it('when the PDF has more pages than the page limit, then only those pages are read, cut by the page limit', async () => {
    const outcome = await run(await pdfWithPages(30), 'text', { maxPages: 5 });
    expect({ cut: outcome.cut, failure: outcome.failure, pages: outcome.pages }).toEqual({ cut: 'page-limit', failure: null, pages: 30 });
    expect(outcome.text).toContain('Page 5: sterile single use');
    expect(outcome.text).not.toContain('Page 6:');
  });

  it('when decoding the PDF needs more memory than the limit, then the process is killed at the limit (resident memory, not only the V8 heap)', async () => {
    const outcome = await run(largeBomb, 'text', { maxMemoryMb: 192, maxTextBytes: 1024 * MB });
    expect({ cut: outcome.cut, failure: outcome.failure }).toEqual({ cut: 'memory-limit', failure: 'stopped above 192 MB of memory' });
    // The watchdog reads the resident memory every 25 ms: it ends the process soon after it passes the limit. (A
    // generous margin for a loaded machine; without the watchdog this PDF takes well over 600 MB.)
    expect(outcome.peakMemoryMb).toBeGreaterThanOrEqual(192); // rounded to whole MB
    expect(outcome.peakMemoryMb).toBeLessThan(192 + 200);
  });

  it('when the extraction runs past the time limit, then the process is killed and the limit named', async () => {
    const outcome = await run(largeBomb, 'text', { maxMemoryMb: 4096, maxTextBytes: 1024 * MB, timeoutMs: 300 });
    expect({ cut: outcome.cut, failure: outcome.failure }).toEqual({ cut: 'time-limit', failure: 'stopped after 0.3 s' });
  });

  it('when the structure is checked, then only the structure is read: a bomb parses quickly and small', async () => {
    const outcome = await run(largeBomb, 'check', { maxMemoryMb: 192 });
    expect({ pages: outcome.pages, failure: outcome.failure, text: outcome.text }).toEqual({ pages: 1, failure: null, text: '' });
  });

  it('when the file is not a PDF that parses, then the reader says why', async () => {
    const outcome = await run(Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n'), 'check');
    expect(outcome.failure).toBe('Invalid PDF structure.');
  });
});
