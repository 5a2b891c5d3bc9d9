import type { Feature } from '../platform/feature';
import { auditReviewApi } from './api-docs';
import { auditReviewVocabulary } from './audit';
import { auditReviewRoutes } from './routes';

/** The audit-trail review screen (Annex 11 §9, 21 CFR 11.10(e)): a record's history from the log, and signed reviews. */
export const auditReviewFeature: Feature = {
  name: 'audit-review',
  routes: (ctx, { dictionary }) => auditReviewRoutes(ctx, dictionary),
  api: auditReviewApi,
  audit: auditReviewVocabulary,
};
