import type { Feature } from '../platform/feature';
import { auditReportVocabulary } from './audit-vocabulary';
import { auditRoutes } from './routes';
import { auditApi } from './api-docs';

/** The audit CSV report and chain verification. */
export const auditFeature: Feature = {
  name: 'audit',
  routes: (ctx, { dictionary }) => auditRoutes(ctx, dictionary),
  api: auditApi,
  audit: auditReportVocabulary,
};
