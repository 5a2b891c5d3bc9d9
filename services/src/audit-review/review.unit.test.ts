import { describe, expect, it } from 'vitest';
import type { AuditTrailReviewEvent, Signature } from '@ifu/contracts';
import { deciderSpec } from '../../../test-support/specs';
import { auditTrailReviewsDecider, coverageOf, type ReviewAuditTrail, unreviewedStretches } from './review';

const spec = deciderSpec(auditTrailReviewsDecider);
const NOW = new Date('2026-11-27T16:00:00.000Z');
const signature: Signature = {
  signerId: 'admin-1',
  name: 'Rita Reviewer',
  email: 'rita@example.com',
  signedAt: NOW.toISOString(),
  meaning: 'review',
  subject: { stream: 'audit-trail-reviews', version: 0 },
};
const review = (overrides: Partial<ReviewAuditTrail> = {}): ReviewAuditTrail => ({
  type: 'ReviewAuditTrail',
  reviewId: 'review-1',
  from: '01-Nov-2026',
  to: '26-Nov-2026',
  comments: 'No anomalies found',
  now: NOW,
  signature,
  signerRole: 'ADMIN',
  ...overrides,
});
const reviewed = (overrides: Partial<AuditTrailReviewEvent['data']> = {}): AuditTrailReviewEvent => ({
  type: 'AuditTrailReviewed',
  data: { reviewId: 'review-1', from: '01-Nov-2026', to: '26-Nov-2026', comments: 'No anomalies found', signature, ...overrides },
});
const invalid = (field: string, message: string) => ({ code: 'invalid-request' as const, message, fields: [{ field, message }] });

describe('the audit-trail reviews decider', () => {
  it('when an ADMIN signs the review of a past range, then the review is recorded with its signature and comments', () => {
    spec.given().when(review()).then([reviewed()]);
  });

  it('when the range ends today (UTC), then it is recorded (it covers the day up to the signing)', () => {
    spec.given().when(review({ to: '27-Nov-2026' })).then([reviewed({ to: '27-Nov-2026' })]);
  });

  it('when a range overlaps a review already signed, then it is recorded as well (overlaps are allowed)', () => {
    spec.given(reviewed()).when(review({ reviewId: 'review-2', from: '20-Nov-2026', to: '27-Nov-2026' })).then([
      reviewed({ reviewId: 'review-2', from: '20-Nov-2026', to: '27-Nov-2026' }),
    ]);
  });

  it('when the same review is asked again (a retried request), then nothing more is recorded', () => {
    spec.given(reviewed()).when(review()).thenNothing();
  });

  it("when Date Start is after Date End, then it is refused with the audit download's wording, next to Date Start", () => {
    spec.given().when(review({ from: '26-Nov-2026', to: '01-Nov-2026' })).thenRefuses(invalid('from', 'Date Start must be on or before Date End'));
  });

  it('when Date End is after today (UTC), then it is refused: nobody reviewed what is not recorded yet', () => {
    spec.given().when(review({ to: '28-Nov-2026' })).thenRefuses(invalid('to', 'Date End must be on or before today (UTC)'));
  });

  it('when a date does not exist (31-Feb), then it is refused naming its field', () => {
    spec.given().when(review({ from: '31-Feb-2026' })).thenRefuses(invalid('from', 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'));
    spec.given().when(review({ to: '2026-11-01' })).thenRefuses(invalid('to', 'to must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'));
  });

  it('when the signer is no longer an ADMIN at the moment of signing, then it is refused', () => {
    spec.given().when(review({ signerRole: 'USER' })).thenRefuses({ code: 'admin-only' });
  });
});

describe('what the reviews cover, and what they leave unreviewed', () => {
  const at = (iso: string) => Date.parse(iso);

  it('a review covers its first day from midnight UTC to the end of its last day, or to its signing when that is earlier', () => {
    expect(coverageOf({ from: '01-Nov-2026', to: '26-Nov-2026', signature })).toEqual({ from: at('2026-11-01T00:00:00Z'), until: at('2026-11-27T00:00:00Z') });
    expect(coverageOf({ from: '01-Nov-2026', to: '27-Nov-2026', signature })).toEqual({ from: at('2026-11-01T00:00:00Z'), until: at('2026-11-27T16:00:00Z') });
  });

  it('the unreviewed stretches are the gaps between the union of the reviews, from the first event up to now', () => {
    const reviews = [
      { from: at('2026-11-10T00:00:00Z'), until: at('2026-11-15T00:00:00Z') },
      { from: at('2026-11-12T00:00:00Z'), until: at('2026-11-20T00:00:00Z') },
      { from: at('2026-11-01T00:00:00Z'), until: at('2026-11-05T00:00:00Z') },
    ];
    expect(unreviewedStretches(reviews, at('2026-11-03T09:00:00Z'), at('2026-11-27T16:00:00Z'))).toEqual([
      { from: at('2026-11-05T00:00:00Z'), until: at('2026-11-10T00:00:00Z') },
      { from: at('2026-11-20T00:00:00Z'), until: at('2026-11-27T16:00:00Z') },
    ]);
  });

  it('with no review, everything from the first event up to now is unreviewed; a review up to now leaves nothing', () => {
    expect(unreviewedStretches([], at('2026-11-01T08:00:00Z'), at('2026-11-02T08:00:00Z'))).toEqual([{ from: at('2026-11-01T08:00:00Z'), until: at('2026-11-02T08:00:00Z') }]);
    expect(unreviewedStretches([{ from: at('2026-11-01T00:00:00Z'), until: at('2026-11-02T08:00:00Z') }], at('2026-11-01T08:00:00Z'), at('2026-11-02T08:00:00Z'))).toEqual([]);
  });
});
