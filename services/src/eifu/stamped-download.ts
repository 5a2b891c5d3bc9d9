import { Readable } from 'node:stream';
import type { Response } from 'express';
import { findDocumentVersionsByNumber } from '@ifu/projections';
import type { AppContext } from '../platform/app-context';
import { publicToday } from './public-today';
import { type CurrencyFacts, currencyStamperOf, type StampOutcome } from './currency-stamp';
import { permalinkOf } from './labels';

/** The header that says whether a served PDF carries its currency page: `added`, or `unavailable` (served as stored). */
export const STAMP_HEADER = 'Currency-Stamp';

/**
 * What the currency page of a child's PDF says: its version as the permalinks number it (`/p/{n}/v/{version}`), the
 * date of issue and the permalink of the current version; `draft` while it was never approved; `unpublished` when it
 * was approved but is not among the document's versions now (its customer no longer approved, or it was deactivated).
 */
export async function currencyFactsOf(
  ctx: AppContext,
  child: { childDocumentId: string; documentNumber: string },
  approved: boolean,
  lang?: string,
): Promise<CurrencyFacts> {
  const inLanguage = lang && lang !== 'en' ? { lang } : {};
  if (!approved) return { kind: 'draft', documentNumber: child.documentNumber, ...inLanguage };
  const versions = await findDocumentVersionsByNumber(ctx.db, child.documentNumber, publicToday(ctx.clock()));
  const version = versions?.find((v) => v.childDocumentId === child.childDocumentId);
  if (!version) return { kind: 'unpublished', documentNumber: child.documentNumber, ...inLanguage };
  return {
    kind: 'version',
    permalink: permalinkOf(ctx.config, version.documentNumber, version.version),
    currentPermalink: permalinkOf(ctx.config, version.documentNumber),
    version: version.version,
    issued: version.effectiveDate.slice(0, 10),
    ...inLanguage,
  };
}

/**
 * The currency page for the stored file `sha256`, before anything about the download is recorded: a
 * refusal (503 `downloads-busy`) stores nothing. A PDF that cannot take the page within the limits is served as
 * stored, said in the `Currency-Stamp` header and the log.
 */
export async function currencyPageFor(ctx: AppContext, sha256: string, facts: CurrencyFacts): Promise<StampOutcome> {
  const outcome = await currencyStamperOf(ctx.config).stamp(sha256, async () => (await ctx.files.open(sha256)).stream, facts);
  if (outcome.unstamped) ctx.logger.warn({ sha256, reason: outcome.unstamped }, 'PDF served without its currency page');
  return outcome;
}

/** The same for bytes made per request (the signature manifest's), never remembered. */
export async function currencyPageForBytes(ctx: AppContext, bytes: Uint8Array, facts: CurrencyFacts): Promise<StampOutcome> {
  const outcome = await currencyStamperOf(ctx.config).stamp(undefined, async () => Readable.from([Buffer.from(bytes)]), facts);
  if (outcome.unstamped) ctx.logger.warn({ bytes: bytes.length, reason: outcome.unstamped }, 'PDF served without its currency page');
  return outcome;
}

export const markStamp = (res: Response, outcome: StampOutcome) => res.setHeader(STAMP_HEADER, outcome.appendix ? 'added' : 'unavailable');
