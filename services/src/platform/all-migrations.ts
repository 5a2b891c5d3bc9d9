import { migrationsFromDirectory, platformMigrations, type Migration } from '@ifu/platform/database/migrations';
import { projectionMigrations } from '@ifu/projections';

/** Platform tables, then the API's own tables, then the read models. */
export const allMigrations = (): Migration[] => [
  ...platformMigrations(),
  ...migrationsFromDirectory('services', new URL('../../migrations', import.meta.url).pathname),
  ...projectionMigrations(),
];
