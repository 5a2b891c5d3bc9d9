import type { Feature } from '../platform/feature';
import { apiDocsRoutes, docsApi } from './routes';

/** The API reference: the OpenAPI document and its page at /docs, outside production only. */
export const apiDocsFeature: Feature = {
  name: 'api-docs',
  routes: (ctx, composition) => apiDocsRoutes(ctx, composition.apiDocument),
  api: docsApi,
};
