// Reads one PDF from stdin and answers on stdout, one JSON object a line. Runs as its own process (pdf-process.ts):
// a 50 MB document parsed here never grows the API's memory, and a hostile PDF that hangs or exhausts the parser only
// ends this process, which the parent also ends at its memory and time limits. Plain JavaScript, so it starts without
// a compiler.
//
// PDF_MODE=check: parses the structure (cross-reference table, catalog, page tree, first page) and answers
//   {"type":"pages","pages":n} (or {"type":"encrypted"} for a PDF that needs a password), then {"type":"done"}.
// PDF_MODE=text: the text, page by page, streamed as it is found: {"type":"pages"}, then {"type":"text","text":"…"}
//   chunks, {"type":"cut","reason":"text-limit"|"page-limit"} when a limit stopped it early, {"type":"done"}.
/* global process, Buffer */
import { getDocumentProxy } from 'unpdf';

const MODE = process.env.PDF_MODE === 'text' ? 'text' : 'check';
const MAX_TEXT_BYTES = Number(process.env.PDF_MAX_TEXT_BYTES) || 2 * 1024 * 1024;
const MAX_PAGES = Number(process.env.PDF_MAX_PAGES) || 2000;
/** Text goes out in pieces no larger than this, so that the parent's line buffer stays small. */
const CHUNK_CHARS = 16 * 1024;

const send = (message) =>
  new Promise((resolve) => {
    if (process.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
    else process.stdout.once('drain', resolve);
  });

let pdf;
try {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  // verbosity 0: pdf.js's warnings about a damaged file are not the answer; its error is.
  pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)), { isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  chunks.length = 0;
  await send({ type: 'pages', pages: pdf.numPages });
  if (MODE === 'check') {
    if (pdf.numPages < 1) throw new Error('the PDF has no pages');
    await pdf.getPage(1);
  } else {
    await extractText();
  }
  await send({ type: 'done' });
  process.exit(0);
} catch (error) {
  // A PDF that needs a password to open is a PDF all the same: accepted, its text is not read.
  if (error?.name === 'PasswordException') {
    await send({ type: 'encrypted' });
    await send({ type: 'done' });
    process.exit(0);
  }
  // One line the parent reports: the reader's own words for what is wrong with the file.
  process.stderr.write(`Error: ${String(error?.message ?? error).replace(/\s+/g, ' ').slice(0, 200)}\n`);
  process.exit(1);
}

async function extractText() {
  let bytes = 0;
  let pending = '';
  const flush = async (all) => {
    while (pending.length >= CHUNK_CHARS || (all && pending.length > 0)) {
      const piece = pending.slice(0, CHUNK_CHARS);
      pending = pending.slice(piece.length);
      await send({ type: 'text', text: piece });
    }
  };
  // Whitespace runs collapsed: search needs the words, not the layout. NUL cannot be stored in a PostgreSQL text column.
  // eslint-disable-next-line no-control-regex -- NUL is exactly what is removed
  const words = (text) => text.replace(/[\u0000\s]+/g, ' ');
  /** Adds text up to the byte limit; false once the limit is reached (the rest is dropped). */
  const add = (text) => {
    const piece = words(text);
    const size = Buffer.byteLength(piece);
    if (bytes + size <= MAX_TEXT_BYTES) {
      bytes += size;
      pending += piece;
      return true;
    }
    // The part that fits, cut on a character boundary.
    const room = Buffer.from(piece).subarray(0, MAX_TEXT_BYTES - bytes).toString('utf8').replace(/\uFFFD$/, '');
    bytes += Buffer.byteLength(room);
    pending += room;
    return false;
  };
  const pages = Math.min(pdf.numPages, MAX_PAGES);
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
      await send({ type: 'cut', reason: 'text-limit' });
      return;
    }
    add(' ');
    page.cleanup();
    await flush(false);
  }
  await flush(true);
  if (pdf.numPages > pages) await send({ type: 'cut', reason: 'page-limit' });
}
