import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import type { StoredFile } from '@ifu/contracts';
import { perIpPublicFileLimit } from '../auth';
import type { AppContext } from '../platform/app-context';
import { ifNoneMatchNames } from '../platform/conditional';
import { refuse } from '../platform/errors';
import type { FileStore, OpenedFile } from '../platform/file-store';

const contentDisposition = (filename: string) =>
  `inline; filename="${filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

/**
 * A strong validator of the bytes sent: the stored file's content address, and with a page appended, a digest of both
 * (the page changes with the facts it states). Quoted as RFC 9110 wants.
 */
export function storedFileEtag(sha256: string, append?: Uint8Array): string {
  if (!append) return `"${sha256}"`;
  return `"${createHash('sha256').update(sha256).update(append).digest('hex')}"`;
}

/**
 * Sends a stored file (and `append` after it), its checksum verified as it streams (a mismatch cuts the connection rather than pass
 * altered bytes as the record's file). Never a path a client supplied: only a hash the server recorded.
 * Conditional: the answer carries a strong ETag (`storedFileEtag`, unless the route set its own), and a request whose
 * If-None-Match names it is answered 304 without opening the file. The caller has already decided the request may
 * have these bytes (its authentication and reads run before), so a 304 tells nothing a 200 would not. No
 * Last-Modified: a content-addressed file's time on disk says when these bytes were first stored, not when the record
 * took them, so it could be older than what a client holds.
 */
export async function sendStoredFile(
  res: Response,
  files: FileStore,
  file: Pick<StoredFile, 'sha256' | 'contentType'>,
  options: { cacheControl: string; filename?: string; append?: Uint8Array },
): Promise<void> {
  const append = options.append;
  const ownEtag = !res.getHeader('ETag');
  if (ownEtag) res.setHeader('ETag', storedFileEtag(file.sha256, append));
  res.setHeader('Cache-Control', options.cacheControl);
  if (ifNoneMatchNames(res.req, String(res.getHeader('ETag')))) {
    res.status(304).end();
    return;
  }
  let opened: OpenedFile;
  try {
    opened = await files.open(file.sha256);
  } catch (error) {
    // The refusal's answer is not these bytes: it carries neither their validator nor their caching.
    if (ownEtag) res.removeHeader('ETag');
    res.removeHeader('Cache-Control');
    throw error;
  }
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(opened.size + (append?.length ?? 0)));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  if (options.filename) res.setHeader('Content-Disposition', contentDisposition(options.filename));
  try {
    // `append` (a PDF's currency page, eifu/currency-stamp.ts) follows the stored bytes, which are sent unchanged.
    const source = append ? Readable.from((async function* () { yield* opened.stream; yield Buffer.from(append); })()) : opened.stream;
    await pipeline(source, res);
  } catch (error) {
    // The browser closed the connection (a cancelled download, a PDF viewer that read enough): nothing went wrong here.
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE' && !res.writableFinished) {
      opened.stream.destroy();
      return;
    }
    throw error;
  }
}

const publicFileLimits = new WeakMap<AppContext, ReturnType<typeof perIpPublicFileLimit>>();

/**
 * The per-address limit of the public file routes (`/files/:sha256`, `/module2/file/:child`, `/p/…/pdf`), one budget
 * over all of them: `PUBLIC_FILE_RATE_LIMIT` per `PUBLIC_FILE_RATE_WINDOW_SECONDS`. One limiter per application
 * context, which every feature's routes share.
 */
export function publicFileLimit(ctx: AppContext) {
  let limiter = publicFileLimits.get(ctx);
  if (!limiter) {
    limiter = perIpPublicFileLimit(ctx.rateLimits, { limit: ctx.config.PUBLIC_FILE_RATE_LIMIT, windowSeconds: ctx.config.PUBLIC_FILE_RATE_WINDOW_SECONDS });
    publicFileLimits.set(ctx, limiter);
  }
  return limiter;
}

/** GET /files/:sha256 with a signed, short-lived query (FileStore.signedUrl): no bearer token needed. */
export function fileRoutes(ctx: AppContext): Router {
  const router = Router();
  router.get('/files/:sha256', publicFileLimit(ctx), async (req, res) => {
    const now = ctx.clock();
    const granted = ctx.files.urls.verify(req.query as Record<string, unknown>, String(req.params.sha256), now);
    if (!granted) refuse('file-link-invalid');
    const secondsLeft = Math.max(0, Number(req.query.expires) - Math.floor(now.getTime() / 1000));
    await sendStoredFile(res, ctx.files, { sha256: String(req.params.sha256), contentType: granted.contentType }, {
      cacheControl: `private, max-age=${secondsLeft}`,
      filename: granted.filename,
    });
  });
  return router;
}
