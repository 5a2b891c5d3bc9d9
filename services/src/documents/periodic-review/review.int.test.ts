import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, addDays, childTextFields, type ChildDocumentView, toDayMonthYear } from '@ifu/contracts';
import { arrangeChangeOrder, arrangeDecision, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { unique } from '../../../../test-support/specs';
import type { TestApi } from '../../../../test-support/test-api';
import { reviseRequestSubject } from './review';
import { periodicReviewSteps, type PeriodicReviewApi, type Person, type Received, startPeriodicReviewApi, utcDay, type View } from './periodic-review-api.fixtures';

/** A day as the screens (and the refusals they show) write it: dd/MM/yyyy. */
const shownDay = (isoDay: string) => isoDay.split('-').reverse().join('/');

/** Periodic review of approved change orders over HTTP (EU GMP Annex 11 §11), the reminders mailed through a real SMTP server. */
describe('periodic review of approved change orders over HTTP (issue 23)', () => {
  let api: PeriodicReviewApi;
  let t: TestApi;
  let spec: PeriodicReviewApi['spec'];
  let received: Received[];
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let colleague: Person;
  let customerId: string;

  beforeAll(async () => {
    api = await startPeriodicReviewApi();
    ({ t, spec, received, approver, otherAdmin, author, colleague, customerId } = api);
  });
  afterAll(async () => {
    await api?.dispose();
  });
  const { view, list, givenApproved, approve, setDate, complete, describeEvent } = periodicReviewSteps(() => api);

  describe('the review date', () => {
    it('when approved without a date, then the review is due 12 months after the approval day, shown on the view and the list; the approver may set another', async () => {
      const today = utcDay(t.clock.now());
      const { parentChangeId, documentId } = await givenApproved();
      const shown = await view(parentChangeId);
      expect(shown.periodicReview).toEqual({ reviewDate: addCalendarMonths(today, 12), overdue: false, lastReview: null, mayComplete: false, maySetDate: true });
      expect((await list(author)).list.find((row) => row.documentId === documentId)).toMatchObject({ reviewDate: addCalendarMonths(today, 12), reviewOverdue: false });

      const own = await givenApproved(author, addDays(today, 200));
      expect((await view(own.parentChangeId)).periodicReview.reviewDate).toBe(addDays(today, 200));
    });

    it('when the approver sets a date not after today, beyond 5 years or not a date, then 400 and nothing stored; a rejection sets none', async () => {
      const today = utcDay(t.clock.now());
      const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-7' }] });
      await openEveryFile(t, approver.token, parentChangeId);
      const range = 'reviewDate: the review date must be after today and at most 5 years ahead';
      await spec.when(() => approve(parentChangeId, { reviewDate: today })).thenNothingStored(400, range);
      await spec.when(() => approve(parentChangeId, { reviewDate: addDays(addCalendarMonths(today, 60), 1) })).thenNothingStored(400, range);
      await spec.when(() => approve(parentChangeId, { reviewDate: '2027-02-30' })).thenNothingStored(400, 'reviewDate must be a date like 2027-11-23');
      await spec.when(() => approve(parentChangeId, { reviewDate: `${'9'.repeat(5000)}` })).thenNothingStored(400, 'reviewDate must be a date like 2027-11-23');
      await spec
        .when(() => approve(parentChangeId, { documentApproval: false, reason: 'no', reviewDate: addDays(today, 10) }))
        .thenNothingStored(400, 'reviewDate: a rejection sets no review date');
      expect((await view(parentChangeId)).periodicReview.reviewDate).toBeNull();
    });

    it('when the author or an ADMIN moves it with a reason, then PeriodicReviewDateChanged, read in words; a USER not its author, a bad date, no reason or a pending change order is refused and nothing stored', async () => {
      const today = utcDay(t.clock.now());
      const { parentChangeId, documentId } = await givenApproved();
      const before = (await view(parentChangeId)).periodicReview.reviewDate;
      const wanted = addCalendarMonths(today, 6);
      const { events } = await spec.when(() => setDate(author, parentChangeId)).then({
        status: 200,
        body: { message: 'Review date changed', document: { periodicReview: { reviewDate: wanted } } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'PeriodicReviewDateChanged',
            data: { documentId, reviewDate: wanted, previous: before, changedBy: author.id, reason: 'Aligned with the annual audit' },
          },
        ],
      });
      expect(describeEvent(events[0]!)).toBe(`Changed the periodic review date of change order ${documentId} to ${shownDay(wanted)} (was ${shownDay(before!)})`);
      await spec.when(() => setDate(otherAdmin, parentChangeId, { reviewDate: addDays(today, 40) })).then({ status: 200, body: { document: { periodicReview: { reviewDate: addDays(today, 40) } } } });

      await spec.when(() => setDate(colleague, parentChangeId)).thenNothingStored(403, 'Only the author of this change order or an ADMIN can change its review date');
      expect((await view(parentChangeId, colleague)).periodicReview.maySetDate).toBe(false);
      const range = 'reviewDate: the review date must be after today and at most 5 years ahead';
      await spec.when(() => setDate(author, parentChangeId, { reviewDate: today })).thenNothingStored(400, range);
      await spec.when(() => setDate(author, parentChangeId, { reviewDate: addDays(addCalendarMonths(today, 60), 1) })).thenNothingStored(400, range);
      await spec.when(() => setDate(author, parentChangeId, { reviewDate: '23-Nov-2027' })).thenNothingStored(400, 'reviewDate must be a date like 2027-11-23');
      await spec.when(() => setDate(author, parentChangeId, { reviewDate: undefined })).thenNothingStored(400, 'reviewDate: Enter the review date');
      await spec.when(() => setDate(author, parentChangeId, { reason: '' })).thenNothingStored(400, 'reason: Enter the reason for the new review date');
      await spec.when(() => t.call('POST', '/document/periodicReview/date', { body: { parentChangeId } })).thenNothingStored(401, 'Authentication required');
      const pending = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-7' }] });
      await spec.when(() => setDate(author, pending.parentChangeId)).thenNothingStored(409, 'Only an approved change order has a periodic review');
    });
  });

  describe('the signed periodic review', () => {
    it('who may sign: a USER, the author as ADMIN, anonymous are refused before the password, nothing stored; the assigned approver and another ADMIN may', async () => {
      const { parentChangeId } = await givenApproved();
      expect((await view(parentChangeId, approver)).periodicReview.mayComplete).toBe(true);
      expect((await view(parentChangeId, otherAdmin)).periodicReview.mayComplete).toBe(true);
      expect((await view(parentChangeId, author)).periodicReview.mayComplete).toBe(false);
      await spec.when(() => complete(author, parentChangeId)).thenNothingStored(403, 'Only an active ADMIN can sign the periodic review');
      await spec.when(() => complete(colleague, parentChangeId)).thenNothingStored(403, 'Only an active ADMIN can sign the periodic review');
      await spec.when(() => t.call('POST', '/document/periodicReview/complete', { body: { parentChangeId } })).thenNothingStored(401, 'Authentication required');

      const byAdmin = await givenApproved(otherAdmin);
      expect((await view(byAdmin.parentChangeId, otherAdmin)).periodicReview.mayComplete).toBe(false);
      await spec.when(() => complete(otherAdmin, byAdmin.parentChangeId)).thenNothingStored(403, 'The creator or last editor of a change order cannot sign its periodic review');
      const pending = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-7' }] });
      await spec.when(() => complete(approver, pending.parentChangeId)).thenNothingStored(409, 'Only an approved change order has a periodic review');
    });

    it('a wrong password or another account is refused (only the failed check recorded, on the signer); no If-Match or a stale one 409; bad input 400; nothing stored on the change order', async () => {
      const { parentChangeId } = await givenApproved();
      for (const credentials of [{ password: 'wrong password 123' }, { username: otherAdmin.email, password: otherAdmin.password }]) {
        const { events } = await spec.when(() => complete(approver, parentChangeId, credentials)).then({ status: 403, body: { message: 'Signature refused: enter your own username and password.' } });
        expect(events.map((e) => [e.streamId, e.type])).toEqual([[`user-credentials-${approver.id}`, 'CredentialCheckFailed']]);
      }
      // Without If-Match: bound to the version the approver last opened (above), which the author's new date overtook.
      expect((await setDate(author, parentChangeId)).status).toBe(200);
      await spec
        .when(() => complete(approver, parentChangeId, {}, {}))
        .thenNothingStored(409, expect.stringMatching(/^This record changed after you opened it: .*Changed the periodic review date/) as unknown as string);
      const seen = await reviewedChangeOrder(t, approver.token, parentChangeId);
      await spec.when(() => complete(approver, parentChangeId, {}, { 'if-match': `"${Number(seen['if-match'].slice(1, -1)) - 1}"` })).thenNothingStored(
        409,
        expect.stringContaining('This record changed after you reviewed it') as unknown as string,
      );
      await spec.when(() => complete(approver, parentChangeId, { outcome: undefined })).thenNothingStored(400, 'outcome: Select the outcome of the review');
      await spec.when(() => complete(approver, parentChangeId, { outcome: 'maybe' })).thenNothingStored(400, 'outcome must be still-valid or revise');
      await spec.when(() => complete(approver, parentChangeId, { password: undefined })).thenNothingStored(400, 'password: Enter Password');
      await spec.when(() => complete(approver, parentChangeId, { outcome: 'revise', nextReviewDate: addDays(utcDay(t.clock.now()), 30) })).thenNothingStored(400, 'nextReviewDate: a review with the outcome revise sets no next review date');
      await spec.when(() => complete(approver, parentChangeId, { nextReviewDate: utcDay(t.clock.now()) })).thenNothingStored(400, 'nextReviewDate: the review date must be after today and at most 5 years ahead');
      expect((await view(parentChangeId)).periodicReview.lastReview).toBeNull();
    });

    it('still-valid: signed with the meaning periodic-review, the next review 12 months after today (or the date chosen), shown and read in words', async () => {
      const today = utcDay(t.clock.now());
      const { parentChangeId, documentId } = await givenApproved();
      const due = (await view(parentChangeId)).periodicReview.reviewDate;
      const { events, answer } = await spec.when(() => complete(otherAdmin, parentChangeId)).then({
        status: 200,
        body: { message: 'Periodic review completed', document: { status: 'APPROVED', periodicReview: { reviewDate: addCalendarMonths(today, 12), overdue: false, lastReview: { outcome: 'still-valid' } } } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'PeriodicReviewCompleted',
            data: { documentId, outcome: 'still-valid', reviewDate: due, nextReviewDate: addCalendarMonths(today, 12), comments: 'Checked against the current label', signature: { signerId: otherAdmin.id, meaning: 'periodic-review' } },
          },
        ],
      });
      expect(answer.body.document.signatures.at(-1)).toMatchObject({ meaning: 'periodic-review', signerId: otherAdmin.id, name: 'Otto Periodic' });
      expect(describeEvent(events[0]!)).toBe(`Completed the periodic review of change order ${documentId}: still valid, next review due ${shownDay(addCalendarMonths(today, 12))} (electronic signature)`);

      const chosen = addDays(today, 90);
      await spec.when(() => complete(approver, parentChangeId, { nextReviewDate: chosen })).then({ status: 200, body: { document: { periodicReview: { reviewDate: chosen } } } });
    });

    it('revise: the outcome is recorded, the author is offered revise-and-resubmit, the approved version stays public until the revision is approved', async () => {
      const { parentChangeId, documentId } = await givenApproved();
      const approvedView = await view(parentChangeId);
      const documentNumber = approvedView.children[0].documentNumber as string;
      expect(approvedView.mayRevise).toBe(false);
      // Before the review's outcome, an approved change order is not revised.
      await spec.when(() => revise(reviseBody(approvedView))).thenNothingStored(409, 'Only a rejected change order can be revised and resubmitted');

      const { events } = await spec.when(() => complete(approver, parentChangeId, { outcome: 'revise', comments: 'Contraindications changed' })).then({
        status: 200,
        body: { document: { status: 'APPROVED', periodicReview: { reviewDate: null, overdue: false, lastReview: { outcome: 'revise' }, mayComplete: false } } },
        events: [{ stream: `document-${parentChangeId}`, type: 'PeriodicReviewCompleted', data: { outcome: 'revise', nextReviewDate: null } }],
      });
      expect(describeEvent(events[0]!)).toBe(`Completed the periodic review of change order ${documentId}: to be revised (revise and resubmit opened) (electronic signature)`);
      expect((await view(parentChangeId, author)).mayRevise).toBe(true);
      // The author is told, with the link to the revise wizard (the reviewer is never the author).
      const told = received.filter((m) => m.subject === reviseRequestSubject(documentId));
      expect(told.map((m) => m.to)).toEqual([[author.email]]);
      expect(told[0]!.text).toContain(`/document/revise/${parentChangeId}`);
      expect(told[0]!.text).toContain('Contraindications changed');
      expect((await view(parentChangeId, approver)).mayRevise).toBe(false);
      await spec.when(() => complete(otherAdmin, parentChangeId)).thenNothingStored(409, "This change order's periodic review concluded it must be revised: its author revises and resubmits it");

      const reviewed = await view(parentChangeId, author);
      const revised = await spec.when(() => revise(reviseBody(reviewed))).then({ status: 200, body: { document: { status: 'REQUIRE_APPROVAL', revises: { parentChangeId, documentId } } } });
      const revisedEvent = revised.events.find((e) => e.type === 'ChangeOrderRevised')!;
      expect(revisedEvent.data).toMatchObject({ parentChangeId, after: 'periodic-review' });
      expect(describeEvent(revisedEvent)).toMatch(new RegExp(`^Revision of approved change order ${documentId} after its periodic review started as CO-`));
      expect(describeEvent(revised.events.find((e) => e.type === 'ChangeOrderCreated')!)).toContain(`, a revision of approved change order ${documentId} (electronic signature)`);
      // The approved version stays approved and public while its revision waits for its approval.
      expect((await view(parentChangeId)).status).toBe('APPROVED');
      expect((await t.call('GET', `/module2/paperCopyDocument/${documentNumber}`)).status).toBe(200);
      await arrangeDecision(t, { parentChangeId: revised.answer.body.document.parentChangeId, approver, approve: true });
      expect((await t.call('GET', `/module2/paperCopyDocument/${documentNumber}`)).status).not.toBe(200);
    });
  });

  const reviseBody = (from: View, who: Person = author) => ({
    revises: from.parentChangeId,
    changeType: from.changeType,
    productFamilyName: from.productFamilyName,
    approverId: from.approverId,
    isInternal: from.isInternal,
    customerId: from.customerId,
    effectiveDate: toDayMonthYear(from.effectiveDate),
    changeDescription: from.changeDescription,
    changeJustification: from.changeJustification,
    username: who.email,
    password: who.password,
    comments: 'Revised after the periodic review',
    keepFileIds: from.parentDocumentList.map((file: { fileId: string }) => file.fileId),
    list: from.children.map((child: ChildDocumentView) => ({ ...childTextFields(child), keepFileOf: child.childDocumentId })),
  });
  const revise = (body: unknown, who: Person = author) => t.call('POST', '/document/reviseChangeOrder', { token: who.token, body });
});
