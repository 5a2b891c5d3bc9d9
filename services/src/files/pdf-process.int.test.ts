import { Readable } from 'node:stream';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePdf } from '../../../test-support/documents';
import { pdfWithExpandingText, pdfWithPages } from '../../../test-support/hostile-pdfs';
import { type PdfLimits, PdfWorkerPool, runPdfWorker } from './pdf-process';

const MB = 1024 * 1024;
const limits: PdfLimits = { maxMemoryMb: 512, timeoutMs: 60_000, maxTextBytes: 2 * MB, maxPages: 2000 };
const run = (pdf: Buffer, mode: 'check' | 'text', overrides: Partial<PdfLimits> = {}) => runPdfWorker(Readable.from([pdf]), mode, { ...limits, ...overrides });

/**
 * A PDF whose text expands enormously (the penetration test's 5.3 MB file expanded to 1.5 GB and
 * held a process at 1.14 GB for 60 s) is held to the limits of its process: text bytes, pages, resident memory and
 * time. Each limit keeps what was extracted before it and says which limit cut it.
 */
describe('the PDF process and its limits', () => {
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

  it('when the stream fails before a process takes it (its file gone meanwhile), then the job ends as unreadable and nothing fails unheard', async () => {
    // A warm process is measured before it is handed over (its resident memory read from /proc): the stream fails meanwhile.
    const cold = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    cold.warm(limits.maxMemoryMb);
    try {
      const gone = new Readable({ read() {} });
      gone.destroy(Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT' }));
      const outcome = await cold.run(gone, 'text', limits);
      expect(outcome.failure).not.toBeNull();
      expect(outcome.text).toBe('');
      // The pool still serves the next file.
      expect((await cold.run(Readable.from([await pdfWithPages(1)]), 'text', limits)).failure).toBeNull();
    } finally {
      await cold.close();
    }
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

/**
 * The PDF reader's processes are kept warm and reused across files (starting Node and pdf.js per
 * file cost the upload's answer hundreds of ms). Each file is still held to its limits; a process that passes one,
 * crashes or has served its files is replaced, and the next file is served; one file's text never reaches another's.
 */
describe('the pool of PDF reader processes', () => {
  let pool: PdfWorkerPool;
  let bomb: Buffer;
  let largeBomb: Buffer;
  const files = new Map<string, Buffer>();
  const inPool = (pdf: Buffer, mode: 'check' | 'text', overrides: Partial<PdfLimits> = {}) => pool.run(Readable.from([pdf]), mode, { ...limits, ...overrides });
  const textOf = async (word: string, overrides: Partial<PdfLimits> = {}) => (await inPool(files.get(word)!, 'text', overrides)).text;
  beforeAll(async () => {
    bomb = await pdfWithExpandingText('Sterile catheter quenvarix instructions', 64 * MB);
    largeBomb = await pdfWithExpandingText('Sterile catheter quenvarix instructions', 600 * MB);
    for (const word of ['alphaflux', 'betagrain', 'gammacord', 'deltavane']) files.set(word, await makePdf(`Instructions ${word} only`, `${word} sterile`));
  }, 120_000);
  afterEach(async () => {
    await pool.close();
  });

  it('when files come one after another, then one warm process reads them all, each with its own text', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    pool.warm(limits.maxMemoryMb);
    for (const word of files.keys()) expect(await textOf(word)).toBe(`Instructions ${word} only ${word} sterile`);
    expect(pool.stats()).toMatchObject({ started: 1, replaced: 0, idle: 1, busy: 0 });
  });

  it('when files come at once, then each is read in a process of its own and no text reaches another file', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    const words = [...files.keys(), ...files.keys()];
    const texts = await Promise.all(words.map((word) => textOf(word)));
    expect(texts).toEqual(words.map((word) => `Instructions ${word} only ${word} sterile`));
  });

  it('when a file passes the memory limit, then its process is killed and replaced, and the next file is served', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    const small = { maxMemoryMb: 192 };
    expect(await textOf('alphaflux', small)).toContain('alphaflux');
    const [first] = pool.pids();
    const outcome = await inPool(largeBomb, 'text', { ...small, maxTextBytes: 1024 * MB });
    expect({ cut: outcome.cut, failure: outcome.failure }).toEqual({ cut: 'memory-limit', failure: 'stopped above 192 MB of memory' });
    expect(await textOf('betagrain', small)).toBe('Instructions betagrain only betagrain sterile');
    expect(pool.pids()).not.toContain(first);
    expect(pool.stats()).toMatchObject({ replaced: 1, idle: 1, busy: 0 });
  });

  it('when a file runs past the time limit, then its process is killed and replaced, and the next file is served', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    const outcome = await inPool(largeBomb, 'text', { maxMemoryMb: 4096, maxTextBytes: 1024 * MB, timeoutMs: 300 });
    expect({ cut: outcome.cut, failure: outcome.failure }).toEqual({ cut: 'time-limit', failure: 'stopped after 0.3 s' });
    expect(await inPool(files.get('gammacord')!, 'text', { maxMemoryMb: 4096 })).toMatchObject({ text: 'Instructions gammacord only gammacord sterile', failure: null });
    expect(pool.stats()).toMatchObject({ replaced: 1, busy: 0 });
  });

  it('when a process crashes while it reads a file, then that file fails, the process is replaced and the next file is served', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    // Limits the bomb does not reach before the crash: only the crash ends it.
    const roomy = { maxMemoryMb: 4096, maxTextBytes: 1024 * MB };
    pool.warm(roomy.maxMemoryMb);
    const [warm] = pool.pids();
    const reading = inPool(largeBomb, 'text', roomy);
    // The process dies from outside while it reads (as a crash of pdf.js would end it).
    await new Promise((resolve) => setTimeout(resolve, 150));
    process.kill(warm!, 'SIGKILL');
    const outcome = await reading;
    expect(outcome.failure).toBe('exit SIGKILL');
    expect(await textOf('deltavane', roomy)).toBe('Instructions deltavane only deltavane sterile');
    expect(pool.pids()).not.toContain(warm);
  });

  it('when an idle process has died, then the next file is read by another', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    pool.warm(limits.maxMemoryMb);
    const [warm] = pool.pids();
    process.kill(warm!, 'SIGKILL');
    // Once its end is seen, the pool has let it go.
    await vi.waitFor(() => expect(pool.pids()).not.toContain(warm), { timeout: 30_000 });
    expect(await textOf('alphaflux')).toBe('Instructions alphaflux only alphaflux sterile');
  });

  it('when the text limit stops a file, then the next file read gets none of its text', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    const cut = await inPool(bomb, 'text', { maxTextBytes: 64 * 1024 });
    expect(cut.cut).toBe('text-limit');
    const next = await textOf('betagrain');
    expect(next).toBe('Instructions betagrain only betagrain sterile');
  });

  it('when a process has served its files, then it is replaced', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 2, idleMemoryMb: 256 });
    for (const word of files.keys()) expect(await textOf(word)).toContain(word);
    // 4 files, 2 per process: the first two processes replaced, the third idle.
    expect(pool.stats()).toMatchObject({ started: 3, replaced: 2, idle: 1 });
  });

  it('when the structure is checked in a warm process, then a file that is not a PDF is still refused with the reader\'s reason', async () => {
    pool = new PdfWorkerPool({ keepIdle: 1, filesPerProcess: 100, idleMemoryMb: 256 });
    pool.warm(limits.maxMemoryMb);
    expect((await inPool(Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n'), 'check')).failure).toBe('Invalid PDF structure.');
    expect(await inPool(files.get('alphaflux')!, 'check')).toMatchObject({ pages: 1, failure: null });
    expect(pool.stats()).toMatchObject({ started: 1, replaced: 0 });
  });
});
