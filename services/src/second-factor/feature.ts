import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { secondFactorApi } from './api-docs';
import { secondFactorVocabulary } from './audit';
import { secondFactorRoutes } from './routes';

/** The second factor for staff: RFC 6238 TOTP, recovery codes, an ADMIN's signed reset. */
export const secondFactorFeature: Feature = {
  name: 'second-factor',
  routes: (ctx, composition) => secondFactorRoutes(ctx, { loginRateLimit: composition.loginRateLimit }),
  api: secondFactorApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: secondFactorVocabulary,
};
