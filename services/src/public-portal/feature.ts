import { Router } from 'express';
import type { Feature } from '../platform/feature';
import { contactRoutes } from './contact';
import { geolocationRoutes } from './geolocation';
import { publicPortalRoutes } from './routes';
import { searchLinkRoutes } from './search-link-routes';

/** Everything under /module2, for anonymous customer visitors. */
export const publicPortalFeature: Feature = {
  name: 'public-portal',
  routes: (ctx) => Router().use(publicPortalRoutes(ctx), searchLinkRoutes(ctx), geolocationRoutes(ctx), contactRoutes(ctx)),
};
