import { describe, expect, it } from 'vitest';
import { addCalendarMonths, type DocumentEvent, type DocumentFile, type ParentDetails, reviewDateAllowed, type Signature } from '@ifu/contracts';
import { deciderSpec } from '../../../../test-support/specs';
import { periodicReviewerRefusal } from '../../auth';
import { type ChangeOrderCommand, changeOrderDecider } from '../../../../test-support/change-order-decider';
import type { DecideChangeOrder } from '../decision/rules';
import type { ReviseChangeOrder } from '../revision/rules';
import { type CompletePeriodicReview, type RemindPeriodicReview, reminderDue, type SetReviewDate } from './rules';

/** Periodic review of approved change orders: the decider's rules, time as data. */
const spec = deciderSpec(changeOrderDecider);
const at = '2026-11-23T10:00:00.000Z';
const sign = (signerId: string, meaning: Signature['meaning'] = 'authorship'): Signature => ({ signerId, name: `Name ${signerId}`, email: `${signerId}@x`, signedAt: at, meaning });
const file = (name: string): DocumentFile => ({ fileId: `f-${name}`, sha256: name.padEnd(64, '0'), contentType: 'application/pdf', size: 10, docName: `${name}.pdf` });
const details: ParentDetails = {
  productFamilyName: 'Cardio',
  productFamilyDescription: 'desc',
  changeDescription: 'desc',
  changeJustification: 'why',
  changeType: 'Record',
  customerId: 'c1',
  approverId: 'approver',
  isInternal: false,
  effectiveDate: '2026-12-01',
};
const ids = { parentChangeId: 'p1', documentId: 'CO-2026-00042' };
const signed = { ...ids, signature: sign('author'), comments: 'ok' };
const created: DocumentEvent = {
  type: 'ChangeOrderCreated',
  data: { ...signed, approvalRoutingNumber: 'AR-2026-00042', details, logo: file('logo'), files: [], createdBy: 'author' },
};
const childAdded: DocumentEvent = {
  type: 'ChildDocumentAdded',
  data: {
    ...signed,
    child: {
      associatedReferenceNumber: 'LOT-1',
      productSubFamilyNameOne: 'PN-1',
      productSubFamilyNameTwo: 'B',
      billMaterialInformation: 'B',
      keywords: 'k',
      countryList: 'DE',
      languageList: 'de',
      changeDescription: 'c',
      changeJustification: 'j',
      childDocumentId: 'k1',
      documentNumber: 'CO-2026-00042-01',
      file: file('ifu'),
    },
    editedBy: 'author',
  },
};
const approvedOn = (reviewDate?: string): DocumentEvent => ({
  type: 'ChangeOrderApproved',
  data: { ...ids, signature: sign('approver', 'approval'), comments: '', approvedDate: at, ...(reviewDate ? { reviewDate } : {}) },
});
const approved = approvedOn('2027-11-23');
const history = [created, childAdded, approved];

const decide = (overrides: Partial<DecideChangeOrder> = {}): DecideChangeOrder => ({
  type: 'DecideChangeOrder',
  approve: true,
  signature: sign('approver', 'approval'),
  signerRole: 'ADMIN',
  reason: '',
  opened: new Set([`f-ifu:${'ifu'.padEnd(64, '0')}`]),
  now: new Date(at),
  ...overrides,
});
const setDate = (overrides: Partial<SetReviewDate> = {}): SetReviewDate => ({
  type: 'SetReviewDate',
  reviewDate: '2028-01-15',
  reason: 'annual audit cycle',
  actorUserId: 'author',
  actorRole: 'USER',
  today: '2026-12-01',
  ...overrides,
});
const remind = (today: string, recipients = ['author', 'approver']): RemindPeriodicReview => ({ type: 'RemindPeriodicReview', today, recipients });
const complete = (overrides: Partial<CompletePeriodicReview> = {}): CompletePeriodicReview => ({
  type: 'CompletePeriodicReview',
  outcome: 'still-valid',
  comments: 'checked against the current label',
  signature: sign('reviewer', 'periodic-review'),
  signerRole: 'ADMIN',
  today: '2027-11-20',
  ...overrides,
});
const reminderSent = (reminder: 'upcoming' | 'due', reviewDate = '2027-11-23', recipients = ['author', 'approver']): DocumentEvent => ({
  type: 'PeriodicReviewReminderSent',
  data: { ...ids, reviewDate, reminder, recipients },
});
const completed = (outcome: 'still-valid' | 'revise', nextReviewDate: string | null, reviewDate: string | null = '2027-11-23'): DocumentEvent => ({
  type: 'PeriodicReviewCompleted',
  data: { ...ids, signature: sign('reviewer', 'periodic-review'), comments: 'checked against the current label', outcome, reviewDate, nextReviewDate },
});
const fold = (...events: DocumentEvent[]) => events.reduce(changeOrderDecider.evolve, changeOrderDecider.initialState());

describe('periodic review dates (issue 23)', () => {
  it('when the review date is counted, then 12 calendar months on, the end of a shorter month kept, and a chosen date must be after today and at most 5 years ahead', () => {
    expect(addCalendarMonths('2026-11-23', 12)).toBe('2027-11-23');
    expect(addCalendarMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addCalendarMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(reviewDateAllowed('2026-12-02', '2026-12-01')).toBe(true);
    expect(reviewDateAllowed('2026-12-01', '2026-12-01')).toBe(false);
    expect(reviewDateAllowed('2031-12-01', '2026-12-01')).toBe(true);
    expect(reviewDateAllowed('2031-12-02', '2026-12-01')).toBe(false);
  });

  it('given a change order with its files opened, when the approver approves without a review date, then the approval sets one 12 months after the approval day', () => {
    spec.given(created, childAdded).when(decide()).then([approvedOn('2027-11-23')]);
  });

  it('given a change order, when the approver approves with a review date of their own, then it is recorded; one not after today or beyond 5 years is refused', () => {
    spec.given(created, childAdded).when(decide({ reviewDate: '2027-06-30' })).then([approvedOn('2027-06-30')]);
    for (const reviewDate of ['2026-11-23', '2026-01-01', '2031-11-24']) {
      spec.given(created, childAdded).when(decide({ reviewDate })).thenRefuses({ code: 'review-date-out-of-range' });
    }
  });

  it('given an approval recorded before periodic reviews (no review date), when folded, then its review is due 12 months after the approval day', () => {
    expect(fold(created, childAdded, approvedOn()).reviewDate).toBe('2027-11-23');
  });

  it('given an approved change order, when its author or an ADMIN sets a review date, then PeriodicReviewDateChanged with the previous date and the reason; the same date records nothing', () => {
    const changed = (changedBy: string): DocumentEvent => ({
      type: 'PeriodicReviewDateChanged',
      data: { ...ids, reviewDate: '2028-01-15', previous: '2027-11-23', changedBy, reason: 'annual audit cycle' },
    });
    spec.given(...history).when(setDate()).then([changed('author')]);
    spec.given(...history).when(setDate({ actorUserId: 'other-admin', actorRole: 'ADMIN' })).then([changed('other-admin')]);
    spec.given(...history, changed('author')).when(setDate()).thenNothing();
    expect(fold(...history, changed('author')).reviewDate).toBe('2028-01-15');
  });

  it('given an approved change order, when a USER who is not its author sets the date, then review-date-not-allowed; a date out of range, review-date-out-of-range', () => {
    spec.given(...history).when(setDate({ actorUserId: 'someone', actorRole: 'USER' })).thenRefuses({ code: 'review-date-not-allowed' });
    for (const reviewDate of ['2026-12-01', '2026-11-30', '2031-12-02']) spec.given(...history).when(setDate({ reviewDate })).thenRefuses({ code: 'review-date-out-of-range' });
  });

  it('given a pending, rejected, deactivated or missing change order, when a review date is set, then review-not-approved or document-not-found', () => {
    const rejected: DocumentEvent = { type: 'ChangeOrderRejected', data: { ...ids, signature: sign('approver', 'rejection'), comments: '', reason: 'no' } };
    const deactivated: DocumentEvent = { type: 'ChangeOrderDeactivated', data: { ...signed, obsoleteDate: '2027-01-01', editedBy: 'author' } };
    spec.given(created, childAdded).when(setDate()).thenRefuses({ code: 'review-not-approved' });
    spec.given(created, childAdded, rejected).when(setDate()).thenRefuses({ code: 'review-not-approved' });
    spec.given(...history, deactivated).when(setDate()).thenRefuses({ code: 'document-not-found' });
    spec.given().when(setDate()).thenRefuses({ code: 'document-not-found' });
  });
});

describe('periodic review reminders (issue 23)', () => {
  it('when the reminder due is asked, then none before 30 days ahead, upcoming from 30 days before, due from the day on', () => {
    expect(reminderDue('2027-11-23', '2027-10-23')).toBeUndefined();
    expect(reminderDue('2027-11-23', '2027-10-24')).toBe('upcoming');
    expect(reminderDue('2027-11-23', '2027-11-22')).toBe('upcoming');
    expect(reminderDue('2027-11-23', '2027-11-23')).toBe('due');
    expect(reminderDue('2027-11-23', '2028-01-01')).toBe('due');
    expect(reminderDue(null, '2028-01-01')).toBeUndefined();
  });

  it('given an approved change order, when the job runs 30 days before, then the upcoming reminder to its recipients; again that day or later before the day, nothing', () => {
    spec.given(...history).when(remind('2027-10-24')).then([reminderSent('upcoming')]);
    spec.given(...history, reminderSent('upcoming')).when(remind('2027-10-24')).thenNothing();
    spec.given(...history, reminderSent('upcoming')).when(remind('2027-11-22')).thenNothing();
  });

  it('given the upcoming reminder sent, when the job runs on the day or after, then the due reminder once', () => {
    spec.given(...history, reminderSent('upcoming')).when(remind('2027-11-23')).then([reminderSent('due')]);
    spec.given(...history, reminderSent('upcoming'), reminderSent('due')).when(remind('2027-11-24')).thenNothing();
  });

  it('given the job missed the 30 days before, when it runs on the day, then only the due reminder', () => {
    spec.given(...history).when(remind('2027-11-25')).then([reminderSent('due')]);
  });

  it('given a review completed with a new date, when that date comes near, then its reminders are sent again (each per review date)', () => {
    const before = [...history, reminderSent('upcoming'), reminderSent('due'), completed('still-valid', '2028-11-25')];
    spec.given(...before).when(remind('2028-10-26')).then([reminderSent('upcoming', '2028-11-25')]);
  });

  it('given no recipient, too early, a pending or a revised-after-review change order, when the job runs, then nothing', () => {
    spec.given(...history).when(remind('2027-11-23', [])).thenNothing();
    spec.given(...history).when(remind('2027-10-23')).thenNothing();
    spec.given(created, childAdded).when(remind('2027-11-23')).thenNothing();
    spec.given(...history, completed('revise', null)).when(remind('2028-11-23')).thenNothing();
  });
});

describe('the signed periodic review (issue 23)', () => {
  it('given an approved change order, when an ADMIN who did not write it signs still-valid, then the next review is 12 months after today', () => {
    spec.given(...history).when(complete()).then([completed('still-valid', '2028-11-20')]);
    expect(fold(...history, completed('still-valid', '2028-11-20')).reviewDate).toBe('2028-11-20');
  });

  it('given an approved change order, when its assigned approver signs still-valid with a next date of their own, then that date; one out of range is refused', () => {
    const byApprover = complete({ signature: sign('approver', 'periodic-review'), nextReviewDate: '2028-06-01' });
    spec.given(...history).when(byApprover).then([{ ...completed('still-valid', '2028-06-01'), data: { ...(completed('still-valid', '2028-06-01').data as object), signature: sign('approver', 'periodic-review') } } as DocumentEvent]);
    spec.given(...history).when(complete({ nextReviewDate: '2027-11-20' })).thenRefuses({ code: 'next-review-date-out-of-range' });
    spec.given(...history).when(complete({ nextReviewDate: '2032-11-21' })).thenRefuses({ code: 'next-review-date-out-of-range' });
  });

  it('given an approved change order, when the review concludes revise, then no next date, and its author may revise it while it stays approved', () => {
    spec.given(...history).when(complete({ outcome: 'revise' })).then([completed('revise', null)]);
    const state = fold(...history, completed('revise', null));
    expect(state).toMatchObject({ status: 'APPROVED', reviewDate: null, revisionAfterReview: true });
    const revise: ReviseChangeOrder = { type: 'ReviseChangeOrder', revision: { parentChangeId: 'p2', documentId: 'CO-2026-00043' }, actorUserId: 'author', earlierRevisionStands: false };
    spec.given(...history, completed('revise', null)).when(revise).then([
      {
        type: 'ChangeOrderRevised',
        data: { ...ids, revision: { parentChangeId: 'p2', documentId: 'CO-2026-00043' }, revisedBy: 'author', after: 'periodic-review' },
      },
    ]);
    // Without that outcome an approved change order is not revised.
    spec.given(...history).when(revise).thenRefuses({ code: 'revise-not-rejected' });
    spec.given(...history, completed('revise', null)).when({ ...revise, actorUserId: 'approver' }).thenRefuses({ code: 'revise-not-author' });
  });

  it('given a review that concluded revise, when another review is signed, then review-revision-open', () => {
    spec.given(...history, completed('revise', null)).when(complete()).thenRefuses({ code: 'review-revision-open' });
  });

  it('given an approved change order, when a USER, its creator or its last editor signs the review, then refused (the approver policy)', () => {
    spec.given(...history).when(complete({ signerRole: 'USER' })).thenRefuses({ code: 'reviewer-not-admin' });
    spec.given(...history).when(complete({ signature: sign('author', 'periodic-review') })).thenRefuses({ code: 'reviewer-is-author' });
    expect(periodicReviewerRefusal({ createdBy: 'a', lastEditedBy: 'editor' }, { id: 'editor', role: 'ADMIN' })).toBe('approver-is-author');
    expect(periodicReviewerRefusal({ createdBy: 'a', lastEditedBy: 'a' }, { id: 'approver', role: 'ADMIN' })).toBeUndefined();
  });

  it('given a pending, rejected or deactivated change order, when the review is signed, then review-not-approved or document-not-found', () => {
    const commands: ChangeOrderCommand[] = [complete(), complete({ outcome: 'revise' })];
    for (const command of commands) {
      spec.given(created, childAdded).when(command).thenRefuses({ code: 'review-not-approved' });
      spec.given().when(command).thenRefuses({ code: 'document-not-found' });
    }
  });
});
