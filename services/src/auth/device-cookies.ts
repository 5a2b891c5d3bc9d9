import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

const COOKIE = 'ifu_device';
/** Accounts one browser is remembered for (each its own entry; the newest first). */
const ENTRIES_KEPT = 4;
const ONE_YEAR_S = 365 * 24 * 60 * 60;
const ENTRY = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{22})$/;
/** The cookie as one bounded token: entries of `nonce.mac`, joined by `~`. */
const VALUE = new RegExp(`(?:^|;\\s*)${COOKIE}=([A-Za-z0-9_.~-]{1,${ENTRIES_KEPT * 46}})(?:;|$)`);

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account successfully keeps an HttpOnly cookie naming that account (a random nonce and an HMAC of the
 * account and nonce). A login attempt from such a browser is judged by that browser's own failures only, so guesses
 * from other addresses, however many, cannot lock the owner out there; attempts without it are slowed and locked as
 * before (per address, and the whole account when many addresses guess).
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.key = createHmac('sha256', secret).update('ifu device cookies').digest();
  }

  private mac(userId: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`${userId}\n${nonce}`).digest('base64url').slice(0, 22);
  }

  private entries(req: Request): Array<{ nonce: string; mac: string }> {
    const header = req.headers.cookie;
    const value = typeof header === 'string' && header.length <= 8192 ? VALUE.exec(header)?.[1] : undefined;
    if (!value) return [];
    return value
      .split('~')
      .slice(0, ENTRIES_KEPT)
      .flatMap((entry) => {
        const match = ENTRY.exec(entry);
        return match ? [{ nonce: match[1]!, mac: match[2]! }] : [];
      });
  }

  /** The lockout source of this browser for `userId` when it signed in to that account before; undefined otherwise. */
  deviceOf(req: Request, userId: string): string | undefined {
    for (const { nonce, mac } of this.entries(req)) {
      const expected = Buffer.from(this.mac(userId, nonce));
      if (expected.length === mac.length && timingSafeEqual(expected, Buffer.from(mac))) {
        return `device:${createHash('sha256').update(nonce).digest('hex').slice(0, 16)}`;
      }
    }
    return undefined;
  }

  /** After a successful login: a fresh entry for the account, first; the browser's entries for others are kept. */
  remember(req: Request, res: Response, userId: string): void {
    const nonce = randomBytes(16).toString('base64url');
    const others = this.entries(req).filter(({ nonce: n, mac }) => mac !== this.mac(userId, n));
    const value = [`${nonce}.${this.mac(userId, nonce)}`, ...others.map(({ nonce: n, mac }) => `${n}.${mac}`)].slice(0, ENTRIES_KEPT).join('~');
    // Sent only to the login call, never readable by scripts, never cross-site.
    res.append(
      'Set-Cookie',
      `${COOKIE}=${value}; Path=/user/get/token; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Strict${this.secure ? '; Secure' : ''}`,
    );
  }
}
