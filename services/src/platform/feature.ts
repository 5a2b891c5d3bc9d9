import type { Router } from 'express';
import type { Migration } from '@ifu/storage/database/migrations';
import type { ApiRoute, OpenApiDocument } from './api-routes';
import type { AuditDictionary, AuditVocabulary } from './audit-vocabulary';
import type { AppContext } from './app-context';

/**
 * What the app is composed of: a feature brings its routes, their descriptions for the OpenAPI document, its tables'
 * migrations and its audit vocabulary.
 */
export interface Feature {
  name: string;
  routes?(ctx: AppContext, composition: Composition): Router;
  /** Every route `routes` mounts, as the API reference describes it (platform/api-routes.ts). */
  api?: ApiRoute[];
  migrations?(): Migration[];
  audit?: AuditVocabulary;
}

export interface Composition {
  /** Requests per IP per 15 minutes on the anonymous login calls; the per-account lockout is separate. */
  loginRateLimit?: number;
  /** Requests per IP per 15 minutes on POST /user/notify/admin. */
  notifyAdminRateLimit?: number;
  isShuttingDown: () => boolean;
  /** Every feature's audit vocabulary together. */
  dictionary: AuditDictionary;
  /** Every feature's routes as one OpenAPI document (made when first asked for). */
  apiDocument: () => OpenApiDocument;
}
