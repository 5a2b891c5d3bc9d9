import type { Feature } from '../platform/feature';
import { customersVocabulary } from './audit';
import { customerRoutes } from './routes';
import { customersApi } from './api-docs';

/** The customer aggregate: registration, changes, signed approval. */
export const customersFeature: Feature = {
  name: 'customers',
  routes: (ctx) => customerRoutes(ctx),
  api: customersApi,
  audit: customersVocabulary,
};
