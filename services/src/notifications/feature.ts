import type { Feature } from '../platform/feature';
import { notificationsVocabulary } from './audit';
import { notificationRoutes } from './routes';
import { notificationsApi } from './api-docs';

/** Notices: global, customer-wide or product-specific (spec §2.5). */
export const notificationsFeature: Feature = {
  name: 'notifications',
  routes: (ctx) => notificationRoutes(ctx),
  api: notificationsApi,
  audit: notificationsVocabulary,
};
