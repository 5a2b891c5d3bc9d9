import { migrationsFromDirectory, storageMigrations, type Migration } from '@ifu/storage/database/migrations';
import { projectionMigrations } from '@ifu/projections';

/** Platform tables, then the API's own tables, then the read models. */
export const allMigrations = (): Migration[] => [
  ...storageMigrations(),
  ...migrationsFromDirectory('services', new URL('../../migrations', import.meta.url).pathname),
  ...projectionMigrations(),
];
