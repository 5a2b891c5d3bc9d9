/** What a verified bearer token says: its session and its account. */
export interface VerifiedClaims {
  sid: string;
  sub: string;
}

/**
 * Tokens this process has verified, with their claims, until they expire: the same bytes under the same key verify the
 * same way, so only the time is checked again. The session and account behind a token are still read on every
 * request (`authenticate`): this saves the HMAC and JSON parsing only. At most 10,000, the oldest forgotten first.
 */
export class VerifiedTokens {
  private readonly claims = new Map<string, VerifiedClaims & { expiresAtMs: number }>();
  /** One per signing key (`guards` makes one per app): a token verified under one key says nothing under another. */
  constructor(private readonly max = 10_000) {}

  /** The claims of a token verified before and not expired at `nowMs` (expired at `exp` itself, as jsonwebtoken has it). */
  get(token: string, nowMs: number): VerifiedClaims | undefined {
    const known = this.claims.get(token);
    if (!known) return undefined;
    if (nowMs >= known.expiresAtMs) {
      this.claims.delete(token);
      return undefined;
    }
    return { sid: known.sid, sub: known.sub };
  }

  remember(token: string, claims: VerifiedClaims, expiresAtMs: number): void {
    if (this.claims.size >= this.max) this.claims.delete(this.claims.keys().next().value!);
    this.claims.set(token, { ...claims, expiresAtMs });
  }
}
