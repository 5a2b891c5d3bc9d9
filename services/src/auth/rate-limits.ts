import type { Request } from 'express';
import { rateLimit } from 'express-rate-limit';
import { Refusal, type Rejection } from '../platform/errors';

const HOUR_MS = 60 * 60_000;

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
    windowMs: HOUR_MS,
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
 * Per signed-in user and in total, per hour, for a costly staff call (the chain verification walks the whole log):
 * the user's own count first, so a refused call does not use up everyone's. Mount after the authentication guard.
 */
export function perUserAndTotalLimit(limits: { perUserPerHour: number; totalPerHour: number }, rejection: Rejection) {
  const refuseWith = (_req: Request, _res: unknown, next: (error: unknown) => void) => next(new Refusal(rejection));
  const common = { windowMs: HOUR_MS, standardHeaders: 'draft-8', legacyHeaders: false, handler: refuseWith } as const;
  return [
    rateLimit({ ...common, limit: limits.perUserPerHour, keyGenerator: (req) => `user:${req.auth?.userId ?? 'none'}` }),
    rateLimit({ ...common, limit: limits.totalPerHour, keyGenerator: () => 'total' }),
  ];
}
