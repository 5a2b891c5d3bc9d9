import { expectEvery } from '../../../../test-support/list-expectations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarMonths, addDays } from '@ifu/contracts';
import type { TestApi } from '../../../../test-support/test-api';
import { reviewReminderSubject, sendPeriodicReviewReminders } from './reminders';
import { DAY_MS, daysFrom, periodicReviewSteps, type PeriodicReviewApi, type Person, type Received, startPeriodicReviewApi, utcDay } from './periodic-review-api.fixtures';

/** Periodic review of approved change orders over HTTP (EU GMP Annex 11 §11), the reminders mailed through a real SMTP server. */
describe('periodic review of approved change orders over HTTP (issue 23)', () => {
  let api: PeriodicReviewApi;
  let t: TestApi;
  let received: Received[];
  let approver: Person;
  let author: Person;

  beforeAll(async () => {
    api = await startPeriodicReviewApi();
    ({ t, received, approver, author } = api);
  });
  afterAll(async () => {
    await api?.dispose();
  });
  const { renew, view, list, givenApproved, complete, describeEvent } = periodicReviewSteps(() => api);

  // It moves the server's clock by months (sessions end, passwords age): in a file of its own, no other test has to renew them.
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
      expect(describeEvent(upcoming[0]!)).toBe(`Mailed the 30-day reminder of the periodic review of change order ${documentId} (due ${reviewDate.split('-').reverse().join('/')}) to 2 recipient(s)`);
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
