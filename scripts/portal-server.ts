import { existsSync, readdirSync, statSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import express from 'express';
import helmet from 'helmet';

export const PORTALS = {
  admin: resolve(import.meta.dirname, '../admin-portal'),
  customer: resolve(import.meta.dirname, '../customer-portal'),
} as const;

export type PortalName = keyof typeof PORTALS;

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** A portal needs a build when it has none, or when its sources or the shared contracts changed after it. */
export function needsBuild(portal: PortalName): boolean {
  const root = PORTALS[portal];
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts', 'public'].map((p) => join(root, p)).filter(existsSync);
  sources.push(resolve(import.meta.dirname, '../services/contracts/src'));
  return Math.max(...sources.map(newestChange)) > statSync(built).mtimeMs;
}

export async function buildPortal(portal: PortalName): Promise<void> {
  const { build } = await import('vite');
  const root = PORTALS[portal];
  // Vite keeps an existing NODE_ENV (vitest sets 'test'), which would bundle React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    // Assigning undefined would set the text 'undefined', which the API's configuration then refuses.
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
}

export interface PortalServerOptions {
  portal: PortalName;
  port: number;
  /** The interface to listen on: loopback unless given (npm start passes HOST). */
  host?: string;
  apiUrl: string;
}

/**
 * The paths of the eIFU site the customer portal's domain passes to the API: the Digital Links, the permalinks and
 * the GS1 resolver description file.
 */
export const EIFU_PATHS = /^\/(01|p)\/|^\/\.well-known\/gs1resolver$/;

/** A path that may be a compressed GS1 Digital Link (base64url characters, one segment): the API decides. */
export const COMPRESSED_LINK_PATH = /^\/[A-Za-z0-9_-]{8,150}$/;

/** The customer portal's client routes (customer-portal/src/config/paths.ts); any other address is not found. */
export const CUSTOMER_PORTAL_ROUTES = /^\/(docSearch\/[^/]+|customerDocSearch|contactus|paperCopy\/[^/]+)\/?$/;

/**
 * Passes a GET, HEAD or OPTIONS (the resolver's CORS) on to the API, streaming its answer back: status, headers (its
 * redirects too) and body. `onNotFound`, when given, answers instead of the API's 404.
 */
function passTo(apiUrl: string, onNotFound?: express.RequestHandler): express.RequestHandler {
  const api = new URL(apiUrl);
  const send = api.protocol === 'https:' ? httpsRequest : httpRequest;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS') {
      res.status(405).set('Allow', 'GET, HEAD, OPTIONS').end();
      return;
    }
    const headers = { ...req.headers, host: api.host, 'x-forwarded-host': req.headers.host ?? '' };
    const upstream = send(new URL(req.originalUrl, api), { method: req.method, headers }, (answer) => {
      if (answer.statusCode === 404 && onNotFound) {
        answer.resume();
        onNotFound(req, res, next);
        return;
      }
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.status(502).type('text').send('The documents service is not reachable. Try again in a moment.');
      else res.destroy();
    });
    upstream.end();
  };
}

/** index.html names the hashed assets of the current build: browsers must ask again each time (they may revalidate). */
const NO_CACHE = 'no-cache';

/**
 * Serves a built portal as a static site, the way nginx does in production: strict CSP, the run-time
 * /config.json that names the API, compression (brotli or gzip, as the browser accepts), long-lived immutable
 * caching for hashed assets, no-cache for index.html, and index.html for client routes (the customer portal: 404
 * with index.html for any other path, whose page then says not found).
 */
export async function startPortalServer(options: PortalServerOptions): Promise<{ url: string; port: number; address: string; close(): Promise<void> }> {
  const dist = join(PORTALS[options.portal], 'dist');
  const apiOrigin = new URL(options.apiUrl).origin;
  const app = express();
  app.disable('x-powered-by');
  // The eIFU site's addresses, printed on labels under the customer portal's domain, are answered by the
  // API: a label's GS1 Digital Link (/01/...) and the documents' permalinks (/p/...). Passed on before the portal's
  // own headers, as nginx does in production (the Dockerfile's customer-portal image), with the API's own.
  // Only the client routes are the app; any other address answers 404 (with the app, which shows its not-found page).
  const notFound: express.RequestHandler = (_req, res) => {
    res.status(404).set('Cache-Control', NO_CACHE).sendFile(join(dist, 'index.html'));
  };
  if (options.portal === 'customer') {
    const toApi = passTo(options.apiUrl);
    app.use((req, res, next) => (EIFU_PATHS.test(req.path) ? toApi(req, res, next) : next()));
  }
  app.use(
    helmet({
      // Same-origin, except the domain's root: GS1 resolver clients probe it from other origins (no-cors).
      crossOriginResourcePolicy: false,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // MUI (emotion) injects style elements at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', apiOrigin],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", apiOrigin],
          frameSrc: ["'self'", apiOrigin],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
    }),
  );
  app.use((req, res, next) => {
    res.setHeader('Cross-Origin-Resource-Policy', options.portal === 'customer' && req.path === '/' ? 'cross-origin' : 'same-origin');
    next();
  });
  // Brotli when the browser accepts it, else gzip, for every compressible type (JS, CSS, HTML, JSON, SVG) of
  // 1 KiB or more. Brotli at quality 5: some 8% smaller than gzip on these bundles and about as fast, so it can
  // compress on each request (quality 11 would take near a second for the largest chunk).
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } } }));
  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ apiUrl: options.apiUrl });
  });
  app.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(
    express.static(dist, {
      index: false,
      maxAge: 0,
      setHeaders: (res, path) => {
        if (path.endsWith('.html')) res.setHeader('Cache-Control', NO_CACHE);
      },
    }),
  );
  if (options.portal === 'customer') {
    // A compressed GS1 Digital Link is answered by the API; a path it does not read as one is not found.
    const compressed = passTo(options.apiUrl, notFound);
    app.use((req, res, next) => (COMPRESSED_LINK_PATH.test(req.path) && !CUSTOMER_PORTAL_ROUTES.test(req.path) ? compressed(req, res, next) : next()));
    app.get(CUSTOMER_PORTAL_ROUTES, (_req, res) => {
      res.set('Cache-Control', NO_CACHE).sendFile(join(dist, 'index.html'));
    });
    app.use(notFound);
  }
  app.get(/.*/, (_req, res) => {
    res.set('Cache-Control', NO_CACHE).sendFile(join(dist, 'index.html'));
  });
  const server: Server = await new Promise((resolveServer, reject) => {
    // Express 5 calls back with the listen error (EADDRINUSE) as well as on success.
    const s = app.listen(options.port, options.host ?? '127.0.0.1', (error) => (error ? reject(error) : resolveServer(s)));
  });
  const { port, address } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    port,
    address,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}
