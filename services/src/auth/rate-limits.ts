import { rateLimit } from 'express-rate-limit';
import { Refusal } from '../platform/errors';

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
