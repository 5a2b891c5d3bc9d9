import { rateLimit } from 'express-rate-limit';

/** Per-IP limit for the anonymous calls (login, verify-email, forgot-password, notify-admin), per 15 minutes. */
export function perIpLimit(limit: number) {
  return rateLimit({
    windowMs: 15 * 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ message: 'Too many attempts from this address. Please wait 15 minutes and try again.' });
    },
  });
}
