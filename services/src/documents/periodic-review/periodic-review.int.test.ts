import { expectEvery } from '../../../../test-support/list-expectations';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, addDays, childTextFields, type ChildDocumentView, toDayMonthYear } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { setPassword } from '../../auth';
import { AuditDictionary } from '../../platform/audit-vocabulary';
import { documentsVocabulary } from '../audit';
import { reviewReminderSubject, sendPeriodicReviewReminders } from './reminders';
import { reviseRequestSubject } from './review';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}
interface Received {
  to: string[];
  subject: string;
  text: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers field by field */
type View = any;

const DAY_MS = 86_400_000;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Periodic review of approved change orders over HTTP (issue 23, EU GMP Annex 11 §11), the reminders mailed through a real SMTP server. */
describe('periodic review of approved change orders over HTTP (issue 23)', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let smtp: SMTPServer;
  const received: Received[] = [];
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let colleague: Person;
  let customerId: string;

  const person = async (role: 'USER' | 'ADMIN', firstName: string): Promise<Person> => {
    const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName, lastName: 'Periodic' });
    return { id, email, password, token: await t.login(email, password) };
  };
  /** After the clock moved by months: a password set now (they age out after 90 days) and a new session. */
  const renew = async (who: Person) => {
    const run = t.arrange();
    await setPassword(t.api.context, run, who.id, who.password, { via: 'bootstrap' }, run.now);
    await run.settle(['user-accounts']);
    who.token = await t.login(who.email, who.password);
  };
  const view = async (parentChangeId: string, who: Person = author): Promise<View> => (await t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  const list = async (who: Person, query = '') => {
    const answer = await t.call('GET', `/document/getDocumentList?tab=all&page=0&pageSize=100${query}`, { token: who.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { list: View[]; total: number };
  };

  /** A change order by `by` with one child, approved by the approver (the default review date unless one is given). */
  const givenApproved = async (by: Person = author, reviewDate?: string) => {
    const order = await arrangeChangeOrder(t, { author: by, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-7' }] });
    if (reviewDate === undefined) await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: true });
    else {
      await openEveryFile(t, approver.token, order.parentChangeId);
      expect((await approve(order.parentChangeId, { reviewDate })).status).toBe(200);
    }
    return order;
  };
  /** The approver's signed approval (their files opened before: `openEveryFile`), with the body's extra fields. */
  const approve = async (parentChangeId: string, extra: Record<string, unknown>) => {
    const seen = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, documentApproval: true, username: approver.email, password: approver.password, ...extra };
    return t.call('POST', '/document/approveDocuments', { token: approver.token, body, headers: seen });
  };
  const setDate = async (who: Person, parentChangeId: string, body: Record<string, unknown> = {}) =>
    t.call('POST', '/document/periodicReview/date', { token: who.token, body: { parentChangeId, reviewDate: addCalendarMonths(utcDay(t.clock.now()), 6), reason: 'Aligned with the annual audit', ...body } });
  const complete = async (who: Person, parentChangeId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call('POST', '/document/periodicReview/complete', {
      token: who.token,
      body: { parentChangeId, outcome: 'still-valid', comments: 'Checked against the current label', username: who.email, password: who.password, ...body },
      headers: headers ?? (await reviewedChangeOrder(t, who.token, parentChangeId)),
    });
  const describeEvent = (event: { type: string; data: unknown }) => new AuditDictionary([documentsVocabulary]).describe(event as never).action;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          // nodemailer sends plain text quoted-printable: undo soft line breaks and =XX escapes.
          const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: raw.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '', text });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    t = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
    spec = apiSpec(t);
    approver = await person('ADMIN', 'Alma');
    otherAdmin = await person('ADMIN', 'Otto');
    author = await person('USER', 'Ada');
    colleague = await person('USER', 'Carl');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

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
      expect(describeEvent(events[0]!)).toBe(`Changed the periodic review date of change order ${documentId} to ${wanted} (was ${before})`);
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
      expect(describeEvent(events[0]!)).toBe(`Completed the periodic review of change order ${documentId}: still valid, next review due ${addCalendarMonths(today, 12)} (electronic signature)`);

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

  // Last: it moves the server's clock by months (sessions end, passwords age; later tests would need to renew them).
  describe('the daily reminders (injected clock, real SMTP server)', () => {
    it('30 days before: one mail to the author and one to the approver; the same day again nothing; on the day the second; after it the list shows it overdue and the filter finds it', async () => {
      const approvalDay = utcDay(t.clock.now());
      const { parentChangeId, documentId } = await givenApproved();
      const reviewDate = addCalendarMonths(approvalDay, 12);
      const mine = () => received.filter((m) => m.subject.includes(documentId));
      const jobEvents = async (after: number) => (await t.store.readAll(after, 10_000)).filter((e) => e.streamId === `document-${parentChangeId}`);

      // Nothing is due yet at the approval.
      expect((await sendPeriodicReviewReminders(t.api.context)).reminded).toBe(0);
      // 31 days before: still nothing.
      t.clock.advance(daysFrom(approvalDay, addDays(reviewDate, -31)) * DAY_MS);
      await sendPeriodicReviewReminders(t.api.context);
      expect(mine()).toHaveLength(0);

      // 30 days before (approval + 11 months): the first reminder, recorded before it is sent, to both.
      t.clock.advance(DAY_MS);
      let before = await t.store.lastPosition();
      const first = await sendPeriodicReviewReminders(t.api.context);
      expect(first).toMatchObject({ day: addDays(reviewDate, -30) });
      const upcoming = await jobEvents(before);
      expect(upcoming.map((e) => [e.type, e.data])).toEqual([
        ['PeriodicReviewReminderSent', { parentChangeId, documentId, reviewDate, reminder: 'upcoming', recipients: expect.arrayContaining([author.id, approver.id]) }],
      ]);
      expect(describeEvent(upcoming[0]!)).toBe(`Mailed the 30-day reminder of the periodic review of change order ${documentId} (due ${reviewDate}) to 2 recipient(s)`);
      expect(mine().map((m) => m.to).flat().sort()).toEqual([author.email, approver.email].sort());
      expectEvery(mine(), (m) => m.subject === reviewReminderSubject(documentId, 'upcoming'));
      expect(mine()[0]!.text).toContain(reviewDate);
      expect(mine()[0]!.text).toContain(`/document/view/${parentChangeId}`);

      // The same day again (another tick, another API process, a restart): nothing recorded, nothing sent.
      before = await t.store.lastPosition();
      await Promise.all([sendPeriodicReviewReminders(t.api.context), sendPeriodicReviewReminders(t.api.context)]);
      expect(await jobEvents(before)).toEqual([]);
      expect(mine()).toHaveLength(2);

      // On the day: the second reminder, once.
      t.clock.advance(30 * DAY_MS);
      await sendPeriodicReviewReminders(t.api.context);
      await sendPeriodicReviewReminders(t.api.context);
      expect(mine()).toHaveLength(4);
      expect(mine().slice(2).map((m) => m.subject)).toEqual([reviewReminderSubject(documentId, 'due'), reviewReminderSubject(documentId, 'due')]);
      expect(mine().slice(2).map((m) => m.to).flat().sort()).toEqual([author.email, approver.email].sort());
      await renew(author);
      expect((await view(parentChangeId)).periodicReview).toMatchObject({ reviewDate, overdue: false });
      expect((await list(author, '&review=overdue')).list.map((row) => row.documentId)).not.toContain(documentId);

      // The day after: overdue, in the view, the list's row and the list's filter; no further mail.
      t.clock.advance(DAY_MS);
      await sendPeriodicReviewReminders(t.api.context);
      expect(mine()).toHaveLength(4);
      await renew(author);
      expect((await view(parentChangeId)).periodicReview).toMatchObject({ reviewDate, overdue: true });
      expect((await list(author)).list.find((row) => row.documentId === documentId)).toMatchObject({ reviewOverdue: true, reviewDate });
      const overdue = await list(author, '&review=overdue');
      expect(overdue.list.map((row) => row.documentId)).toContain(documentId);
      expectEvery(overdue.list, (row) => row.reviewOverdue);
      expect(overdue.total).toBe(overdue.list.length);
      expect((await t.call('GET', '/document/getDocumentList?review=late', { token: author.token })).body.message).toBe('review must be overdue');

      // Reviewed still valid: no longer overdue, and the next year's reminders start over.
      await renew(approver);
      expect((await complete(approver, parentChangeId)).status).toBe(200);
      expect((await list(author, '&review=overdue')).list.map((row) => row.documentId)).not.toContain(documentId);
    });
  });
});
