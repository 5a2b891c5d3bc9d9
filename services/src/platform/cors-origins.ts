import cors from 'cors';
import type { RequestHandler } from 'express';
import type { Config } from './config';

/** The names of this machine's loopback interface as a browser writes them in an origin. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

const isLoopback = (hostname: string) => (LOOPBACK_NAMES as readonly string[]).includes(hostname);

/** The same origin under each other loopback name: `http://localhost:3000` gives `http://127.0.0.1:3000` and `http://[::1]:3000`. */
const loopbackTwins = (origin: string): string[] => {
  const url = new URL(origin);
  if (!isLoopback(url.hostname)) return [];
  return LOOPBACK_NAMES.filter((name) => name !== url.hostname).map((name) => {
    const twin = new URL(origin);
    twin.hostname = name;
    return twin.origin;
  });
};

/**
 * The origins the API answers cross-origin calls from (CORS): the two portals as configured (PUBLIC_ADMIN_URL,
 * PUBLIC_CUSTOMER_URL). Outside production a portal configured on a loopback name is accepted under the other
 * loopback names too, on the same port: a developer who opens http://127.0.0.1:3000 where
 * http://localhost:3000 is configured can log in. Production accepts exactly the configured origins.
 */
export function corsOrigins(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_ADMIN_URL' | 'PUBLIC_CUSTOMER_URL'>): string[] {
  const configured = [config.PUBLIC_ADMIN_URL, config.PUBLIC_CUSTOMER_URL].map((url) => new URL(url).origin);
  const accepted = config.NODE_ENV === 'production' ? configured : [...configured, ...configured.flatMap(loopbackTwins)];
  return [...new Set(accepted)];
}

/**
 * Where a path may be one that answers CORS itself: a one-segment path, or one under `/01/` or `/.well-known/` (the
 * GS1 resolver's shapes). Checked here first, so that every other request (the API's own routes) never calls the
 * feature's finer check.
 */
const MAY_ANSWER_OWN_CORS = /^\/(?:01\/|\.well-known\/|[^/]+$)/;

/**
 * The portals' CORS (their origins, with credentials), except on the paths for which `answersOwnCors` says yes: the
 * label resolver answers any origin itself, without credentials (scanning apps run anywhere).
 */
export function portalsCors(config: Pick<Config, 'NODE_ENV' | 'PUBLIC_ADMIN_URL' | 'PUBLIC_CUSTOMER_URL'>, answersOwnCors: (path: string) => boolean): RequestHandler {
  const portals = cors({
    origin: corsOrigins(config),
    exposedHeaders: ['Content-Disposition', 'X-Request-Id', 'ETag'],
    // Only the staff portal's login sends a cookie (the device cookie of auth/device-cookies.ts), and only to these origins.
    credentials: true,
    maxAge: 600,
  });
  return (req, res, next) => (MAY_ANSWER_OWN_CORS.test(req.path) && answersOwnCors(req.path) ? next() : portals(req, res, next));
}
