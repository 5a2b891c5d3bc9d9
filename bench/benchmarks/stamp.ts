import { createHash } from 'node:crypto';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { type CurrencyFacts, createCurrencyStamper, runStampWorker } from '../../services/src/eifu/currency-stamp';
import { sendStoredFile } from '../../services/src/files/file-routes';
import { LocalFileStore } from '../../services/src/files/local-file-store';
import { percentile } from '../lib/stats';
import { makeLargePdf } from './documents';
import { log, type SectionRun } from '../lib/section';
import { fmt } from '../lib/stats';

export interface StampSizeRun {
  mb: number;
  bytes: number;
  /** Client-side ms of each whole download: the stored file as it is, with its remembered page, with a new page. */
  plainMs: number[];
  rememberedMs: number[];
  coldMs: number[];
  appendixBytes: number;
}

const FACTS: CurrencyFacts = {
  kind: 'version',
  permalink: 'https://eifu.example-ifu.de/p/CO-2026-00042-01/v/3',
  currentPermalink: 'https://eifu.example-ifu.de/p/CO-2026-00042-01',
  version: 3,
  issued: '2026-11-26',
};

/**
 * The currency page's cost on a download, with the product's own parts in this process: the file
 * store (`LocalFileStore`, checksum verified as it streams) and `sendStoredFile` behind a bare Express route, served
 * (a) as stored, (b) with the page the stamper remembers for it (what every download after the first pays), (c) with a
 * page made anew each time, in a warm process of the stamping pool (the first download of a file, or of new
 * facts). Requests go one at a time over keep-alive, a, b and c interleaved, so that the three see the same machine. The routes' database reads are
 * the same with and without the page, so they are left out.
 */
export async function benchStamp(sizesMb: number[], rounds: number, coldRounds: number): Promise<StampSizeRun[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ifu-bench-stamp-'));
  const files = new LocalFileStore({ directory: dir, publicBaseUrl: 'http://127.0.0.1', signingKey: 'bench' });
  const limits = { maxMemoryMb: 512, timeoutMs: 15_000, atOnce: 2, maxWaiting: 16, maxWaitMs: 10_000, remembered: 100 };
  const stamper = createCurrencyStamper(limits);
  const app = express();
  app.get('/:mode/:sha256', async (req, res) => {
    const sha256 = String(req.params.sha256);
    const open = async () => (await files.open(sha256)).stream;
    const mode = req.params.mode;
    const stamp = mode === 'plain' ? undefined : mode === 'remembered' ? await stamper.stamp(sha256, open, FACTS) : await runStampWorker(await open(), FACTS, limits);
    if (stamp?.unstamped) throw new Error(`not stamped: ${stamp.unstamped}`);
    await sendStoredFile(res, files, { sha256, contentType: 'application/pdf' }, { cacheControl: 'private, no-store', append: stamp?.appendix });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const timed = async (path: string, atLeast: number) => {
    const started = performance.now();
    const res = await fetch(`${base}${path}`);
    const body = Buffer.from(await res.arrayBuffer());
    const ms = performance.now() - started;
    if (res.status !== 200 || body.length < atLeast) throw new Error(`${path}: ${res.status}, ${body.length} bytes`);
    return { ms, length: body.length };
  };
  const runs: StampSizeRun[] = [];
  try {
    for (const mb of sizesMb) {
      const made = join(dir, `made-${mb}.pdf`);
      const bytes = await makeLargePdf(made, mb * 1_000_000);
      const sha256 = createHash('sha256').update(readFileSync(made)).digest('hex');
      copyFileSync(made, join(dir, sha256));
      const run: StampSizeRun = { mb, bytes, plainMs: [], rememberedMs: [], coldMs: [], appendixBytes: 0 };
      // Untimed: warm the route, the file cache and the stamper's memory.
      await timed(`/plain/${sha256}`, bytes);
      run.appendixBytes = (await timed(`/remembered/${sha256}`, bytes)).length - bytes;
      for (let i = 0; i < rounds; i += 1) {
        run.plainMs.push((await timed(`/plain/${sha256}`, bytes)).ms);
        run.rememberedMs.push((await timed(`/remembered/${sha256}`, bytes)).ms);
        if (i < coldRounds) run.coldMs.push((await timed(`/cold/${sha256}`, bytes)).ms);
      }
      runs.push(run);
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  return runs;
}

export const p50 = (samples: number[]) => percentile(samples, 50);

/** A download with its currency page against the same file as stored. */
export async function stampBenchmarks({ config, rows, results }: SectionRun) {
  log(`currency page: PDFs of ${config.stampMb.join(', ')} MB, ${config.stampRounds} downloads plain and remembered, ${config.stampCold} made anew`);
  const measured = await benchStamp(config.stampMb, config.stampRounds, config.stampCold);
  results.stamp = measured;
  for (const run of measured) {
    const plain = p50(run.plainMs);
    const remembered = p50(run.rememberedMs);
    const cold = p50(run.coldMs);
    rows.push({
      benchmark: `Download ${run.mb} MB PDF, remembered currency page / as stored`,
      value: `${fmt(remembered / plain, 2)}x`,
      detail: `p50 ${fmt(remembered, 1)} vs ${fmt(plain, 1)} ms (p99 ${fmt(percentile(run.rememberedMs, 99), 1)} vs ${fmt(percentile(run.plainMs, 99), 1)}), ${run.rememberedMs.length} each; the page adds ${run.appendixBytes} bytes`,
      target: '',
      status: '',
    });
    rows.push({
      benchmark: `Download ${run.mb} MB PDF, currency page made anew / as stored`,
      value: `${fmt(cold / plain, 1)}x`,
      detail: `p50 ${fmt(cold, 0)} ms (max ${fmt(Math.max(...run.coldMs), 0)}) over ${run.coldMs.length}: a child process reads the whole PDF with pdf-lib; once per file and facts`,
      target: '',
      status: '',
    });
  }
}
