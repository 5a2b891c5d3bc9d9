import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { MemoryStore, type Options, rateLimit, type Store } from 'express-rate-limit';
import { Refusal, type Rejection } from '../platform/errors';
import type { RateLimitStores } from './rate-limit-stores';

const HOUR_MS = 60 * 60_000;

/** Per-IP limit for the anonymous calls (login, verify-email, forgot-password, notify-admin), per 15 minutes. */
export function perIpLimit(stores: RateLimitStores, name: string, limit: number) {
  return rateLimit({
    store: stores.store(`ip:${name}`),
    windowMs: 15 * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new Refusal({ code: 'rate-limited' })),
  });
}

/**
 * Per-address limit for calls about an address in the body (notify-admin mails it, verify-email tells about it):
 * however many source addresses an attacker uses, one target address gets at most `limit` per hour.
 */
export function perAddressLimit(stores: RateLimitStores, name: string, limit: number, field = 'email', refusal: Rejection = { code: 'rate-limited' }) {
  return rateLimit({
    store: stores.store(`address:${name}`),
    windowMs: 60 * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    // A body without the address is refused by the route's contract (400); counted, all of them would share one key.
    skip: (req) => typeof (req.body as Record<string, unknown> | undefined)?.[field] !== 'string',
    keyGenerator: (req) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[field];
      // Hashed: the counts are kept in the database, which must hold no address (nor a NUL byte one may carry).
      return typeof value === 'string' ? `address:${createHash('sha256').update(value.trim().toLowerCase().slice(0, 254)).digest('base64url')}` : 'address:none';
    },
    handler: (_req, _res, next) => next(new Refusal(refusal)),
  });
}

/**
 * Per signed-in user and in total, per hour, for a costly staff call (the chain verification walks the whole log):
 * the user's own count first, so a refused call does not use up everyone's. Mount after the authentication guard.
 */
export function perUserAndTotalLimit(
  stores: RateLimitStores,
  name: string,
  limits: { perUserPerHour: number; totalPerHour: number },
  rejection: Rejection,
) {
  const refuseWith = (_req: Request, _res: unknown, next: (error: unknown) => void) => next(new Refusal(rejection));
  const common = { windowMs: HOUR_MS, standardHeaders: 'draft-8', legacyHeaders: false, handler: refuseWith } as const;
  return [
    rateLimit({
      ...common,
      store: stores.store(`user:${name}`),
      limit: limits.perUserPerHour,
      keyGenerator: (req) => `user:${req.auth?.userId ?? 'none'}`,
    }),
    rateLimit({ ...common, store: stores.store(`total:${name}`), limit: limits.totalPerHour, keyGenerator: () => 'total' }),
  ];
}

/**
 * At most `cap` units per key in an hour, over every caller and address together (not per IP or per address): the
 * mails the anonymous routes may cause. The hour starts at the first use after the last one
 * ended; `onHourEnded` hears when an hour that was used is over (its digest goes out then). Time is the server clock.
 */
export class HourlyBudget<Key extends string> {
  private hour?: { start: number; used: Map<Key, number> };

  constructor(
    readonly cap: number,
    private readonly clock: () => Date,
    private readonly onHourEnded: (start: Date, end: Date) => void,
    /** Keys with a budget of their own instead of `cap`. */
    private readonly caps: Partial<Record<Key, number>> = {},
  ) {}

  /** The hour's budget of `key`. */
  capOf(key: Key): number {
    return this.caps[key] ?? this.cap;
  }

  /** Takes `count` units of `key`'s budget this hour; false (and nothing taken) when they do not fit. */
  take(key: Key, count = 1): boolean {
    const hour = this.current();
    const used = hour.used.get(key) ?? 0;
    if (used + count > this.capOf(key)) return false;
    hour.used.set(key, used + count);
    return true;
  }

  /** Gives back units taken for something that did not happen after all. */
  giveBack(key: Key, count = 1): void {
    const used = this.hour?.used.get(key);
    if (used !== undefined) this.hour!.used.set(key, Math.max(0, used - count));
  }

  /** Ends the hour when it is over (the timer calls this); with `now`, ends it at once (shutdown). */
  endHour(options: { now?: boolean } = {}): void {
    if (!this.hour) return;
    const now = this.clock().getTime();
    if (!options.now && now < this.hour.start + HOUR_MS) return;
    const { start } = this.hour;
    this.hour = undefined;
    this.onHourEnded(new Date(start), new Date(Math.min(now, start + HOUR_MS)));
  }

  private current() {
    this.endHour();
    this.hour ??= { start: this.clock().getTime(), used: new Map() };
    return this.hour;
  }
}

/**
 * Per-link limit for calls that carry an emailed link in the body (a search link's downloads): however many callers
 * share a link, it is answered at most `limit` times per window, then refused with `refusal` (429). Keyed by a hash of
 * the link, so the limiter's memory holds no link.
 */
export function perLinkLimit(
  stores: RateLimitStores,
  name: string,
  options: { limit: number; windowMinutes: number; field: string; refusal: Rejection },
) {
  return rateLimit({
    store: stores.store(`link:${name}`),
    windowMs: options.windowMinutes * 60_000,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[options.field];
      return typeof value === 'string' ? `link:${createHash('sha256').update(value).digest('base64url')}` : 'link:none';
    },
    handler: (_req, _res, next) => next(new Refusal(options.refusal)),
  });
}

/**
 * Per-user limit for calls that take files: `limit` requests per user per `windowMinutes`,
 * counted before anything is read from the request, so a refused upload stages nothing. Runs after the login guard.
 */
export function perUserUploadLimit(stores: RateLimitStores, limit: number, windowMinutes: number) {
  return rateLimit({
    store: stores.store('user:uploads'),
    windowMs: windowMinutes * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${req.auth?.userId ?? 'none'}`,
    handler: (_req, _res, next) => next(new Refusal({ code: 'upload-rate-limited', limit, minutes: windowMinutes })),
  });
}

/**
 * At most one at a time per key, over every API instance (the counts live in the shared rate-limit stores): for work
 * whose cost falls on everyone, such as the one password-strength worker every password change waits for. A second
 * request under a key already held is refused at once, not queued. The count is taken back when the work ends;
 * should a process die holding it, it lapses with the window.
 */
export class InFlightLimit {
  private readonly store: Store;

  constructor(stores: RateLimitStores, name: string, windowMs = 2 * 60_000) {
    this.store = stores.store(`in-flight:${name}`) ?? new MemoryStore();
    this.store.init?.({ windowMs } as Options);
  }

  /** Runs `work` holding every key; refuses with `refusal` (and runs nothing) when one of them is held already. */
  async hold<T>(keys: readonly string[], refusal: Rejection, work: () => Promise<T>): Promise<T> {
    const held: Array<{ key: string; until?: number }> = [];
    try {
      for (const key of keys) {
        const { totalHits, resetTime } = await this.store.increment(key);
        // Copied: the memory store hands out its own mutable record.
        held.push({ key, until: resetTime?.getTime() });
        if (totalHits > 1) throw new Refusal(refusal);
      }
      return await work();
    } finally {
      // Taken back before the answer goes out, so that the caller's next request finds the key free.
      for (const { key, until } of held) {
        // A window that ended meanwhile took the count with it; taking one back now would free someone else's.
        if (until !== undefined && Date.now() >= until) continue;
        try {
          await this.store.decrement(key);
        } catch {
          // A store that fails here leaves the count to lapse with the window.
        }
      }
    }
  }
}

/** The window of the public file routes' limit in words: "a minute", "5 minutes", "30 seconds". */
const windowInWords = (seconds: number) =>
  seconds === 60 ? 'a minute' : seconds === 3600 ? 'an hour' : seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`;

/**
 * Per caller address over every public file route together (open-access PDFs, visitors' file links, signed file
 * URLs): at most `limit` downloads per `windowSeconds`, then 429 with Retry-After. Generous, since a hospital's readers
 * may all come from one address; what it stops is one caller fetching without end. Make one and mount it on each
 * route (files/file-routes.ts, `publicFileLimit`), so that they count in one budget in memory too.
 */
export function perIpPublicFileLimit(stores: RateLimitStores, options: { limit: number; windowSeconds: number }) {
  const { limit, windowSeconds } = options;
  return rateLimit({
    store: stores.store('ip:public-files'),
    windowMs: windowSeconds * 1000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new Refusal({ code: 'public-files-rate-limited', limit, window: windowInWords(windowSeconds) })),
  });
}
