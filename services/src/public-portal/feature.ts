import { Router } from 'express';
import { migrationsFromDirectory } from '@ifu/storage/database/migrations';
import type { Feature } from '../platform/feature';
import { contactRoutes } from './contact';
import { geolocationRoutes } from './geolocation';
import { publicPortalRoutes } from './routes';
import { publicSearchRoutes } from './public-search';
import { searchLinkRoutes } from './search-link-routes';
import { visitorsVocabulary } from './visitor-downloads';
import { publicPortalApi } from './api-docs';

/** Everything under /module2, for anonymous customer visitors. */
export const publicPortalFeature: Feature = {
  name: 'public-portal',
  routes: (ctx) => Router().use(publicPortalRoutes(ctx), searchLinkRoutes(ctx), geolocationRoutes(ctx), contactRoutes(ctx), publicSearchRoutes(ctx)),
  // The visitors' keys (crypto-shredding), outside the log.
  api: publicPortalApi,
  migrations: () => migrationsFromDirectory('services', new URL('./migrations', import.meta.url).pathname),
  audit: visitorsVocabulary,
};
