import type { Signature } from '../signatures';

/**
 * A reviewer's signed statement (meaning `review`) that they reviewed the audit trail of an inclusive UTC date range
 * (`DD-MMM-YYYY`). All reviews are one stream, `audit-trail-reviews`: the review screen reads them from there.
 */
export type AuditTrailReviewEvent = {
  type: 'AuditTrailReviewed';
  data: { reviewId: string; from: string; to: string; comments: string; signature: Signature };
};
export const AUDIT_TRAIL_REVIEWS_STREAM = 'audit-trail-reviews';
