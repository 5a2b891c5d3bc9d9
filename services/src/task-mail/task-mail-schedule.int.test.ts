import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEvery } from '../../../test-support/list-expectations';
import { reviewedUser } from '../../../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../../test-support/test-api';
import { ADMIN_URL, startTaskMailApi, type TaskMailApi, taskMailSteps } from './task-mail-api.fixtures';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What goes by the clock: the reminders of a record that waits, and the daily digest. The server's clock is the
 * test's (moved by days, never waited for); the mails are read from a real SMTP server on loopback. In a file of its
 * own: it moves the clock by days.
 */
describe('task mail by the clock: reminders and the daily digest', () => {
  let api: TaskMailApi;
  // The arrangement signs a customer's approval: on a busy machine it may take longer than the default hook time.
  beforeAll(async () => {
    api = await startTaskMailApi({ APPROVAL_REMINDER_DAYS: '3', TASK_MAIL_DIGEST_HOUR: '6' });
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
  });
  const { mailsAbout, received, pass, givenChangeOrder, givenPerson, decide, choose, deliveries } = taskMailSteps(() => api);
  const advance = (ms: number) => api.t.clock.advance(ms);
  /** Moves the clock to `hour`:00 UTC of the next day. */
  const toNextDayAt = (hour: number) => {
    const now = api.t.clock.now();
    advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, hour) - now.getTime());
  };

  describe('reminders', () => {
    it('the approver is reminded after 3 days of waiting and again after 6, once each; once decided, never again', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await pass();
      const reminders = () => mailsAbout(`reminder: change order ${documentId}`);
      advance(3 * DAY_MS - HOUR_MS);
      await pass();
      expect(reminders()).toEqual([]);

      advance(HOUR_MS);
      await pass();
      await pass();
      const [first, ...more] = reminders();
      expect(more).toEqual([]);
      expect(first).toMatchObject({ to: [api.alma.email], subject: `IFU Portal: reminder: change order ${documentId} still waits for your approval` });
      expect(first!.text).toContain('has waited 3 days for your approval.');
      expect(first!.text).toContain(`Open it: ${ADMIN_URL}/document/view/${parentChangeId}`);

      advance(2 * DAY_MS);
      await pass();
      expect(reminders()).toHaveLength(1);
      advance(DAY_MS);
      await pass();
      expect(reminders()).toHaveLength(2);
      expect(reminders()[1]!.text).toContain('has waited 6 days for your approval.');

      await decide(parentChangeId, true);
      advance(3 * DAY_MS);
      await pass();
      expect(reminders()).toHaveLength(2);
      // Every mail about it: the submission, two reminders, the approval to its author.
      expect(mailsAbout(documentId).map((m) => m.subject.replace(documentId, 'X'))).toEqual([
        'IFU Portal: change order X waits for your approval',
        'IFU Portal: reminder: change order X still waits for your approval',
        'IFU Portal: reminder: change order X still waits for your approval',
        'IFU Portal: change order X was approved',
      ]);
    });
  });

  describe('the daily digest', () => {
    it('an author who chose it gets no mail for each decision, then one digest at the hour listing them with their links, once', async () => {
      const dora = await givenPerson('USER', 'Dora', 'Digest');
      await choose(dora, 'daily-digest');
      const approved = await givenChangeOrder(api.alma, dora);
      const rejected = await givenChangeOrder(api.alma, dora);
      await decide(approved.parentChangeId, true);
      await decide(rejected.parentChangeId, false, 'Wrong lot number');
      await pass();
      expect(received(dora)).toEqual([]);
      expectEvery(await deliveries(dora), (d) => d.status === 'held');

      toNextDayAt(5);
      await pass();
      expect(received(dora)).toEqual([]);

      advance(2 * HOUR_MS); // 07:00: the digest hour (06) has passed
      await pass();
      await pass();
      const [digest, ...more] = received(dora);
      expect(more).toEqual([]);
      const day = api.t.clock.now().toISOString().slice(0, 10);
      expect(digest!.subject).toBe(`IFU Portal: your daily digest of ${day} (2 mails)`);
      expect(digest!.text).toMatch(/^Hello Dora Digest,/);
      expect(digest!.text).toContain(`- change order ${approved.documentId} was approved\n  ${ADMIN_URL}/document/view/${approved.parentChangeId}`);
      expect(digest!.text).toContain(`- change order ${rejected.documentId} was rejected\n  ${ADMIN_URL}/document/view/${rejected.parentChangeId}`);
      expect((await deliveries(dora)).map((d) => d.status).sort()).toEqual(['in-digest', 'in-digest', 'sent']);

      // A mail held after today's digest waits for tomorrow's.
      const later = await givenChangeOrder(api.alma, dora);
      await decide(later.parentChangeId, true);
      await pass();
      expect(received(dora)).toHaveLength(1);
      toNextDayAt(6);
      await pass();
      expect(received(dora)).toHaveLength(2);
      expect(received(dora)[1]!.text).toContain(`- change order ${later.documentId} was approved`);
    });

    it('an approver who chose it and is no longer an ADMIN at the hour: the approver’s mails are left out of the digest', async () => {
      const una = await givenPerson('ADMIN', 'Una', 'Unassigned');
      await choose(una, 'daily-digest');
      await givenChangeOrder(una);
      await pass();
      expect(received(una)).toEqual([]);
      // Made a USER before the hour (Manage User's edit, by the first ADMIN).
      const admin = await api.t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const demoted = await api.t.call('PUT', '/user/modify', {
        token: admin,
        headers: await reviewedUser(api.t, admin, una.id),
        body: { id: una.id, email: una.email, firstName: una.firstName, lastName: una.lastName, role: 'USER', isTrainingCompleted: true },
      });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
      toNextDayAt(7);
      await pass();
      expect(received(una)).toEqual([]);
      expect(await deliveries(una)).toMatchObject([{ kind: 'change-order-submitted', status: 'skipped', note: 'an approver’s mail, and the recipient is not an ADMIN now' }]);
    });
  });
});
