import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { documentsVocabulary } from './audit';
import { Router } from 'express';
import { periodicReviewRoutes } from './periodic-review-routes';
import { reviewRoutes } from './review-routes';
import { documentRoutes } from './routes';
import { documentsApi } from './api-docs';

/**
 * Change orders: the add wizard's uploads, signed authoring, the list and the view; the review, the signed decision,
 * downloads with their signature manifest, versions and the internal search.
 */
export const documentsFeature: Feature = {
  name: 'documents',
  routes: (ctx) => Router().use(documentRoutes(ctx), reviewRoutes(ctx), periodicReviewRoutes(ctx)),
  api: documentsApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: documentsVocabulary,
};
