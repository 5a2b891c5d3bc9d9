import type { Feature } from '../platform/feature';
import { paperCopiesVocabulary } from './audit';
import { paperCopyRoutes } from './routes';
import { paperCopiesApi } from './api-docs';

/** Paper copies on request (EU 2021/2226): the public request, the staff list and dispatch, the reminders. */
export const paperCopiesFeature: Feature = {
  name: 'paper-copies',
  routes: (ctx) => paperCopyRoutes(ctx),
  api: paperCopiesApi,
  audit: paperCopiesVocabulary,
};
