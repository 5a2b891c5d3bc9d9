import type { Feature } from '../platform/feature';
import { auditReportVocabulary } from './audit-vocabulary';
import { auditRoutes } from './routes';

/** The audit CSV report and chain verification. */
export const auditFeature: Feature = {
  name: 'audit',
  routes: (ctx, { dictionary }) => auditRoutes(ctx, dictionary),
  audit: auditReportVocabulary,
};
