import express, { type Express } from 'express';
import helmet from 'helmet';
import { isResolverPath } from './eifu';
import { apiDocument, auditDictionary, features } from './features';
import type { AppContext } from './platform/app-context';
import { portalsCors } from './platform/cors-origins';
import type { Composition } from './platform/feature';
import { errorHandler, jsonBodies, notFoundHandler, requestLogging } from './platform/http';

export type AppOptions = Partial<Omit<Composition, 'dictionary' | 'apiDocument'>>;

/** The HTTP API without `listen`: the server and the tests both start it. Paths are the spec's, at the root. */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.TRUST_PROXY);

  app.use(requestLogging(ctx.logger));
  // The API serves JSON and files only: nothing may run or be framed.
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  // The GS1 resolver's paths answer CORS for every origin themselves (eifu/routes.ts): scanning apps run anywhere.
  app.use(portalsCors(ctx.config, isResolverPath));
  app.use(jsonBodies());

  const composition: Composition = {
    isShuttingDown: () => false,
    ...options,
    dictionary: auditDictionary(),
    apiDocument: () => apiDocument(ctx.config.PUBLIC_API_URL),
  };
  for (const feature of features) if (feature.routes) app.use(feature.routes(ctx, composition));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
