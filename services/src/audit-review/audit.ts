import type { AuditTrailReviewEvent } from '@ifu/contracts';
import { auditVocabulary } from '../platform/audit-vocabulary';

/** How a signed review of the audit trail reads in the audit trail itself. */
export const auditReviewVocabulary = auditVocabulary<AuditTrailReviewEvent>([{ prefix: 'audit-trail-reviews', type: 'audit trail review' }], {
  AuditTrailReviewed: (d) => ({ action: `Signed the review of the audit trail ${d.from} to ${d.to}`, ...(d.comments ? { reason: d.comments } : {}) }),
});
