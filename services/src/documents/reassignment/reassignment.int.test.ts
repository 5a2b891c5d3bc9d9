import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeChangeOrder, arrangeDecision } from '../../../../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../../../../test-support/documents';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { type ChangeOrderApi, changeOrderSteps, type Person, startChangeOrderApi } from '../change-order-api.fixtures';

const NOT_ELIGIBLE = 'approverId: choose an active, trained ADMIN who neither created nor last edited this record';

describe("an ADMIN reassigns a change order's approver over HTTP (POST /document/reassignApprover)", () => {
  let api: ChangeOrderApi;
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let lead: Person;

  beforeAll(async () => {
    api = await startChangeOrderApi();
    ({ approver, otherAdmin, author } = api);
    lead = await person('ADMIN', 'Lena', 'Lead');
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { person, givenChangeOrder, view } = changeOrderSteps(() => api);

  /** The reassignment as the dialog sends it: with the version the ADMIN reviewed (`headers` replaces it). */
  const reassign = async (who: Person, parentChangeId: string, approverId: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    api.t.call('POST', '/document/reassignApprover', {
      token: who.token,
      headers: headers ?? (await reviewedChangeOrder(api.t, who.token, parentChangeId)),
      body: { parentChangeId, approverId, reason: 'Alma edited it and may no longer decide', username: who.email, password: who.password, ...overrides },
    });
  /** The approver edits the parent of a pending change order (signed): they become its last editor. */
  const approverEdits = async (parentChangeId: string) => {
    const fields = parentFields(api.customerId, approver.id, { productFamilyName: 'Cardio Catheter XL' }) as unknown as Record<string, string>;
    const edited = await sendForm(
      api.t.url,
      'PUT',
      '/document/updateParent',
      multipart({ ...fields, parantChangeId: parentChangeId, username: approver.email, password: approver.password, comments: 'Fixed the product name' }),
      approver.token,
    );
    expect(edited.status).toBe(200);
  };
  const candidates = async (who: Person, parentChangeId: string) => api.t.call('GET', `/document/reassignApprover/${parentChangeId}`, { token: who.token });

  it('the approver who edited a pending change order is told why they may not decide; an ADMIN reassigns it (signed) and the new approver decides', async () => {
    const { parentChangeId, documentId } = await givenChangeOrder();
    await approverEdits(parentChangeId);
    expect(await view(parentChangeId, approver)).toMatchObject({ mayDecide: false, approverIsAuthor: true, mayReassign: true });
    expect(await view(parentChangeId, author)).toMatchObject({ mayDecide: false, approverIsAuthor: false, mayReassign: false });

    // Whom it may go to: active, trained ADMINs who neither created nor last edited it, but its approver and the caller.
    const listed = await candidates(lead, parentChangeId);
    expect(listed.status).toBe(200);
    const ids = listed.body.approverList.map((a: { id: string }) => a.id);
    expect(ids).toContain(otherAdmin.id);
    expect(ids).not.toContain(approver.id);
    expect(ids).not.toContain(lead.id);
    expect(ids).not.toContain(author.id);

    const { answer } = await api.spec.when(() => reassign(lead, parentChangeId, otherAdmin.id)).then({
      status: 200,
      body: { message: 'Approver reassigned', document: { approverId: otherAdmin.id, approver: { name: 'Otto Admin' }, delegatedFrom: null, status: 'REQUIRE_APPROVAL' } },
      events: [
        {
          stream: `document-${parentChangeId}`,
          type: 'ChangeOrderApproverReassigned',
          data: {
            documentId,
            from: approver.id,
            to: otherAdmin.id,
            reason: 'Alma edited it and may no longer decide',
            reassignedBy: lead.id,
            signature: { signerId: lead.id, name: 'Lena Lead', meaning: 'reassignment' },
          },
        },
      ],
    });
    expect(answer.body.document.signatures.at(-1)).toMatchObject({ name: 'Lena Lead', meaning: 'reassignment' });
    expect(await view(parentChangeId, otherAdmin)).toMatchObject({ mayDecide: true, approverIsAuthor: false });
    expect(await view(parentChangeId, approver)).toMatchObject({ mayDecide: false, approverIsAuthor: false });
    // The list shows the new approver.
    const list = await api.t.call('GET', '/document/getDocumentParents', { token: lead.token });
    expect(list.body.data.list.find((row: { parentChangeId: string }) => row.parentChangeId === parentChangeId)).toMatchObject({ approverFirstName: 'Otto' });
    // The audit report reads it with the reason and the signature.
    const audit = await api.t.call('GET', `/audit/history/changeOrder/${parentChangeId}`, { token: lead.token });
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain(`Reassigned the approver of change order ${documentId} from Alma Approver to Otto Admin`);
    expect(JSON.stringify(audit.body)).toContain('Alma edited it and may no longer decide');
    await arrangeDecision(api.t, { parentChangeId, approver: otherAdmin, approve: true });
    expect((await view(parentChangeId, otherAdmin)).status).toBe('APPROVED');
  });

  it('who may reassign: anonymous 401, a USER 403 (its list too); nothing stored', async () => {
    const { parentChangeId } = await givenChangeOrder();
    const body = { parentChangeId, approverId: otherAdmin.id, reason: 'r', username: author.email, password: author.password };
    await api.spec.when(() => api.t.call('POST', '/document/reassignApprover', { body })).thenNothingStored(401, 'Authentication required');
    await api.spec.when(() => reassign(author, parentChangeId, otherAdmin.id)).thenNothingStored(403, 'This needs the ADMIN role');
    expect(await candidates(author, parentChangeId)).toMatchObject({ status: 403, body: { code: 'admin-only' } });
  });

  it('a decided change order is not waiting: 409, and its list is refused the same', async () => {
    const { parentChangeId } = await givenChangeOrder();
    await arrangeDecision(api.t, { parentChangeId, approver, approve: false });
    await api.spec.when(() => reassign(lead, parentChangeId, otherAdmin.id)).thenNothingStored(409, 'Only a record awaiting a decision can be reassigned to another approver');
    expect(await candidates(lead, parentChangeId)).toMatchObject({ status: 409, body: { code: 'reassign-not-waiting' } });
  });

  it('the new approver must be able to decide on it: not its approver, not the ADMIN reassigning, not a USER, its author or an untrained or unknown account', async () => {
    const { parentChangeId } = await givenChangeOrder();
    await api.spec.when(() => reassign(lead, parentChangeId, approver.id)).thenNothingStored(400, 'approverId: this is already its approver');
    await api.spec
      .when(() => reassign(lead, parentChangeId, lead.id))
      .thenNothingStored(400, 'approverId: you cannot reassign a record to yourself (the ADMIN who reassigns never becomes its approver)');
    await api.spec.when(() => reassign(lead, parentChangeId, author.id)).thenNothingStored(400, NOT_ELIGIBLE);
    await api.spec.when(() => reassign(lead, parentChangeId, '00000000-0000-4000-8000-000000000000')).thenNothingStored(400, NOT_ELIGIBLE);
    const untrained = await person('ADMIN', 'Una', 'Untrained');
    const recorded = await api.spec
      .given({
        stream: `user-${untrained.id}`,
        events: [{ type: 'UserTrainingRecorded', data: { userId: untrained.id, completed: false, at: new Date().toISOString(), recordedBy: { userId: lead.id, name: 'Lena Lead' } } }],
      })
      .when(() => candidates(lead, parentChangeId))
      .then({ status: 200 });
    expect(recorded.answer.body.approverList.map((a: { id: string }) => a.id)).not.toContain(untrained.id);
    await api.spec.when(() => reassign(lead, parentChangeId, untrained.id)).thenNothingStored(400, NOT_ELIGIBLE);
    expect((await view(parentChangeId, lead)).approverId).toBe(approver.id);
  });

  it('the signature and the reason: a wrong password is refused and counts toward lockout; a missing or too long reason is 400', async () => {
    const { parentChangeId } = await givenChangeOrder();
    const signer = await person('ADMIN', 'Sam', 'Signer');
    await api.spec.when(() => reassign(signer, parentChangeId, otherAdmin.id, { password: 'not my password' })).then({
      status: 403,
      body: { code: 'signature-refused', message: 'Signature refused: enter your own username and password.' },
      events: [{ stream: `user-credentials-${signer.id}`, type: 'CredentialCheckFailed', data: { purpose: 'signature', reason: 'wrong-password', consecutiveFailures: 1 } }],
    });
    await api.spec.when(() => reassign(signer, parentChangeId, otherAdmin.id, { reason: '  ' })).thenNothingStored(400, 'reason: Enter Reason');
    await api.spec.when(() => reassign(signer, parentChangeId, otherAdmin.id, { reason: undefined })).thenNothingStored(400, 'reason: Enter Reason');
    await api.spec
      .when(() => reassign(signer, parentChangeId, otherAdmin.id, { reason: 'x'.repeat(256) }))
      .thenNothingStored(400, "reason: Reason can't be more than 255 characters.");
    await api.spec.when(() => reassign(signer, parentChangeId, '', {})).thenNothingStored(400, 'approverId: Select the new approver');
    expect((await view(parentChangeId, lead)).approverId).toBe(approver.id);
  });

  it('bound to the version the ADMIN reviewed: a change order changed since is 409', async () => {
    const { parentChangeId } = await givenChangeOrder();
    const seen = await reviewedChangeOrder(api.t, lead.token, parentChangeId);
    await approverEdits(parentChangeId);
    const refused = await api.spec.when(() => reassign(lead, parentChangeId, otherAdmin.id, {}, seen)).thenNothingStored(409, expect.any(String) as unknown as string);
    expect(refused.body.code).toBe('changed-since-review');
  });

  describe('an absent approver and their delegate', () => {
    const declareAbsence = async (who: Person, delegate: Person, from: string, until: string) => {
      const declared = await api.t.call('PUT', '/user/me/absence', { token: who.token, body: { from, until, delegateId: delegate.id } });
      expect(declared.status).toBe(200);
    };
    const today = () => api.t.clock.now().toISOString().slice(0, 10);

    it('a change order submitted to an approver absent today goes to their delegate; the view says whom they stand in for; the list of approvers says who is away', async () => {
      const away = await person('ADMIN', 'Abe', 'Away');
      const deputy = await person('ADMIN', 'Dora', 'Deputy');
      await declareAbsence(away, deputy, today(), today());
      const approvers = await api.t.call('GET', '/user/approvers', { token: author.token });
      expect(approvers.body.approverList.find((a: { id: string }) => a.id === away.id)).toMatchObject({
        absence: { from: today(), until: today(), delegate: { id: deputy.id, name: 'Dora Deputy', email: deputy.email } },
      });
      expect(approvers.body.approverList.find((a: { id: string }) => a.id === deputy.id).absence).toBeUndefined();

      const { parentChangeId } = await arrangeChangeOrder(api.t, {
        author,
        approverId: away.id,
        customerId: api.customerId,
        productName: 'Delegated Catheter',
        children: [{ lotNumber: 'LOT-D1', partNumber: 'PN-D1' }],
      });
      const events = await api.t.store.readStream(`document-${parentChangeId}`);
      expect(events[0]).toMatchObject({ type: 'ChangeOrderCreated', data: { details: { approverId: deputy.id }, delegatedFrom: away.id } });
      expect(await view(parentChangeId, deputy)).toMatchObject({
        approverId: deputy.id,
        approver: { name: 'Dora Deputy' },
        delegatedFrom: { id: away.id, name: 'Abe Away' },
        mayDecide: true,
      });

      // Reassigned to the absent approver, it goes to their delegate too; once the absence is ended, to them.
      const other = await arrangeChangeOrder(api.t, { author, approverId: approver.id, customerId: api.customerId, productName: 'Other Catheter', children: [{ lotNumber: 'LOT-D2', partNumber: 'PN-D2' }] });
      await api.spec.when(() => reassign(lead, other.parentChangeId, away.id, { reason: 'Alma is busy' })).then({
        status: 200,
        body: { document: { approverId: deputy.id, delegatedFrom: { id: away.id } } },
        events: [{ stream: `document-${other.parentChangeId}`, type: 'ChangeOrderApproverReassigned', data: { from: approver.id, to: deputy.id, delegatedFrom: away.id } }],
      });
      expect((await api.t.call('DELETE', '/user/me/absence', { token: away.token })).body).toEqual({ message: 'Absence ended', absence: null });
      const after = await arrangeChangeOrder(api.t, { author, approverId: away.id, customerId: api.customerId, productName: 'Later Catheter', children: [{ lotNumber: 'LOT-D3', partNumber: 'PN-D3' }] });
      expect(await view(after.parentChangeId, away)).toMatchObject({ approverId: away.id, delegatedFrom: null });
    });

    it('an absence that starts tomorrow sends nothing to the delegate today; a delegate who is the author is never their approver', async () => {
      const away = await person('ADMIN', 'Ari', 'Away');
      const deputy = await person('ADMIN', 'Dan', 'Deputy');
      const tomorrow = new Date(api.t.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
      await declareAbsence(away, deputy, tomorrow, tomorrow);
      const later = await arrangeChangeOrder(api.t, { author, approverId: away.id, customerId: api.customerId, productName: 'Tomorrow Catheter', children: [{ lotNumber: 'LOT-T1', partNumber: 'PN-T1' }] });
      expect((await view(later.parentChangeId, away)).approverId).toBe(away.id);

      // The delegate submits to the absent approver themselves: they may not approve their own change order.
      await declareAbsence(away, deputy, today(), today());
      const own = await arrangeChangeOrder(api.t, { author: deputy, approverId: away.id, customerId: api.customerId, productName: 'Own Catheter', children: [{ lotNumber: 'LOT-T2', partNumber: 'PN-T2' }] });
      expect(await view(own.parentChangeId, away)).toMatchObject({ approverId: away.id, delegatedFrom: null });
    });
  });
});
