import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { rateLimit } from 'express-rate-limit';
import { isPublicRefusalLanguage, type PublicRefusalLanguage, SendSearchLinkBody } from '@ifu/contracts';
import type { RateLimitStores } from '../auth';
import { Refusal } from '../platform/errors';
import { parseBody } from '../platform/http';

const MINUTE_MS = 60_000;

/**
 * The limits of `POST /module2/sendSearchURLLink`, counted over valid requests only (an empty or malformed
 * submission is refused with 400 first and counts nowhere). A hospital puts every ward behind one network address, so
 * the per-address limit is generous and the tight ones are per email address (no one is flooded with mails) and per
 * customer (one customer's page is not a mailing machine). The hourly budget of all anonymous mails stays on top.
 */
export const SEARCH_LINK_LIMITS = {
  perEmail: { limit: 5, windowMinutes: 15 },
  perCustomer: { limit: 100, windowMinutes: 15 },
  perNetworkAddress: { limit: 300, windowMinutes: 60 },
} as const;

/** The body, validated, as the limits and the route read it. */
export const validSearchLinkRequest = (res: Response): SendSearchLinkBody => res.locals.searchLinkRequest as SendSearchLinkBody;

/**
 * The language of the visitor's page: the one the portal sends (`language`), else the first of Accept-Language the
 * site speaks, else English.
 */
export function visitorLanguage(req: Request, stated?: string): PublicRefusalLanguage {
  if (isPublicRefusalLanguage(stated)) return stated;
  const accepted = req.acceptsLanguages('en', 'de', 'fr', 'es', 'it');
  return isPublicRefusalLanguage(accepted) && req.headers['accept-language'] ? accepted : 'en';
}

const hashed = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Validation first, then the limits: email, customer, network address. */
export function searchLinkLimits(stores: RateLimitStores): RequestHandler[] {
  const validate: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    res.locals.searchLinkRequest = parseBody(SendSearchLinkBody, req.body);
    next();
  };
  const refusedAs =
    (code: 'search-link-email-limited' | 'search-link-customer-limited' | 'search-link-network-limited') => (req: Request, res: Response, next: NextFunction) =>
      next(new Refusal({ code, language: visitorLanguage(req, validSearchLinkRequest(res).language) }));
  const common = { standardHeaders: 'draft-8', legacyHeaders: false } as const;
  return [
    validate,
    rateLimit({
      ...common,
      store: stores.store('address:search-link-valid'),
      windowMs: SEARCH_LINK_LIMITS.perEmail.windowMinutes * MINUTE_MS,
      limit: SEARCH_LINK_LIMITS.perEmail.limit,
      // Hashed: the counts may be kept in the database, which must hold no address.
      keyGenerator: (_req, res) => `email:${hashed(validSearchLinkRequest(res).userEmail.toLowerCase())}`,
      handler: refusedAs('search-link-email-limited'),
    }),
    rateLimit({
      ...common,
      store: stores.store('customer:search-link'),
      windowMs: SEARCH_LINK_LIMITS.perCustomer.windowMinutes * MINUTE_MS,
      limit: SEARCH_LINK_LIMITS.perCustomer.limit,
      keyGenerator: (_req, res) => `customer:${hashed(validSearchLinkRequest(res).customerName.toLowerCase())}`,
      handler: refusedAs('search-link-customer-limited'),
    }),
    rateLimit({
      ...common,
      store: stores.store('ip:search-link-valid'),
      windowMs: SEARCH_LINK_LIMITS.perNetworkAddress.windowMinutes * MINUTE_MS,
      limit: SEARCH_LINK_LIMITS.perNetworkAddress.limit,
      handler: refusedAs('search-link-network-limited'),
    }),
  ];
}
