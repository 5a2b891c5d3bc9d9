import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * The visitor's email in the emailed search link (architecture §6): AES-256-GCM under a key derived from LINK_SECRET,
 * authenticated, with the expiry and the link's scope (customer id, the family's parentChangeId) inside the
 * ciphertext: any changed byte or a link past its expiry is refused, and every call that takes the token checks that
 * what it asks for lies within that scope. The scope is inside rather than beside the token because
 * `POST /module2/getDocumentURL` carries only the document id and the token (spec §7.4).
 *
 * Token: base64url(version 1 byte ‖ iv 12 ‖ ciphertext ‖ tag 16), the plaintext `{"e":email,"x":expiresAtMs,"c":customerId,"p":parentChangeId}`.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Default lifetime of a search link: 30 days. */
export const SEARCH_LINK_DAYS = 30;
/** Longest token accepted: a 254-character address makes about 380 characters; anything far longer is not ours. */
export const SEARCH_LINK_MAX_CHARS = 600;

const keyOf = (linkSecret: string) => createHmac('sha256', linkSecret).update('ifu search link email v1').digest();
/** Associated data: a token of this kind, and of no other use of the same secret. */
const PURPOSE = Buffer.from('ifu search link v1');

export interface SearchLinkScope {
  customerId: string;
  parentChangeId: string;
}

export function sealSearchLink(linkSecret: string, scope: SearchLinkScope, email: string, expiresAt: Date): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(linkSecret), iv);
  cipher.setAAD(PURPOSE);
  const plain = JSON.stringify({ e: email, x: expiresAt.getTime(), c: scope.customerId.toLowerCase(), p: scope.parentChangeId.toLowerCase() });
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]).toString('base64url');
}

export type OpenedSearchLink = ({ ok: true; email: string; expiresAt: Date } & SearchLinkScope) | { ok: false; reason: 'invalid' | 'expired' };

/** The link's email and scope, or why it is refused: `invalid` (malformed, changed, another key) or `expired`. */
export function openSearchLink(linkSecret: string, token: string, now: Date): OpenedSearchLink {
  if (typeof token !== 'string' || token.length > SEARCH_LINK_MAX_CHARS || !/^[A-Za-z0-9_-]+$/.test(token)) return { ok: false, reason: 'invalid' };
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES + 1 || bytes[0] !== VERSION) return { ok: false, reason: 'invalid' };
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(linkSecret), bytes.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
    decipher.setAAD(PURPOSE);
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    const parsed = JSON.parse(plain) as { e?: unknown; x?: unknown; c?: unknown; p?: unknown };
    if (typeof parsed.e !== 'string' || typeof parsed.x !== 'number' || typeof parsed.c !== 'string' || typeof parsed.p !== 'string') return { ok: false, reason: 'invalid' };
    if (now.getTime() >= parsed.x) return { ok: false, reason: 'expired' };
    return { ok: true, email: parsed.e, expiresAt: new Date(parsed.x), customerId: parsed.c, parentChangeId: parsed.p };
  } catch {
    // A failed authentication tag: a changed byte or another key.
    return { ok: false, reason: 'invalid' };
  }
}
