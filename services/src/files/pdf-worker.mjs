// A long-lived PDF reader (pdf-process.ts keeps a few warm and reuses each for many files): one file at a time, read
// from stdin, answered on stdout, one JSON object a line. Its own process: a 50 MB document parsed here never grows
// the API's memory, and a hostile PDF that hangs or exhausts the parser only ends this process, which the parent also
// ends at its memory and time limits (and replaces). Plain JavaScript, so it starts without a compiler.
//
// A job, parent to worker: one line {"job":n,"mode":"check"|"text","maxTextBytes":n,"maxPages":n}, then the file as
// frames of a 4-byte big-endian length and that many bytes, a frame of length 0 ending it; or, for a file on the local
// disk, the line with "path" and no frames: the worker reads the file itself (no copy through the pipe).
// The answer, worker to parent, every line carrying the job's number:
//   check: {"type":"pages","pages":n} (or {"type":"encrypted"} for a PDF that needs a password), then {"type":"done"}.
//   text:  {"type":"pages"}, {"type":"text","text":"…"} chunks as found, {"type":"cut","reason":"text-limit"|
//          "page-limit"} when a limit stopped it early, {"type":"done"}.
//   or at any point {"type":"error","message":"…"}: the reader's own words for what is wrong with the file.
// The worker ends when its stdin ends; a frame it does not expect ends it with an error (the parent replaces it).
/* global process, Buffer */
// The PDF library, imported in this one place (a change of library or version is this line).
import { getDocumentProxy } from 'unpdf';
import { readFile } from 'node:fs/promises';

/** Text goes out in pieces no larger than this, so that the parent's line buffer stays small. */
const CHUNK_CHARS = 16 * 1024;
/** A job line or frame larger than these is not one the parent writes. */
const MAX_JOB_LINE = 4096;
const MAX_FRAME = 16 * 1024 * 1024;

const send = (message) =>
  new Promise((resolve) => {
    if (process.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
    else process.stdout.once('drain', resolve);
  });

/** Reads exact byte counts from stdin, chunk by chunk as they arrive. */
const input = process.stdin[Symbol.asyncIterator]();
let held = Buffer.alloc(0);
async function more() {
  const { value, done } = await input.next();
  if (done) return false;
  held = held.length === 0 ? value : Buffer.concat([held, value]);
  return true;
}
async function take(bytes) {
  while (held.length < bytes) if (!(await more())) throw new Error('the input ended inside a job');
  const out = held.subarray(0, bytes);
  held = held.subarray(bytes);
  return out;
}
/** The next job's line, or undefined once stdin has ended between jobs (the parent closed it: time to go). */
async function jobLine() {
  for (;;) {
    const end = held.indexOf(10);
    if (end >= 0) {
      const line = held.subarray(0, end).toString('utf8');
      held = held.subarray(end + 1);
      return line;
    }
    if (held.length > MAX_JOB_LINE) throw new Error('a job line too long');
    if (!(await more())) {
      if (held.length > 0) throw new Error('the input ended inside a job line');
      return undefined;
    }
  }
}
/** The file's bytes, copied once into an array of their own (pdf.js may keep it; nothing else shares it). */
async function fileBytes() {
  const frames = [];
  let total = 0;
  for (;;) {
    const length = (await take(4)).readUInt32BE(0);
    if (length === 0) break;
    if (length > MAX_FRAME) throw new Error('a frame too large');
    frames.push(await take(length));
    total += length;
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const frame of frames) {
    bytes.set(frame, at);
    at += frame.length;
  }
  return bytes;
}

for (;;) {
  let job;
  try {
    const line = await jobLine();
    if (line === undefined) process.exit(0);
    job = JSON.parse(line);
  } catch (error) {
    process.stderr.write(`Error: ${String(error?.message ?? error)}\n`);
    process.exit(2);
  }
  // The file is read whole before the answer starts, so a failure below never leaves frames unread.
  let bytes;
  try {
    if (typeof job.path !== 'string') bytes = await fileBytes();
  } catch (error) {
    process.stderr.write(`Error: ${String(error?.message ?? error)}\n`);
    process.exit(2);
  }
  await serve(job, bytes);
  bytes = undefined;
  // After the answer: what the file left in the heap is collected before the next, and its memory given back.
  globalThis.gc?.();
}

async function serve(job, bytes) {
  const tell = (message) => send({ ...message, job: job.job });
  let pdf;
  try {
    if (bytes === undefined) {
      const read = await readFile(job.path);
      bytes = new Uint8Array(read.buffer, read.byteOffset, read.length);
    }
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
