import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { Feature } from '../platform/feature';
import { type OpenApiDocument, routeConfig } from '../platform/api-routes';

/** The OpenAPI 3.1 document of the API, generated from each feature's route list and the zod contracts it names. */
export function openApiDocument(features: readonly Feature[], serverUrl: string): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The `message` of `POST /user/get/token`: it names a server-side session (10 minutes idle, ended by logout).',
  });
  for (const feature of features) for (const route of feature.api ?? []) registry.registerPath(routeConfig(feature.name, route));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'IFU Portal API',
      version: '1',
      description:
        'The staff portal (bearer token), the customer portal (/module2, public) and the eIFU site (/01, /p). ' +
        'Every refusal answers `{ "message", "code" }` with the status of its code (services/src/platform/errors.ts).',
    },
    servers: [{ url: serverUrl }],
  });
}
