import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { Router } from 'express';
import { loginRoutes } from './login-routes';
import { unlockRoutes } from './unlock';
import { authApi } from './api-docs';

/** Login, sessions, the authentication middleware, lockout and rate limits. */
export const authFeature: Feature = {
  name: 'auth',
  routes: (ctx, composition) => Router().use(loginRoutes(ctx, composition), unlockRoutes(ctx)),
  api: authApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
};
