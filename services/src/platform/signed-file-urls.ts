import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StoredFile } from '@ifu/contracts';
import type { SignedUrlOptions } from './file-store';
import { SHA256 } from './content-address';

/**
 * The product's own signed file links (`GET /files/:sha256?type&expires&name&signature`, served by files/file-routes.ts
 * with the checksum verified): the same for every store, so a client never learns where the bytes are kept.
 */
export class SignedFileUrls {
  constructor(
    /** Where browsers reach the API: the base of signed URLs. */
    private readonly publicBaseUrl: string,
    /** Signs and checks signed URLs. */
    private readonly signingKey: string,
  ) {}

  private signature(sha256: string, contentType: string, expires: number, filename: string): string {
    return createHmac('sha256', this.signingKey).update(`${sha256}\n${contentType}\n${expires}\n${filename}`).digest('base64url');
  }

  sign(file: Pick<StoredFile, 'sha256' | 'contentType'>, options: SignedUrlOptions, now: Date): string {
    if (!SHA256.test(file.sha256)) throw new Error('not a content address');
    const expires = Math.floor(now.getTime() / 1000) + options.ttlSeconds;
    const filename = options.filename ?? '';
    const query = new URLSearchParams({ type: file.contentType, expires: String(expires) });
    if (filename) query.set('name', filename);
    query.set('signature', this.signature(file.sha256, file.contentType, expires, filename));
    return `${this.publicBaseUrl}/files/${file.sha256}?${query.toString()}`;
  }

  verify(query: Record<string, unknown>, sha256: string, now: Date): { contentType: string; filename?: string } | undefined {
    const { type, expires, name = '', signature } = query;
    if (!SHA256.test(sha256) || typeof type !== 'string' || typeof expires !== 'string' || typeof name !== 'string' || typeof signature !== 'string') {
      return undefined;
    }
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 < now.getTime()) return undefined;
    const expected = Buffer.from(this.signature(sha256, type, Number(expires), name));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return { contentType: type, filename: name || undefined };
  }
}
