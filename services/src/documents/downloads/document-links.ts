import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../platform/app-context';

/**
 * Signed links to one document file, working for minutes. A new tab carries no bearer token, so the link is the
 * permission: it names the file and who it was issued to, and any change breaks its signature. What the link is for is
 * settled when it is served, not when it is issued:
 *
 * - a staff link (`/document/file/<parentChangeId>/<fileId>`) names the file, its content (a file replaced since is
 *   another file), the purpose (`download`, or `manifest`: with the signature page) and the user it was issued to;
 *   serving it records that user's download, which is what counts as having opened the file (the approver's review);
 * - a visitor link (`/module2/file/<childDocumentId>`) names the document and the search link's customer and family,
 *   and `access=open` when the search link carried no address (open access); serving it checks again that the
 *   document is public to that scope and, for an open-access link, that the customer still has open access.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export type DownloadPurpose = 'download' | 'manifest';

export interface StaffLinkedFile {
  parentChangeId: string;
  fileId: string;
  sha256: string;
  purpose: DownloadPurpose;
  /** The staff member the link was issued to: their download is recorded when it is served. */
  userId: string;
}

export interface VisitorLinkedDocument {
  childDocumentId: string;
  /** The search link's scope, checked again when the link is served. */
  customerId: string;
  familyId: string;
  /**
   * Issued through an open-access search link (no visitor address): served only while the customer keeps open access,
   * as the search link itself opens only then. Signed, so it cannot be dropped from the query.
   */
  openAccess: boolean;
}

const keyOf = (ctx: AppContext) => createHmac('sha256', ctx.secrets.linkSecret).update('ifu document download links').digest();

const signatureOf = (ctx: AppContext, fields: readonly string[], expires: number) =>
  createHmac('sha256', keyOf(ctx)).update(`${fields.join('\n')}\n${expires}`).digest('base64url');

const staffFields = (file: StaffLinkedFile) => ['staff', file.parentChangeId, file.fileId, file.sha256, file.purpose, file.userId];
// An emailed link's fields are as before open access marked its links, so links issued just before an upgrade still work.
const visitorFields = (document: VisitorLinkedDocument) => [
  'visitor',
  document.childDocumentId,
  document.customerId,
  document.familyId,
  ...(document.openAccess ? ['open'] : []),
];

const baseUrl = (ctx: AppContext) => ctx.config.PUBLIC_API_URL.replace(/\/$/, '');
const expiryAt = (expires: number) => new Date(expires * 1000).toISOString();

/** Whether `signature` signs `fields` until `expires` (a query's strings), and has not expired at `now`. */
function signedUntil(ctx: AppContext, fields: readonly string[], expires: unknown, signature: unknown, now: Date): boolean {
  if (typeof expires !== 'string' || typeof signature !== 'string') return false;
  if (!/^[1-9]\d{0,11}$/.test(expires) || Number(expires) * 1000 < now.getTime() || signature.length > 100) return false;
  const expected = Buffer.from(signatureOf(ctx, fields, Number(expires)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A link to one file of a change order for the staff member `userId`, for one purpose, valid for minutes. */
export function staffDocumentLink(ctx: AppContext, file: StaffLinkedFile, now: Date): { url: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const query = new URLSearchParams({ purpose: file.purpose, user: file.userId, expires: String(expires), signature: signatureOf(ctx, staffFields(file), expires) });
  return {
    url: `${baseUrl(ctx)}/document/file/${encodeURIComponent(file.parentChangeId)}/${encodeURIComponent(file.fileId)}?${query}`,
    expiresAt: expiryAt(expires),
  };
}

/**
 * Whether a staff link's query is a valid, unexpired signature of this file (its content as it is now); its purpose
 * and the user it was issued to, or undefined.
 */
export function verifyStaffDocumentLink(
  ctx: AppContext,
  file: Omit<StaffLinkedFile, 'purpose' | 'userId'>,
  query: Record<string, unknown>,
  now: Date,
): { purpose: DownloadPurpose; userId: string } | undefined {
  const { purpose, user, expires, signature } = query;
  if ((purpose !== 'download' && purpose !== 'manifest') || typeof user !== 'string' || user.length > 100) return undefined;
  return signedUntil(ctx, staffFields({ ...file, purpose, userId: user }), expires, signature, now) ? { purpose, userId: user } : undefined;
}

/** A link to a public document for a search link's visitor, valid for minutes and never past the search link's expiry. */
export function visitorDocumentLink(ctx: AppContext, document: VisitorLinkedDocument, searchLinkExpiresAt: Date, now: Date): { url: string; expiresAt: string } {
  const expires = Math.min(Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS, Math.floor(searchLinkExpiresAt.getTime() / 1000));
  const query = new URLSearchParams({
    customer: document.customerId,
    family: document.familyId,
    ...(document.openAccess ? { access: 'open' } : {}),
    expires: String(expires),
    signature: signatureOf(ctx, visitorFields(document), expires),
  });
  return { url: `${baseUrl(ctx)}/module2/file/${encodeURIComponent(document.childDocumentId)}?${query}`, expiresAt: expiryAt(expires) };
}

/** The scope a visitor link's query signs for this document, if the signature is valid and unexpired; else undefined. */
export function verifyVisitorDocumentLink(ctx: AppContext, childDocumentId: string, query: Record<string, unknown>, now: Date): VisitorLinkedDocument | undefined {
  const { customer, family, access, expires, signature } = query;
  if (typeof customer !== 'string' || typeof family !== 'string' || customer.length > 100 || family.length > 100) return undefined;
  if (access !== undefined && access !== 'open') return undefined;
  const document = { childDocumentId, customerId: customer, familyId: family, openAccess: access === 'open' };
  return signedUntil(ctx, visitorFields(document), expires, signature, now) ? document : undefined;
}
