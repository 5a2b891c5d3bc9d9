/** The upload of a child document's PDF to the API in its own process: its answer, its memory, its text kept. */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, type SectionRun, status } from '../lib/section';
import { fmt, MB, median } from '../lib/stats';
import { makeLargePdf, msUntilTextKept, sha256OfFile, startApiProcess, timeDiskCopy, timeUpload, type UploadRun } from './documents';

/** Growth of the API process's RSS while it receives one 50 MB document. */
const TARGET_UPLOAD_RSS_MB = 64;
/**
 * The upload's answer against a plain streamed disk copy of the same file, in the same run: a small file may cost the
 * request's fixed work (token, quota, structure check, its rows) on top, a large one little more than its bytes.
 */
const TARGET_UPLOAD_1MB_RATIO = 2;
const TARGET_UPLOAD_LARGE_RATIO = 1.5;

/**
 * PDFs uploaded as child documents to the API in its own process, each a new file (so its text is extracted):
 * the answer's time against a streamed disk copy of the same file (interleaved), the API's RSS growth, and how long
 * after the answer the text is kept for the searches.
 */
export async function uploadBenchmarks({ bench, config, rows, results }: SectionRun) {
  const schema = 'b_upload';
  // Kept open: the text queue's results are read through it.
  const watch = await bench.openSchema(schema, 1);
  const dir = mkdtempSync(join(tmpdir(), 'ifu-bench-pdf-'));
  try {
    // Every upload a file of its own: the same bytes twice would find their text already kept.
    log(`making ${config.uploadRuns} PDFs of ${config.uploadMb} MB and ${config.uploadRuns + 2} of 1 MB with pdf-lib in ${dir}`);
    const make = async (name: string, bytes: number) => {
      const path = join(dir, name);
      const size = await makeLargePdf(path, bytes);
      return { path, size, sha256: await sha256OfFile(path) };
    };
    const smalls = [];
    const larges = [];
    for (let i = 0; i < config.uploadRuns + 2; i++) smalls.push(await make(`small-${i}.pdf`, 1_000_000));
    for (let i = 0; i < config.uploadRuns; i++) larges.push(await make(`large-${i}.pdf`, config.uploadMb * 1_000_000));
    const api = await startApiProcess(bench.schemaUrl(schema), { email: 'bench.uploader@example-ifu.de', password: 'bench horse battery staple' });
    const uploads: Array<UploadRun & { textKeptMs: number }> = [];
    const copies = { small: [] as number[], large: [] as number[] };
    try {
      log(`uploads to the API process (pid ${api.pid}): 2 untimed of 1 MB, then ${config.uploadRuns} x (1 MB, copy, ${config.uploadMb} MB, copy), each waited for until its text is kept`);
      const upload = async (file: { path: string; sha256: string }, label: string) => {
        const run = await timeUpload(api, file.path, label);
        // The next timing starts once this file's text is kept: an extraction never runs under another's timing.
        uploads.push({ ...run, textKeptMs: await msUntilTextKept(watch, file.sha256, run.answeredAt) });
      };
      for (const file of smalls.slice(config.uploadRuns)) await upload(file, 'warm-up');
      for (let i = 0; i < config.uploadRuns; i++) {
        await upload(smalls[i]!, '1 MB');
        copies.small.push(await timeDiskCopy(smalls[i]!.path, join(dir, 'copy.pdf')));
        // Its own label even when --upload-mb is 1 (--tiny): the rows must not count each other's uploads.
        await upload(larges[i]!, `large ${config.uploadMb} MB`);
        copies.large.push(await timeDiskCopy(larges[i]!.path, join(dir, 'copy.pdf')));
      }
    } finally {
      await api.stop();
    }
    const load = loadavg()[0]!;
    const of = (label: string) => uploads.filter((u) => u.label === label);
    const big = of(`large ${config.uploadMb} MB`);
    const little = of('1 MB');
    const worstGrowth = Math.max(...big.map((u) => u.rssGrowthBytes));
    const bigMs = median(big.map((u) => u.ms));
    const littleMs = median(little.map((u) => u.ms));
    const bigCopyMs = median(copies.large);
    const littleCopyMs = median(copies.small);
    const mb = (bytes: number) => fmt(bytes / MB, 1);
    const list = (values: number[], digits = 0) => values.map((v) => fmt(v, digits)).join(' / ');
    rows.push({
      benchmark: 'Upload 1 MB PDF / disk copy of 1 MB',
      value: `${fmt(littleMs / littleCopyMs, 2)}x`,
      detail: `upload median ${fmt(littleMs, 1)} ms of ${list(little.map((u) => u.ms), 1)}; copy (streams + fsync) median ${fmt(littleCopyMs, 1)} ms of ${list(copies.small, 1)}; ${fmt(little[0]!.fileBytes / MB, 2)} MiB; load ${fmt(load, 2)}`,
      target: `<= ${TARGET_UPLOAD_1MB_RATIO}x`,
      status: status(littleMs / littleCopyMs <= TARGET_UPLOAD_1MB_RATIO),
    });
    rows.push({
      benchmark: `Upload ${config.uploadMb} MB PDF / disk copy of ${config.uploadMb} MB`,
      value: `${fmt(bigMs / bigCopyMs, 2)}x`,
      detail: `upload median ${fmt(bigMs, 0)} ms of ${list(big.map((u) => u.ms))} (${fmt(big[0]!.fileBytes / MB / (bigMs / 1000), 0)} MiB/s); copy median ${fmt(bigCopyMs, 0)} ms of ${list(copies.large)}; ${fmt(big[0]!.fileBytes / MB, 1)} MiB; answer after store + hash + type (one pass) + structure check + the upload's rows; load ${fmt(load, 2)}`,
      target: `<= ${TARGET_UPLOAD_LARGE_RATIO}x`,
      status: status(bigMs / bigCopyMs <= TARGET_UPLOAD_LARGE_RATIO),
    });
    rows.push({
      benchmark: `Upload ${config.uploadMb} MB PDF, API RSS growth`,
      value: `${mb(worstGrowth)} MiB`,
      detail: `largest of ${big.length} (${big.map((u) => mb(u.rssGrowthBytes)).join(' / ')} MiB: peak - before, every 20 ms, ${big.map((u) => u.samples).join('/')} samples); RSS before ${big.map((u) => mb(u.rssBeforeBytes)).join(' / ')} MiB; 1 MB: ${little.map((u) => mb(u.rssGrowthBytes)).join(' / ')} MiB; the PDF reader's processes peak ${mb(Math.max(...big.map((u) => u.extractorPeakBytes)))} MiB`,
      target: `< ${TARGET_UPLOAD_RSS_MB} MiB`,
      status: status(worstGrowth < TARGET_UPLOAD_RSS_MB * MB),
    });
    rows.push({
      benchmark: 'Upload, text searchable after the answer',
      value: `${fmt(median([...little, ...big].map((u) => u.textKeptMs)) / 1000, 2)} s`,
      detail: `median, answer until its text is kept for the searches (document_file_text, queue of 1); 1 MB ${list(little.map((u) => u.textKeptMs))} ms, ${config.uploadMb} MB ${list(big.map((u) => u.textKeptMs))} ms`,
      target: '',
      status: '',
    });
    results.upload = { uploads, copies, load };
  } finally {
    await watch.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
