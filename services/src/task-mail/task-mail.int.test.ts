import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../../../test-support/test-api';
import { ADMIN_URL, startTaskMailApi, type TaskMailApi, taskMailSteps } from './task-mail-api.fixtures';

/**
 * Every kind of task mail, read from a real SMTP server on loopback: the reactor's pass (`taskMail.run()`, as its
 * background job runs it every few seconds) reads the log from its checkpoint and sends what it decided.
 */
describe('task mail: what the approver and the author are told, read from the SMTP server', () => {
  let api: TaskMailApi;
  // The arrangement signs a customer's approval: on a busy machine it may take longer than the default hook time.
  beforeAll(async () => {
    api = await startTaskMailApi();
  }, 120_000);
  afterAll(async () => {
    await api?.dispose();
  });
  const { mailsAbout, pass, givenChangeOrder, reassignByEdit, decide, givenCustomer, editCustomer, decideOnCustomer, deliveries } = taskMailSteps(() => api);

  describe('a change order', () => {
    it('submitted: its approver is mailed once, naming its number and product family, with a link to it; nobody else', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      expect(mailsAbout(documentId)).toEqual([]);
      await pass();
      const [mail, ...more] = mailsAbout(documentId);
      expect(more).toEqual([]);
      expect(mail).toMatchObject({ to: [api.alma.email], subject: `IFU Portal: change order ${documentId} waits for your approval` });
      expect(mail!.text).toMatch(new RegExp(`^Hello Alma Approver,\\n\\nChange order ${documentId} \\(CardioFlow [0-9a-f]{8}\\) was submitted to you for approval\\.`));
      expect(mail!.text).toContain(`Open it: ${ADMIN_URL}/document/view/${parentChangeId}`);
      // A second pass sends nothing again.
      await pass();
      expect(mailsAbout(documentId)).toHaveLength(1);
    });

    it('given another approver by an edit: the new approver is mailed; an edit that keeps the approver mails nobody', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await pass();
      await reassignByEdit(parentChangeId, api.alma, 'Same approver');
      await pass();
      expect(mailsAbout(documentId).map((m) => m.to)).toEqual([[api.alma.email]]);
      await reassignByEdit(parentChangeId, api.otto, 'Other approver');
      await pass();
      const toOtto = mailsAbout(documentId, api.otto);
      expect(toOtto).toHaveLength(1);
      expect(toOtto[0]!.text).toContain(`Change order ${documentId} (Other approver) was submitted to you for approval.`);
      expect(mailsAbout(documentId)).toHaveLength(2);
    });

    it('approved: its author is mailed who approved it', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await decide(parentChangeId, true);
      await pass();
      const [approved, ...more] = mailsAbout(`${documentId} was approved`);
      expect(more).toEqual([]);
      expect(approved!.to).toEqual([api.ada.email]);
      expect(approved!.text).toContain(`Hello Ada Author,`);
      expect(approved!.text).toContain('which you wrote, was approved by Alma Approver.');
      expect(approved!.text).toContain(`${ADMIN_URL}/document/view/${parentChangeId}`);
    });

    it('rejected: its author is mailed the reason, and where to revise it', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await decide(parentChangeId, false, 'The German leaflet is the old one');
      await pass();
      const [rejected, ...more] = mailsAbout(`${documentId} was rejected`);
      expect(more).toEqual([]);
      expect(rejected!.to).toEqual([api.ada.email]);
      expect(rejected!.text).toContain('Reason: The German leaflet is the old one');
      expect(rejected!.text).toContain(`Revise and resubmit it: ${ADMIN_URL}/document/revise/${parentChangeId}`);
    });
  });

  describe('a customer', () => {
    it('registered: its approver is mailed, with a link to its view; approved: who registered it', async () => {
      const customer = await givenCustomer();
      await pass();
      const [submitted, ...more] = mailsAbout(customer.name);
      expect(more).toEqual([]);
      expect(submitted).toMatchObject({ to: [api.alma.email], subject: `IFU Portal: customer ${customer.name} waits for your approval` });
      expect(submitted!.text).toContain(`Open it: ${ADMIN_URL}/managecustomer?view=${customer.id}`);
      await decideOnCustomer(customer.id, true);
      await pass();
      const approved = mailsAbout(`${customer.name} was approved`);
      expect(approved.map((m) => m.to)).toEqual([[ADMIN_EMAIL]]);
      expect(approved[0]!.text).toContain('which you registered, was approved by Alma Approver.');
    });

    it('rejected: who registered it is mailed the reason', async () => {
      const customer = await givenCustomer();
      await decideOnCustomer(customer.id, false, 'No distribution contract yet');
      await pass();
      const [rejected] = mailsAbout(`${customer.name} was rejected`);
      expect(rejected!.to).toEqual([ADMIN_EMAIL]);
      expect(rejected!.text).toContain('Reason: No distribution contract yet');
    });

    it('given another approver by an edit while it waits: the new approver is mailed', async () => {
      const customer = await givenCustomer();
      await editCustomer(customer, api.otto);
      await pass();
      expect(mailsAbout(customer.name, api.otto).map((m) => m.subject)).toEqual([`IFU Portal: customer ${customer.name} waits for your approval`]);
    });

    it('a change to it once approved: the approver it names is mailed the fields; approved or rejected, its editor is told', async () => {
      const customer = await givenCustomer();
      await decideOnCustomer(customer.id, true);
      await editCustomer(customer, api.alma, { customerWebsiteLink: 'https://new.example.com' });
      await pass();
      const [change] = mailsAbout(`a change to customer ${customer.name}`);
      expect(change!.to).toEqual([api.alma.email]);
      expect(change!.text).toContain(`A change to customer ${customer.name} (Website link) was submitted to you for approval.`);
      await decideOnCustomer(customer.id, false, 'Not their website');
      await pass();
      const [rejected] = mailsAbout(`your change to customer ${customer.name} was rejected`);
      expect(rejected!.to).toEqual([ADMIN_EMAIL]);
      expect(rejected!.text).toContain('Reason: Not their website');

      await editCustomer(customer, api.alma, { customerWebsiteLink: 'https://newer.example.com' });
      await decideOnCustomer(customer.id, true);
      await pass();
      expect(mailsAbout(`your change to customer ${customer.name} was approved`).map((m) => m.to)).toEqual([[ADMIN_EMAIL]]);
    });
  });

  describe('recipients as they are now', () => {
    it('an approver who is no longer an ADMIN when the mail is to go gets no approval mail: it is recorded as skipped', async () => {
      const { documentId } = await givenChangeOrder(api.otto);
      // Otto is made a USER before the reactor's pass.
      const admin = await api.t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const modified = await api.t.call('PUT', '/user/modify', {
        token: admin,
        headers: await reviewedUser(api.t, admin, api.otto.id),
        body: { id: api.otto.id, email: api.otto.email, firstName: 'Otto', lastName: 'Other', role: 'USER', isTrainingCompleted: true },
      });
      expect(modified.status, JSON.stringify(modified.body)).toBe(200);
      try {
        const outcome = await pass();
        expect(outcome.skipped).toBeGreaterThanOrEqual(1);
        expect(mailsAbout(documentId)).toEqual([]);
        expect((await deliveries(api.otto)).find((d) => d.key.includes('change-order-submitted') && d.status === 'skipped')).toMatchObject({
          note: 'an approver’s mail, and the recipient is not an ADMIN now',
        });
      } finally {
        await api.t.call('PUT', '/user/modify', {
          token: admin,
          headers: await reviewedUser(api.t, admin, api.otto.id),
          body: { id: api.otto.id, email: api.otto.email, firstName: 'Otto', lastName: 'Other', role: 'ADMIN', isTrainingCompleted: true },
        });
      }
    });

    it('a mail the SMTP server refuses stays pending and goes at the next pass, once', async () => {
      const { documentId } = await givenChangeOrder();
      api.inbox.refuseNext(1);
      const refused = await pass();
      expect(refused.refused).toBe(1);
      expect(mailsAbout(documentId)).toEqual([]);
      expect((await deliveries(api.alma)).find((d) => d.key.includes(':change-order-submitted:') && d.status === 'pending')).toMatchObject({ attempts: 1 });
      await pass();
      await pass();
      expect(mailsAbout(documentId)).toHaveLength(1);
    });
  });
});
