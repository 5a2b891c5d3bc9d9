import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import type { Queryable } from '@ifu/storage/database/database';
import type { Config } from '../platform/config';
import { Refusal } from '../platform/errors';
import type { FilePolicy, FileStore, StagedFile } from '../platform/file-store';
import { fileFieldName, sizeInWords } from './staging';
import { pdfStructureProblem } from './pdf-structure';
import type { QuotaReservation, StagingQuota } from './staging-quota';

/** The upload policies of the product, their limits from the configuration. */
export const filePolicies = (config: Config) => ({
  logo: (field: string): FilePolicy => ({
    field,
    types: ['image/png', 'image/jpeg', 'image/webp'],
    typesInWords: 'a PNG, JPEG or WebP image',
    maxBytes: config.LOGO_MAX_BYTES,
    image: { maxWidth: config.IMAGE_MAX_PIXELS, maxHeight: config.IMAGE_MAX_PIXELS },
  }),
  document: (field: string): FilePolicy => ({
    field,
    types: ['application/pdf'],
    typesInWords: 'a PDF document',
    maxBytes: config.DOCUMENT_MAX_BYTES,
    // A PDF that parses: '%PDF-' followed by HTML or SVG is not one.
    verify: (file) => pdfStructureProblem(file.path === undefined ? file.read() : { path: file.path }, config.PDF_TEXT_MAX_MEMORY_MB),
  }),
});

/** The files of one multipart request, staged; those not committed by the time the answer is sent are removed. */
export class Uploads {
  private readonly staged: StagedFile[] = [];
  private readonly committed = new Set<string>();
  constructor(
    private readonly store: FileStore,
    /** The user's staging quota, when the route keeps files staged for later requests. */
    readonly quota?: QuotaReservation,
  ) {}

  private arrivals = 0;

  /** The place of the next file part in the request: files stage in parallel and may finish in another order. */
  nextArrival(): number {
    return this.arrivals++;
  }

  add(field: string, file: StagedFile, arrival = this.nextArrival()): void {
    this.staged.push(Object.assign(file, { field, arrival }));
  }

  /** The staged files of a field, in the order the request sent them. */
  files(field: string): StagedFile[] {
    type Placed = StagedFile & { field: string; arrival: number };
    return (this.staged as Placed[]).filter((file) => file.field === field).sort((a, b) => a.arrival - b.arrival);
  }

  single(field: string): StagedFile | undefined {
    return this.files(field)[0];
  }

  /** Keeps a staged file for good: call only once the record that uses it is saved. */
  async commit(file: StagedFile) {
    const stored = await this.store.commit(file);
    this.committed.add(file.stagedId);
    return stored;
  }

  /**
   * Keeps a staged file staged after the answer: an upload that a later request uses (the add wizard's files, kept
   * for 24 hours). Call only once the upload is recorded.
   */
  keepStaged(file: StagedFile): void {
    this.committed.add(file.stagedId);
  }

  /**
   * Keeps `files` staged after the answer once `record` has recorded them, if they fit the user's staging quota
   * (checked again here, exactly: requests of one user keep their files one at a time); else 413 and nothing kept.
   * `record` is given the quota lock's transaction where there is one (see {@link QuotaReservation.keep}).
   */
  async keepStagedWithinQuota(files: StagedFile[], record: (locked?: Queryable) => Promise<void>): Promise<void> {
    if (this.quota) await this.quota.keep(record);
    else await record();
    for (const file of files) this.keepStaged(file);
  }

  /** Removes what no record took: a refused request leaves no file behind. */
  async discardUncommitted(): Promise<void> {
    await Promise.all(this.staged.filter((f) => !this.committed.has(f.stagedId)).map((f) => this.store.deleteStaged(f.stagedId)));
  }
}

declare module 'express-serve-static-core' {
  interface Request {
    uploads?: Uploads;
  }
}

/** Streams each file part straight into the file store's staging area, checked against its field's policy. */
class StagingStorage implements multer.StorageEngine {
  constructor(
    private readonly store: FileStore,
    private readonly policies: Record<string, FilePolicy>,
  ) {}

  _handleFile(req: Request, file: Express.Multer.File, callback: (error?: unknown, info?: Partial<Express.Multer.File>) => void): void {
    const policy = this.policies[file.fieldname];
    if (!policy) {
      file.stream.resume();
      callback(new Refusal({ code: 'file-invalid', message: `No file is accepted in the field ${file.fieldname}` }));
      return;
    }
    const arrival = req.uploads!.nextArrival();
    this.store.stage(file.stream, policy, file.originalname ?? '', req.uploads!.quota).then(
      (staged) => {
        req.uploads!.add(file.fieldname, staged, arrival);
        callback(null, { size: staged.size });
      },
      (error: unknown) => callback(error),
    );
  }

  _removeFile(_req: Request, _file: Express.Multer.File, callback: (error: Error | null) => void): void {
    // Staged files are removed with the request's other uncommitted files when the answer is sent.
    callback(null);
  }
}

/**
 * Multipart parsing for a form with files: text fields in `req.body`, each file streamed into staging (never held
 * whole in memory), at most `maxCount` per field. Every multipart problem becomes a 400 naming the field, and every
 * file the request did not commit is removed once the answer is sent.
 */
export function acceptUploads(
  store: FileStore,
  fields: Record<string, { policy: FilePolicy; maxCount: number }>,
  options: { quota?: StagingQuota } = {},
): RequestHandler {
  const policies = Object.fromEntries(Object.entries(fields).map(([name, { policy }]) => [name, policy]));
  const largest = Math.max(...Object.values(fields).map(({ policy }) => policy.maxBytes));
  const parse = multer({
    storage: new StagingStorage(store, policies),
    // Keep the name as sent, so a name with path parts can be refused instead of silently cut down.
    preservePath: true,
    // Browsers send file names as UTF-8 bytes without saying so: read as latin1 (the default), 'résumé' became 'rÃ©sumÃ©'.
    defParamCharset: 'utf8',
    // One byte over the largest policy: the staging step then refuses with the field's own limit.
    limits: {
      fileSize: largest + 1,
      // One more than all fields take together: a field over its own count is refused by name first.
      files: Object.values(fields).reduce((n, { maxCount }) => n + maxCount, 0) + 1,
      fields: 40,
      fieldSize: 16 * 1024,
      parts: 60,
    },
  }).fields(Object.entries(fields).map(([name, { maxCount }]) => ({ name, maxCount })));

  return (req, res, next) => {
    const quota = options.quota && req.auth ? options.quota.reserve(req.auth.userId) : undefined;
    const uploads = new Uploads(store, quota);
    req.uploads = uploads;
    res.once('close', () => {
      quota?.release();
      void uploads.discardUncommitted().catch((err: unknown) => req.log.error({ err }, 'could not remove staged uploads'));
    });
    parse(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof Refusal) return next(error);
      if (error instanceof multer.MulterError) {
        const field = error.field ?? 'file';
        const limit = fields[field]?.policy.maxBytes ?? largest;
        const message =
          error.code === 'LIMIT_FILE_COUNT'
            ? 'Too many files in one request'
            : error.code === 'LIMIT_FILE_SIZE'
            ? `${fileFieldName(field)} must be at most ${sizeInWords(limit)}`
            : error.code === 'LIMIT_UNEXPECTED_FILE'
              ? fields[field]
                ? `At most ${fields[field].maxCount} file${fields[field].maxCount === 1 ? ' is' : 's are'} accepted in the field ${field}`
                : `No file is accepted in the field ${field}`
              : `${field}: ${error.message}`;
        return next(new Refusal({ code: 'file-invalid', message, ...(error.field ? { fields: [{ field: error.field, message }] } : {}) }));
      }
      return next(new Refusal({ code: 'file-invalid', message: `The form could not be read: ${(error as Error).message}` }));
    });
  };
}
