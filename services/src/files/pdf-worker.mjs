// A long-lived PDF reader (pdf-process.ts keeps a few warm and reuses each for many files), speaking the jobs protocol
// of pdf-job-protocol.mjs. Its own process: a 50 MB document parsed here never grows the API's memory, and a hostile
// PDF that hangs or exhausts the parser only ends this process, which the parent also ends at its memory and time
// limits (and replaces). Plain JavaScript, so it starts without a compiler.
//
// Its modes ({"mode":"check"|"text","maxTextBytes":n,"maxPages":n}) answer:
//   check: {"type":"pages","pages":n} (or {"type":"encrypted"} for a PDF that needs a password), then {"type":"done"}.
//   text:  {"type":"pages"}, {"type":"text","text":"…"} chunks as found, {"type":"cut","reason":"text-limit"|
//          "page-limit"} when a limit stopped it early, {"type":"done"}.
//   or at any point {"type":"error","message":"…"}.
/* global Buffer */
// The PDF library, imported in this one place (a change of library or version is this line).
import { getDocumentProxy } from 'unpdf';
import { serveJobs } from './pdf-job-protocol.mjs';

/** Text goes out in pieces no larger than this, so that the parent's line buffer stays small. */
const CHUNK_CHARS = 16 * 1024;

await serveJobs(serve);

async function serve(job, bytes, tell) {
  let pdf;
  try {
    // verbosity 0: pdf.js's warnings about a damaged file are not the answer; its error is.
    pdf = await getDocumentProxy(bytes, { isEvalSupported: false, disableFontFace: true, verbosity: 0 });
    await tell({ type: 'pages', pages: pdf.numPages });
    if (job.mode === 'text') {
      await extractText(pdf, job, tell);
    } else {
      if (pdf.numPages < 1) throw new Error('the PDF has no pages');
      await pdf.getPage(1);
    }
    await tell({ type: 'done' });
  } catch (error) {
    // A PDF that needs a password to open is a PDF all the same: accepted, its text is not read.
    if (error?.name === 'PasswordException') {
      await tell({ type: 'encrypted' });
      await tell({ type: 'done' });
    } else {
      await tell({ type: 'error', message: String(error?.message ?? error).replace(/\s+/g, ' ').slice(0, 200) });
    }
  } finally {
    // What one file held is let go before the next: nothing of it stays for another file's answer.
    await Promise.resolve(pdf?.loadingTask?.destroy()).catch(() => undefined);
  }
}

async function extractText(pdf, job, tell) {
  const maxTextBytes = Number(job.maxTextBytes) || 2 * 1024 * 1024;
  const maxPages = Number(job.maxPages) || 2000;
  let bytes = 0;
  let pending = '';
  const flush = async (all) => {
    while (pending.length >= CHUNK_CHARS || (all && pending.length > 0)) {
      const piece = pending.slice(0, CHUNK_CHARS);
      pending = pending.slice(piece.length);
      await tell({ type: 'text', text: piece });
    }
  };
  // Whitespace runs collapsed: search needs the words, not the layout. NUL cannot be stored in a PostgreSQL text column.
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is removed
  const words = (text) => text.replace(/[\u0000\s]+/g, ' ');
  /** Adds text up to the byte limit; false once the limit is reached (the rest is dropped). */
  const add = (text) => {
    const piece = words(text);
    const size = Buffer.byteLength(piece);
    if (bytes + size <= maxTextBytes) {
      bytes += size;
      pending += piece;
      return true;
    }
    // The part that fits, cut on a character boundary.
    const room = Buffer.from(piece).subarray(0, maxTextBytes - bytes).toString('utf8').replace(/\uFFFD$/, '');
    bytes += Buffer.byteLength(room);
    pending += room;
    return false;
  };
  const pages = Math.min(pdf.numPages, maxPages);
  for (let number = 1; number <= pages; number += 1) {
    const page = await pdf.getPage(number);
    // Streamed: a page whose content draws text a million times is read piece by piece and left once the limit is
    // reached, never gathered whole.
    const reader = page.streamTextContent().getReader();
    let full = false;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const item of value.items) {
        if (typeof item.str !== 'string') continue;
        if (!add(item.hasEOL ? `${item.str} ` : item.str)) {
          full = true;
          break;
        }
      }
      await flush(false);
      if (full) break;
    }
    if (full) {
      await reader.cancel(new Error('text limit reached')).catch(() => undefined);
      await flush(true);
      await tell({ type: 'cut', reason: 'text-limit' });
      return;
    }
    add(' ');
    page.cleanup();
    await flush(false);
  }
  await flush(true);
  if (pdf.numPages > pages) await tell({ type: 'cut', reason: 'page-limit' });
}
