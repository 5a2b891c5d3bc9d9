import { Router } from 'express';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { accessibilityRoutes } from './accessibility/routes';
import { documentsApi } from './api-docs';
import { documentsVocabulary } from './audit';
import { authoringRoutes } from './authoring/routes';
import { decisionRoutes } from './decision/route';
import { downloadRoutes } from './downloads/routes';
import { listingRoutes } from './listing/routes';
import { periodicReviewRoutes } from './periodic-review/routes';
import { reassignmentRoutes } from './reassignment/route';
import { revisionRoutes } from './revision/revise';
import { searchRoutes } from './search/routes';

/**
 * Change orders, one folder per use case: authoring (the add wizard and signed edits), the listing and view, the
 * approver's decision, an ADMIN's reassignment of its approver, Online/Offline, revise and resubmit, periodic review, staff downloads with their signature
 * manifest, and the internal search.
 */
export const documentsFeature: Feature = {
  name: 'documents',
  routes: (ctx) =>
    Router().use(
      authoringRoutes(ctx),
      revisionRoutes(ctx),
      listingRoutes(ctx),
      decisionRoutes(ctx),
      reassignmentRoutes(ctx),
      accessibilityRoutes(ctx),
      downloadRoutes(ctx),
      searchRoutes(ctx),
      periodicReviewRoutes(ctx),
    ),
  api: documentsApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: documentsVocabulary,
};
