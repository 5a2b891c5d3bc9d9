import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { loginRoutes } from './login-routes';

/** Login, sessions, the authentication middleware, lockout and rate limits. */
export const authFeature: Feature = {
  name: 'auth',
  routes: (ctx, composition) => loginRoutes(ctx, composition),
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
};
