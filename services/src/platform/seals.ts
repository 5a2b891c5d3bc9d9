import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/** What a seal vouches for; each purpose its own message prefix, so a seal of one kind never passes as another. */
export type SealPurpose = 'password-hash' | 'emailed-link' | 'snapshot' | 'second-factor' | 'recovery-code' | 'record-view';

/**
 * Keyed seals: an HMAC under a key derived from AUDIT_KEY, which lives outside the database.
 * What a signature or an authorization relies on and the request path stores in a table of its own (a password hash,
 * an emailed link's token, a folded state) is sealed in the hash-chained log or beside the row; someone who can write
 * those tables but does not hold the key cannot make a row that passes.
 */
export class Seals {
  private readonly key: Buffer;

  constructor(auditKey: string) {
    this.key = Buffer.from(hkdfSync('sha256', auditKey, 'ifu-portal', 'ifu seals', 32));
  }

  seal(purpose: SealPurpose, ...parts: readonly string[]): string {
    const hmac = createHmac('sha256', this.key).update(purpose);
    for (const part of parts) hmac.update('\n').update(part);
    return hmac.digest('base64url');
  }

  /** True when `seal` is the seal of these parts; false for a missing one. */
  holds(seal: string | null | undefined, purpose: SealPurpose, ...parts: readonly string[]): boolean {
    if (!seal) return false;
    const expected = Buffer.from(this.seal(purpose, ...parts));
    const given = Buffer.from(seal);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
