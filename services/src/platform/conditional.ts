import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * The public answers anyone may receive (the resolver's redirects, the eIFU pages, an open-access PDF, a customer's
 * page data): a shared cache (CDN, proxy) may store them but must ask again (If-None-Match) before each reuse. The
 * API answers that question from the read model, so a document taken Offline or superseded is never served from a
 * cache after the switch: staleness is bounded by zero (docs/architecture.md, "Public answers and caches").
 */
export const PUBLIC_REVALIDATE = 'public, no-cache';

/** An If-None-Match longer than this is not read (no answer of ours has more than a few tags to compare). */
const MAX_IF_NONE_MATCH = 1000;

/** A weak validator of what an answer means (its parts, in order): the same parts, the same tag, in every instance. */
export const weakEtagOf = (...parts: ReadonlyArray<string | number>) =>
  `W/"${createHash('sha256').update(parts.map(String).join('\n')).digest('base64url').slice(0, 27)}"`;

/** The tag without its weakness mark: If-None-Match compares weakly (RFC 9110 section 13.1.2). */
const opaque = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * RFC 9110 13.1.2: a GET or HEAD whose If-None-Match lists this tag (weak comparison) or is `*`. Not Express's
 * `req.fresh`, which answers in full whenever the request says `Cache-Control: no-cache`: that directive binds caches
 * on the way, and a conditional request that reached the origin is the validation it asks for (fetch() adds it to
 * every request that sets If-None-Match itself).
 */
export function ifNoneMatchNames(req: Request, etag: string): boolean {
  const header = req.get('if-none-match');
  if (!header || header.length > MAX_IF_NONE_MATCH || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
  const wanted = opaque(etag);
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * Sets `etag` on the answer and, when the request's If-None-Match names it (or `*`), answers 304 with the headers
 * set so far and says so: the caller then sends nothing else (no body, no file opened).
 */
export function answeredNotModified(req: Request, res: Response, etag: string): boolean {
  res.setHeader('ETag', etag);
  if (!ifNoneMatchNames(req, etag)) return false;
  res.status(304).end();
  return true;
}
