import { Router } from 'express';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import { fileRoutes } from '../files/file-routes';
import type { Feature } from './feature';
import { healthRoutes } from './health-routes';
import { platformApi } from './api-docs';

/** Health and readiness, signed file URLs, and the pipeline's snapshots table. */
export const platformFeature: Feature = {
  name: 'platform',
  routes: (ctx, { isShuttingDown }) => Router().use(healthRoutes(ctx, isShuttingDown), fileRoutes(ctx)),
  // The set keeps the name 'services': migration ids are stored in schema_migrations and never change.
  api: platformApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
};
