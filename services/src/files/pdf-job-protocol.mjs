// The jobs protocol of the long-lived PDF processes (pdf-process.ts keeps a few warm and reuses each for many files):
// one file at a time, read from stdin, answered on stdout, one JSON object a line. Plain JavaScript, so that a worker
// starts without a compiler.
//
// A job, parent to worker: one line {"job":n,"mode":"…", …the mode's own fields}, then the file as frames of a 4-byte
// big-endian length and that many bytes, a frame of length 0 ending it; or, for a file on the local disk, the line with
// "path" and no frames: the worker reads the file itself (no copy through the pipe).
// The answer, worker to parent: lines of the mode's messages, each carrying the job's number, ending with
// {"type":"done"} or {"type":"error","message":"…"} (the reader's own words for what is wrong with the file).
// The worker ends when its stdin ends; a frame it does not expect ends it with an error (the parent replaces it).
/* global process, Buffer */
import { readFile } from 'node:fs/promises';

/** A job line or frame larger than these is not one the parent writes (a stamp's line carries two permalinks). */
const MAX_JOB_LINE = 16 * 1024;
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
/** The file's bytes, copied once into an array of their own (a reader may keep it; nothing else shares it). */
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

/**
 * Serves jobs until stdin ends: `serve(job, bytes, tell)` answers one file, `tell` sending a message of this job. The
 * file is read whole before `serve` starts, so a failure there never leaves frames unread; a job line or frame the
 * protocol does not allow ends the process.
 */
export async function serveJobs(serve) {
  for (;;) {
    let job;
    let bytes;
    try {
      const line = await jobLine();
      if (line === undefined) process.exit(0);
      job = JSON.parse(line);
      if (typeof job.path === 'string') {
        const read = await readFile(job.path);
        bytes = new Uint8Array(read.buffer, read.byteOffset, read.length);
      } else bytes = await fileBytes();
    } catch (error) {
      if (job && typeof job.path === 'string') {
        // A file on the disk that cannot be read is this job's failure, not the protocol's.
        await send({ type: 'error', message: String(error?.message ?? error).slice(0, 200), job: job.job });
        continue;
      }
      process.stderr.write(`Error: ${String(error?.message ?? error)}\n`);
      process.exit(2);
    }
    await serve(job, bytes, (message) => send({ ...message, job: job.job }));
    bytes = undefined;
    // After the answer: what the file left in the heap is collected before the next, and its memory given back.
    globalThis.gc?.();
  }
}
