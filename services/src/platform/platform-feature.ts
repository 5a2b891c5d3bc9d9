import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from './feature';
import { healthRoutes } from './health-routes';
import { platformApi } from './api-docs';

/** Health and readiness, and the pipeline's snapshots table. */
export const platformFeature: Feature = {
  name: 'platform',
  routes: (ctx, { isShuttingDown }) => healthRoutes(ctx, isShuttingDown),
  // The set keeps the name 'services': migration ids are stored in schema_migrations and never change.
  api: platformApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
};
