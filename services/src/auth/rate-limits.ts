import { createHash } from 'node:crypto';
import { rateLimit } from 'express-rate-limit';
import { Refusal, type Rejection } from '../platform/errors';

/** Per-IP limit for the anonymous calls (login, verify-email, forgot-password, notify-admin), per 15 minutes. */
export function perIpLimit(limit: number) {
  return rateLimit({
    windowMs: 15 * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new Refusal({ code: 'rate-limited' })),
  });
}

/**
 * Per-address limit for calls that mail someone because of an address in the body (notify-admin): however many
 * source addresses an attacker uses, one target address gets at most `limit` per hour.
 */
export function perAddressLimit(limit: number, field = 'email') {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => {
      const value = (req.body as Record<string, unknown> | undefined)?.[field];
      return typeof value === 'string' ? `address:${value.trim().toLowerCase().slice(0, 254)}` : 'address:none';
    },
    handler: (_req, _res, next) => next(new Refusal({ code: 'rate-limited' })),
  });
}

/**
 * Per-link limit for calls that carry an emailed link in the body (a search link's downloads): however many callers
 * share a link, it is answered at most `limit` times per window, then refused with `refusal` (429). Keyed by a hash of
 * the link, so the limiter's memory holds no link.
 */
export function perLinkLimit(options: { limit: number; windowMinutes: number; field: string; refusal: Rejection }) {
  return rateLimit({
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
