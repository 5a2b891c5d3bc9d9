import type { Readable } from 'node:stream';
import { refreshDocumentText } from '@ifu/projections';
import type { Database, Queryable } from '@ifu/storage/database/database';
import type { PdfLimits } from '../../files';
import type { FileStore } from '../../platform/file-store';
import type { Logger } from '../../platform/logger';
import { indexTextInUse } from './document-text';
import { extractPdfText, type PdfText } from './pdf-text';

/** A claimed file whose extraction never finished (the process holding it died) is taken again at most this often. */
const MAX_ATTEMPTS = 3;
/** Besides being woken by each upload, the queue looks for work this often: claims of a process that died run out. */
const POLL_MS = 30_000;

interface QueuedPdf {
  sha256: string;
  stagedId: string | null;
  attempts: number;
}

export interface TextQueueParts {
  db: Database;
  files: FileStore;
  logger: Logger;
  clock: () => Date;
}

/**
 * The PDF text extraction queue. An upload's answer never waits for a PDF's text: the file is
 * enqueued (a row of `document_text_queue`, so a restart loses nothing) and extracted here, `concurrency` at a time
 * (PDF_TEXT_CONCURRENCY, default 1), each in a child process held to `limits`. The text is kept in
 * `document_file_text`; the searches' rows that use the file take its words then (`refreshDocumentText`), and the
 * staff view says 'being indexed' until it is done, or that it could not be extracted.
 */
type QueuedFile = { sha256: string; contentType: string; stagedId?: string };

export class DocumentTextQueue {
  private running = 0;
  private peak = 0;
  private started = false;
  private stopped = false;
  private paused = false;
  private pumping = false;
  private again = false;
  private poller?: NodeJS.Timeout;
  private readonly extractions = new Set<AbortController>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly parts: TextQueueParts,
    private readonly options: { concurrency: number; limits: PdfLimits },
  ) {}

  /** Queues the PDFs among `files` whose text is not known yet, and wakes the queue. */
  async enqueue(files: ReadonlyArray<QueuedFile>): Promise<void> {
    await this.enqueueIn(this.parts.db, files);
    this.wake();
  }

  /**
   * Queues them as rows of the caller's transaction `tx`, without waking the queue (it would find nothing yet): call
   * {@link wakeUp} once that transaction has committed (else the poll finds them).
   */
  async enqueueIn(tx: Queryable, files: ReadonlyArray<QueuedFile>): Promise<void> {
    const now = this.parts.clock().toISOString();
    for (const file of files) {
      if (file.contentType !== 'application/pdf') continue;
      await tx.query(
        `INSERT INTO document_text_queue (sha256, staged_id, enqueued_at)
         SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM document_file_text WHERE sha256 = $1)
         ON CONFLICT (sha256) DO UPDATE SET staged_id = coalesce(EXCLUDED.staged_id, document_text_queue.staged_id)`,
        [file.sha256, file.stagedId ?? null, now],
      );
    }
  }

  /** Looks for queued work now: files queued in a transaction that has since committed. */
  wakeUp(): void {
    this.wake();
  }

  /** Starts taking work: what an earlier run left queued first. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.poller = setInterval(() => this.wake(), POLL_MS);
    this.poller.unref();
    this.wake();
  }

  /** Stops taking work and ends the extractions running; their files stay queued for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poller);
    for (const extraction of this.extractions) extraction.abort();
    while (this.running > 0 || this.pumping) await this.changed();
  }

  /** Tests: hold the queue (nothing new is taken) to see an upload answered before its text exists. */
  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.wake();
  }

  /** How many extractions ran at once at most since the start (tests: one at a time by default). */
  get peakRunning(): number {
    return this.peak;
  }

  /** Resolves once nothing is queued or being extracted (tests, the demo seed). */
  async idle(): Promise<void> {
    if (!this.started || this.stopped) throw new Error('the text queue is not running');
    for (;;) {
      if (this.running === 0 && !this.pumping) {
        const { rows } = await this.parts.db.query<{ n: number }>('SELECT count(*)::int AS n FROM document_text_queue');
        if (rows[0]!.n === 0) return;
        this.wake();
      }
      await this.changed(100);
    }
  }

  private changed(timeoutMs = 1000): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.listeners.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.listeners.add(done);
    });
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private wake(): void {
    if (!this.started || this.stopped || this.paused) return;
    void this.pump().catch((err: unknown) => this.parts.logger.error({ err }, 'the PDF text queue could not take work'));
  }

  private async pump(): Promise<void> {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && !this.paused && this.running < this.options.concurrency) {
          const pdf = await this.claim();
          if (!pdf) break;
          this.running += 1;
          this.peak = Math.max(this.peak, this.running);
          void this.process(pdf)
            .catch((err: unknown) => this.parts.logger.error({ err, sha256: pdf.sha256 }, 'a PDF text extraction failed; it is taken again later'))
            .finally(() => {
              this.running -= 1;
              this.notify();
              this.wake();
            });
        }
      } while (this.again && !this.stopped);
    } finally {
      this.pumping = false;
      this.notify();
    }
  }

  /** The oldest PDF nobody holds, claimed for longer than an extraction may take (another process skips it). */
  private async claim(): Promise<QueuedPdf | undefined> {
    const now = this.parts.clock();
    const until = new Date(now.getTime() + this.options.limits.timeoutMs + 60_000);
    const { rows } = await this.parts.db.query<QueuedPdf>(
      `UPDATE document_text_queue SET claimed_until = $1, attempts = attempts + 1
        WHERE sha256 = (SELECT sha256 FROM document_text_queue WHERE claimed_until IS NULL OR claimed_until < $2
                         ORDER BY enqueued_at, sha256 LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING sha256, staged_id AS "stagedId", attempts`,
      [until.toISOString(), now.toISOString()],
    );
    return rows[0];
  }

  /** The stored copy once committed, else the staged one (the add wizard's uploads); undefined when neither is left. */
  private async open(pdf: QueuedPdf): Promise<Readable | undefined> {
    const stored = await this.parts.files.open(pdf.sha256).catch(() => undefined);
    if (stored) return stored.stream;
    return pdf.stagedId ? this.parts.files.openStaged(pdf.stagedId) : undefined;
  }

  private async process(pdf: QueuedPdf): Promise<void> {
    const { db, logger } = this.parts;
    if (pdf.attempts > MAX_ATTEMPTS) {
      await this.keep(pdf.sha256, { pages: 0, text: '', truncated: null, failure: `the text extraction did not finish in ${MAX_ATTEMPTS} attempts` });
      return;
    }
    const file = await this.open(pdf);
    if (!file) {
      // An upload that nobody submitted and that was swept: no document uses it.
      await db.query('DELETE FROM document_text_queue WHERE sha256 = $1', [pdf.sha256]);
      return;
    }
    const extraction = new AbortController();
    this.extractions.add(extraction);
    const started = Date.now();
    let result: PdfText;
    try {
      result = await extractPdfText(file, this.options.limits, extraction.signal);
    } finally {
      this.extractions.delete(extraction);
    }
    if (extraction.signal.aborted) {
      // Shutting down: the file stays queued, not counted as an attempt, for the next start.
      await db.query('UPDATE document_text_queue SET claimed_until = NULL, attempts = attempts - 1 WHERE sha256 = $1', [pdf.sha256]);
      return;
    }
    await this.keep(pdf.sha256, result);
    const log = { sha256: pdf.sha256, pages: result.pages, chars: result.text.length, truncated: result.truncated, ms: Date.now() - started };
    if (result.failure) logger.warn({ ...log, failure: result.failure }, 'the text of a PDF could not be extracted whole; it is kept with what was read');
    else logger.info(log, 'PDF text extracted');
  }

  /**
   * Keeps the text, takes the file off the queue, and lets the searches' rows that use the file take its words, in
   * one transaction: a crash leaves the file queued, never kept without its words in the searches.
   */
  private async keep(sha256: string, result: PdfText): Promise<void> {
    const { db } = this.parts;
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO document_file_text (sha256, pages, text, failure, truncated, extracted_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (sha256) DO NOTHING`,
        [sha256, result.pages, result.text, result.failure, result.truncated, this.parts.clock().toISOString()],
      );
      await tx.query('DELETE FROM document_text_queue WHERE sha256 = $1', [sha256]);
      await indexTextInUse(tx, sha256);
      await refreshDocumentText(tx, [sha256]);
    });
  }
}
