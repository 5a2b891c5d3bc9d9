import type { Feature } from '../platform/feature';
import { filesApi } from './api-docs';
import { fileRoutes } from './file-routes';

/** The stored files reached through short-lived signed URLs (a logo in a staff answer). */
export const filesFeature: Feature = {
  name: 'files',
  routes: (ctx) => fileRoutes(ctx),
  api: filesApi,
};
