import type { Feature } from '../platform/feature';
import { publicPortalRoutes } from './routes';

/** Everything under /module2, for anonymous customer visitors. */
export const publicPortalFeature: Feature = {
  name: 'public-portal',
  routes: (ctx) => publicPortalRoutes(ctx),
};
