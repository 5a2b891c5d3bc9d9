import { AUDIT_REVIEW_MESSAGES, type AuditTrailReviewEvent, type Role, type Signature } from '@ifu/contracts';
import { parseAuditDate } from '../audit';
import type { Decider, Decision } from '../platform/command-pipeline';

const DAY_MS = 86_400_000;

/** The reviews signed so far (the `audit-trail-reviews` stream). */
export interface ReviewsState {
  /** An array, not a Set: states are kept as JSON snapshots. */
  reviewIds: readonly string[];
}

/**
 * A reviewer signs (meaning `review`) that they reviewed the audit trail of an inclusive UTC date range. `now` is the
 * command's one reading of the clock; `signature` and `signerRole` come from the signed step (signatures/signed-step.ts).
 */
export interface ReviewAuditTrail {
  type: 'ReviewAuditTrail';
  reviewId: string;
  /** `DD-MMM-YYYY`, as the audit report's dialog takes them. */
  from: string;
  to: string;
  comments: string;
  now: Date;
  signature: Signature;
  signerRole: Role;
}

const refused = (field: 'from' | 'to', message: string): Decision<AuditTrailReviewEvent> => ({
  events: [],
  rejection: { code: 'invalid-request', message, fields: [{ field, message }] },
});

/**
 * Overlapping reviews are allowed (docs/product.md, "Audit trail review"): a second reviewer, or a review again after
 * a finding, is a legitimate record of its own and hides nothing; the screen shows the union of the reviewed ranges.
 * A range must be real (both dates exist, Date Start on or before Date End) and may not end after today (UTC): nobody
 * can have reviewed what is not recorded yet.
 */
function decideReview(state: ReviewsState, command: ReviewAuditTrail): Decision<AuditTrailReviewEvent> {
  if (command.signerRole !== 'ADMIN') return { events: [], rejection: { code: 'admin-only' } };
  const from = parseAuditDate(command.from);
  if (!from) return refused('from', 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)');
  const to = parseAuditDate(command.to);
  if (!to) return refused('to', 'to must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)');
  if (from.getTime() > to.getTime()) return refused('from', AUDIT_REVIEW_MESSAGES.rangeReversed);
  const today = Math.floor(command.now.getTime() / DAY_MS) * DAY_MS;
  if (to.getTime() > today) return refused('to', AUDIT_REVIEW_MESSAGES.rangeInFuture);
  // A retried request with the same id records nothing twice.
  if (state.reviewIds.includes(command.reviewId)) return { events: [] };
  return {
    events: [
      {
        type: 'AuditTrailReviewed',
        data: { reviewId: command.reviewId, from: command.from.trim(), to: command.to.trim(), comments: command.comments, signature: command.signature },
      },
    ],
  };
}

/** The audit-trail reviews: one stream, `audit-trail-reviews`, of signed `AuditTrailReviewed` events. */
export const auditTrailReviewsDecider: Decider<ReviewAuditTrail, AuditTrailReviewEvent, ReviewsState> = {
  name: 'audit-trail-reviews',
  initialState: () => ({ reviewIds: [] }),
  evolve: (state, event) => ({ reviewIds: [...state.reviewIds, event.data.reviewId] }),
  decide(command, state) {
    switch (command.type) {
      case 'ReviewAuditTrail':
        return decideReview(state, command);
      default: {
        const unhandled: never = command.type;
        return unhandled;
      }
    }
  },
};

/** What a review covers: from the start of its first day to the end of its last day, or its signing if that is earlier. */
export function coverageOf(review: { from: string; to: string; signature: Signature }): { from: number; until: number } {
  const from = parseAuditDate(review.from)?.getTime() ?? 0;
  const endOfTo = (parseAuditDate(review.to)?.getTime() ?? 0) + DAY_MS;
  const signedAt = Date.parse(review.signature.signedAt);
  return { from, until: Number.isNaN(signedAt) ? endOfTo : Math.min(endOfTo, signedAt) };
}

/**
 * The stretches of time from the log's first event up to `now` that no review covers: the complement of the union
 * of the reviews' coverage.
 */
export function unreviewedStretches(coverages: ReadonlyArray<{ from: number; until: number }>, start: number, now: number): Array<{ from: number; until: number }> {
  const gaps: Array<{ from: number; until: number }> = [];
  let cursor = start;
  for (const { from, until } of [...coverages].sort((a, b) => a.from - b.from)) {
    if (from > cursor && cursor < now) gaps.push({ from: cursor, until: Math.min(from, now) });
    cursor = Math.max(cursor, until);
  }
  if (cursor < now) gaps.push({ from: cursor, until: now });
  return gaps;
}
