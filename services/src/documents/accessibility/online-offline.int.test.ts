import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeDecision, arrangeLegacyAccessibilityProposal } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { formatAuditDate } from '../../audit';
import type { TestApi } from '../../../../test-support/test-api';
import { type ChangeOrderApi, changeOrderSteps, type Person, startChangeOrderApi } from '../change-order-api.fixtures';

describe('Documents II over HTTP: review, signed decision, accessibility, downloads, versions, search', () => {
  let api: ChangeOrderApi;
  let t: TestApi;
  let spec: ChangeOrderApi['spec'];
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;

  beforeAll(async () => {
    api = await startChangeOrderApi();
    ({ t, spec, approver, otherAdmin, author } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { givenChangeOrder, view } = changeOrderSteps(() => api);

  describe('POST /document/update/IsInternal', () => {
    it('an ADMIN switches an approved change order Offline at once (an event with who and why); a USER, anonymous and a pending change order are refused', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      const body = { parentDocumentChangeId: parentChangeId, isInternal: true, reason: 'Recalled for relabelling' };
      // The view says who may switch by the rule the switch applies: the screens offer it exactly then.
      const maySwitch = async () => Promise.all([otherAdmin, approver, author].map(async (who) => (await view(parentChangeId, who)).maySwitchAccessibility));
      expect(await maySwitch()).toEqual([false, false, false]);
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body })).thenNothingStored(
        409,
        'Accessibility of a change order awaiting approval is changed by editing it (Edit parent)',
      );
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      expect(await maySwitch()).toEqual([true, true, false]);
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { body })).thenNothingStored(401, 'Authentication required');
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { token: author.token, body })).thenNothingStored(403, 'This needs the ADMIN role');
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body: { parentDocumentChangeId: parentChangeId, reason: 'Recalled' } })).thenNothingStored(400, 'isInternal is required');
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body })).then({
        status: 200,
        body: { message: 'Document Updated', document: { isInternal: true, status: 'APPROVED', pendingAccessibility: null } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'ChangeOrderAccessibilityChanged',
            data: { documentId, isInternal: true, previous: false, changedBy: otherAdmin.id, reason: 'Recalled for relabelling' },
          },
        ],
      });
      // The list shows it at once.
      const list = await t.call('GET', '/document/getDocumentList?tab=all', { token: author.token });
      expect(list.body.data.list.find((row: { parentChangeId: string }) => row.parentChangeId === parentChangeId).isInternal).toBe(true);
    });

    it('takes a reason of at most 255 characters, which the audit trail shows; without one (the spec\'s payload) it is recorded as not given', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const switchTo = (isInternal: boolean, reason?: string) =>
        t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body: { parentDocumentChangeId: parentChangeId, isInternal, ...(reason === undefined ? {} : { reason }) } });
      await spec.when(() => switchTo(true, 'x'.repeat(256))).thenNothingStored(400, "reason: Reason can't be more than 255 characters.");
      expect((await switchTo(true, 'Withdrawn while the label is corrected')).status).toBe(200);
      const { events } = await spec.when(() => switchTo(false)).then({ status: 200, body: { document: { isInternal: false } } });
      expect(events.map((event) => event.data)).toEqual([expect.not.objectContaining({ reason: expect.anything() })]);
      const day = formatAuditDate(t.clock.now());
      const audit = await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${otherAdmin.token}` } });
      expect(audit.status).toBe(200);
      const rows = (await audit.text()).split(/\r?\n/);
      expect(rows.find((row) => row.includes(`Switched change order ${documentId} Offline`))).toContain('Withdrawn while the label is corrected');
      expect(rows.find((row) => row.includes(`Switched change order ${documentId} Online`))).toContain(',not given,');
    }, 90_000);
  });

  describe('POST /document/accessibility/decide: an Online/Offline change left pending in the log (issue 22)', () => {
    /** What the public portal and search read: the search model's parent row. */
    const publicIsInternal = async (parentChangeId: string) =>
      (await t.database.db.query<{ is_internal: boolean }>('SELECT is_internal FROM document_search_parents WHERE id = $1', [parentChangeId])).rows[0]!.is_internal;
    const propose = (parentChangeId: string) => arrangeLegacyAccessibilityProposal(t, { parentChangeId, isInternal: true, requestedBy: otherAdmin, reason: 'Recalled for relabelling' });
    const decideSwitch = async (who: Person, parentChangeId: string, overrides: Record<string, unknown> = {}) =>
      t.call('POST', '/document/accessibility/decide', {
        token: who.token,
        headers: await reviewedChangeOrder(t, who.token, parentChangeId),
        body: { parentChangeId, approve: true, username: who.email, password: who.password, ...overrides },
      });

    it('a pending change -> public still Online -> the approver signs -> public Offline; who may decide is the server\'s', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      await spec.when(() => decideSwitch(approver, parentChangeId)).thenNothingStored(409, 'No Online/Offline change of this change order is awaiting a signature');
      await propose(parentChangeId);
      expect(await publicIsInternal(parentChangeId)).toBe(false);
      expect((await view(parentChangeId, approver)).mayDecideAccessibility).toBe(true);
      expect((await view(parentChangeId, otherAdmin)).mayDecideAccessibility).toBe(false);
      expect((await view(parentChangeId, author)).mayDecideAccessibility).toBe(false);
      await spec.when(() => decideSwitch(otherAdmin, parentChangeId)).thenNothingStored(403, 'The ADMIN who requested the Online/Offline change cannot approve or reject it');
      await spec.when(() => decideSwitch(author, parentChangeId)).thenNothingStored(403, 'Only the assigned approver can approve or reject this change order');
      await spec.when(() => decideSwitch(approver, parentChangeId, { approve: undefined })).thenNothingStored(400, 'approve is required');
      const wrong = await decideSwitch(approver, parentChangeId, { password: 'wrong password 1' });
      expect({ status: wrong.status, message: wrong.body.message }).toEqual({ status: 403, message: 'Signature refused: enter your own username and password.' });
      expect((await view(parentChangeId, approver)).pendingAccessibility).toMatchObject({ isInternal: true });
      await spec.when(() => decideSwitch(approver, parentChangeId)).then({
        status: 200,
        body: { message: 'Document Updated', document: { isInternal: true, pendingAccessibility: null, mayDecideAccessibility: false } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'ChangeOrderAccessibilityChanged',
            data: { documentId, isInternal: true, previous: false, changedBy: otherAdmin.id, reason: 'Recalled for relabelling', signature: { signerId: approver.id, meaning: 'approval' } },
          },
        ],
      });
      expect(await publicIsInternal(parentChangeId)).toBe(true);
    }, 90_000);

    it('the approver rejects with a reason: the value stays; a rejection without a reason is refused; an ADMIN\'s switch ends a pending change', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      await propose(parentChangeId);
      await spec.when(() => decideSwitch(approver, parentChangeId, { approve: false })).thenNothingStored(400, 'reason: Enter the reason for rejecting the change');
      await spec.when(() => decideSwitch(approver, parentChangeId, { approve: false, reason: 'Still sold in the EU' })).then({
        status: 200,
        body: { document: { isInternal: false, pendingAccessibility: null } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'ChangeOrderAccessibilityRejected',
            data: { documentId, isInternal: true, requestedBy: otherAdmin.id, reason: 'Still sold in the EU', signature: { signerId: approver.id, meaning: 'rejection' } },
          },
        ],
      });
      expect(await publicIsInternal(parentChangeId)).toBe(false);
      await propose(parentChangeId);
      const switched = await t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body: { parentDocumentChangeId: parentChangeId, isInternal: true } });
      expect(switched.body.document).toMatchObject({ isInternal: true, pendingAccessibility: null });
      expect(await publicIsInternal(parentChangeId)).toBe(true);
    }, 90_000);
  });
});
