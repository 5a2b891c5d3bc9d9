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

/**
 * Per-user limit for calls that take files (issue 19, finding 3): `limit` requests per user per `windowMinutes`,
 * counted before anything is read from the request, so a refused upload stages nothing. Runs after the login guard.
 */
export function perUserUploadLimit(limit: number, windowMinutes: number) {
  return rateLimit({
    windowMs: windowMinutes * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `user:${req.auth?.userId ?? 'none'}`,
    handler: (_req, _res, next) => next(new Refusal({ code: 'upload-rate-limited', limit, minutes: windowMinutes })),
  });
}
