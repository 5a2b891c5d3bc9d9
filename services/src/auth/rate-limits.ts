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
