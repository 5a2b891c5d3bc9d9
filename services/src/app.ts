import { randomUUID } from 'node:crypto';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { auditRoutes } from './audit/routes';
import { customerRoutes } from './customers/routes';
import { healthRoutes } from './health/routes';
import type { AppContext } from './platform/app-context';
import { errorHandler, notFoundHandler } from './platform/error-handler';
import { accessRequestRoutes } from './users/access-request-routes';
import { loginRoutes, type LoginRouteOptions } from './users/login-routes';
import { passwordRoutes } from './users/password-routes';
import { userAdminRoutes } from './users/user-admin-routes';

export interface AppOptions extends LoginRouteOptions {
  isShuttingDown?: () => boolean;
}

const REQUEST_ID = /^[\w-]{8,64}$/;

/** The HTTP API without `listen`: the server and the tests both start it. Paths are the spec's, at the root. */
export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', ctx.config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger: ctx.logger,
      genReqId: (req, res) => {
        const offered = req.headers['x-request-id'];
        const id = typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === '/health' },
    }),
  );
  // The API serves JSON and files only: nothing may run or be framed.
  app.use(
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.use(
    cors({
      origin: [new URL(ctx.config.PUBLIC_ADMIN_URL).origin, new URL(ctx.config.PUBLIC_CUSTOMER_URL).origin],
      exposedHeaders: ['Content-Disposition', 'X-Request-Id'],
      maxAge: 600,
    }),
  );
  app.use(express.json({ limit: '100kb' }));

  app.use(healthRoutes(ctx, options.isShuttingDown ?? (() => false)));
  app.use(loginRoutes(ctx, options));
  app.use(passwordRoutes(ctx, { rateLimit: options.loginRateLimit }));
  app.use(accessRequestRoutes(ctx, { rateLimit: options.notifyAdminRateLimit }));
  app.use(userAdminRoutes(ctx));
  app.use(customerRoutes(ctx));
  app.use(auditRoutes(ctx));

  app.use(notFoundHandler);
  app.use(errorHandler);
  return app;
}
