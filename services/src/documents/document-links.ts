import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../platform/app-context';

/**
 * Signed links to one file of one change order for one purpose (`download`, or `manifest`: with the signature page),
 * working for minutes. A new tab carries no bearer token, so the link is the permission: it names the change order,
 * the file, its content (a file replaced since is another file) and the purpose, and any change breaks its signature.
 */
export const DOWNLOAD_LINK_SECONDS = 5 * 60;

export type DownloadPurpose = 'download' | 'manifest';

export interface LinkedFile {
  parentChangeId: string;
  fileId: string;
  sha256: string;
  purpose: DownloadPurpose;
}

const keyOf = (ctx: AppContext) => createHmac('sha256', ctx.secrets.linkSecret).update('ifu document download links').digest();

const signatureOf = (ctx: AppContext, file: LinkedFile, expires: number) =>
  createHmac('sha256', keyOf(ctx)).update(`${file.parentChangeId}\n${file.fileId}\n${file.sha256}\n${file.purpose}\n${expires}`).digest('base64url');

export function documentLink(ctx: AppContext, file: LinkedFile, now: Date): { url: string; expiresAt: string } {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_SECONDS;
  const query = new URLSearchParams({ purpose: file.purpose, expires: String(expires), signature: signatureOf(ctx, file, expires) });
  const base = ctx.config.PUBLIC_API_URL.replace(/\/$/, '');
  return {
    url: `${base}/document/file/${encodeURIComponent(file.parentChangeId)}/${encodeURIComponent(file.fileId)}?${query}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** Whether a link's query is a valid, unexpired signature of this file (its content as it is now) for its purpose. */
export function verifyDocumentLink(ctx: AppContext, file: Omit<LinkedFile, 'purpose'>, query: Record<string, unknown>, now: Date): DownloadPurpose | undefined {
  const { purpose, expires, signature } = query;
  if ((purpose !== 'download' && purpose !== 'manifest') || typeof expires !== 'string' || typeof signature !== 'string') return undefined;
  if (!/^[1-9]\d{0,11}$/.test(expires) || Number(expires) * 1000 < now.getTime() || signature.length > 100) return undefined;
  const expected = Buffer.from(signatureOf(ctx, { ...file, purpose }, Number(expires)));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? purpose : undefined;
}
