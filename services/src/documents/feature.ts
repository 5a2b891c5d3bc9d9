import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { documentsVocabulary } from './audit';
import { documentRoutes } from './routes';

/** Change orders: the add wizard's uploads, signed authoring, the list and the view. */
export const documentsFeature: Feature = {
  name: 'documents',
  routes: (ctx) => documentRoutes(ctx),
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: documentsVocabulary,
};
