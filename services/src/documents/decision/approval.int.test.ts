import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeDecision, openEveryFile } from '../../../../test-support/document-arrangements';
import { formatAuditDate } from '../../audit';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApi } from '../../../../test-support/test-api';
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
  const { person, givenChangeOrder, view, decide, download, fetched } = changeOrderSteps(() => api);

  describe('POST /document/approveDocuments', () => {
    it('who may decide: anonymous 401; a USER, an ADMIN not assigned and the author 403; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const body = { parentChangeId, documentApproval: true, username: approver.email, password: approver.password };
      await spec.when(() => t.call('POST', '/document/approveDocuments', { body })).thenNothingStored(401, 'Authentication required');
      const stranger = await person('USER', 'Uma', 'User');
      for (const who of [stranger, otherAdmin, author]) {
        const answer = await decide(who, parentChangeId);
        expect(answer, who.email).toMatchObject({ status: 403, body: { code: 'not-the-document-approver', message: 'Only the assigned approver can approve or reject this change order' } });
      }
      // Naming the assigned approver's id while logged in as someone else is refused too.
      await spec.when(() => decide(otherAdmin, parentChangeId, { approverId: approver.id })).thenNothingStored(403, 'Only the assigned approver can approve or reject this change order');
      expect((await view(parentChangeId)).status).toBe('REQUIRE_APPROVAL');
    });

    it('the assigned approver is refused with 409 naming the unopened files until every file is opened; then the signed approval is recorded', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      const before = await view(parentChangeId);
      expect(before).toMatchObject({ mayDecide: true, unopened: expect.any(Array) });
      expect(before.unopened.map((f: { docName: string }) => f.docName)).toEqual(['Risk assessment.pdf', ...before.children.map((c: { docName: string }) => c.docName)]);
      expect((await view(parentChangeId, author)).mayDecide).toBe(false);

      const refused = await decide(approver, parentChangeId);
      expect(refused).toMatchObject({ status: 409, body: { code: 'files-not-opened' } });
      expect(refused.body.message).toContain('Risk assessment.pdf');

      // Opening one file (fetching it through its link) records it for the approver (an event) and gives it its check mark.
      const supporting = before.parentDocumentList[0].fileId as string;
      const { answer } = await spec.when(() => download(approver, supporting)).then({ status: 200, events: [] });
      expect(answer.body).toMatchObject({ docName: 'Risk assessment.pdf', documentPath: expect.stringContaining(`/document/file/${parentChangeId}/${supporting}?`) });
      await spec.when(() => fetched(answer.body.documentPath)).then({
        status: 200,
        events: [{ stream: `document-files-${parentChangeId}`, type: 'DocumentFileDownloaded', data: { fileId: supporting, downloadedBy: approver.id, purpose: 'download' } }],
      });
      const partly = await view(parentChangeId);
      expect(partly.parentDocumentList[0].opened).toBe(true);
      expect(partly.children.map((c: { opened: boolean }) => c.opened)).toEqual([false, false]);
      // Someone else opening the files does not count for the approver.
      await openEveryFile(t, otherAdmin.token, parentChangeId);
      expect((await decide(approver, parentChangeId)).body.message).not.toContain('Risk assessment.pdf');

      await openEveryFile(t, approver.token, parentChangeId);
      expect((await view(parentChangeId)).unopened).toEqual([]);
      const { answer: decided } = await spec.when(() => decide(approver, parentChangeId, { reason: 'All IFUs verified' })).then({
        status: 200,
        body: { message: 'Document Approved', document: { status: 'APPROVED', reason: 'All IFUs verified', mayDecide: false, editable: false } },
        events: [
          {
            stream: `document-${parentChangeId}`,
            type: 'ChangeOrderApproved',
            data: { documentId, reason: 'All IFUs verified', signature: { signerId: approver.id, name: 'Alma Approver', email: approver.email, meaning: 'approval' } },
          },
        ],
      });
      expect(decided.body.document.signatures.at(-1)).toMatchObject({ name: 'Alma Approver', meaning: 'approval', signedAt: expect.stringMatching(/Z$/) });

      // The audit CSV shows the signature (who, when, meaning, reason) and every download.
      const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const today = formatAuditDate(t.clock.now());
      const csv = await (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      const approvalRow = csv.split('\n').find((line) => line.includes('ChangeOrderApproved') && line.includes(documentId))!;
      for (const expected of ['Alma Approver', approver.email, `Approved change order ${documentId} (electronic signature)`, 'approval', 'All IFUs verified']) {
        expect(approvalRow).toContain(expected);
      }
      expect(csv.split('\n').filter((line) => line.includes('DocumentFileDownloaded') && line.includes(documentId)).length).toBeGreaterThanOrEqual(3);
    });

    it('a child file replaced after it was opened must be opened again', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      const child = (await view(parentChangeId)).children[0];
      const form = new FormData();
      for (const [key, value] of Object.entries({
        childDocumentId: child.childDocumentId,
        associatedReferenceNumber: child.associatedReferenceNumber,
        productSubFamilyNameOne: child.productSubFamilyNameOne,
        billMaterialInformation: child.billMaterialInformation,
        keywords: child.keywords,
        countryList: child.countryList,
        languageList: child.languageList,
        changeDescription: 'New wording',
        changeJustification: child.changeJustification,
        username: author.email,
        password: author.password,
        comments: 'Replaced the PDF',
      })) {
        form.set(key, value);
      }
      const { makePdf } = await import('../../../../test-support/documents');
      form.set('childMainDocument', new Blob([new Uint8Array(await makePdf('Replaced IFU text'))], { type: 'application/pdf' }), 'replaced.pdf');
      const edited = await fetch(`${t.url}/document/updateSingleChildDocument`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${author.token}` } });
      expect(edited.status).toBe(200);
      const after = await view(parentChangeId);
      expect(after.unopened).toEqual([{ fileId: expect.any(String), docName: 'replaced.pdf' }]);
      expect(after.children[0].opened).toBe(false);
      expect((await decide(approver, parentChangeId)).body).toMatchObject({ code: 'files-not-opened', message: expect.stringContaining('replaced.pdf') });
    });

    it('wrong passwords and foreign credentials are refused with 403 and counted toward the approver lockout', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      for (const credentials of [{ password: 'wrong password 123', confirmPassword: 'wrong password 123' }, { username: otherAdmin.email, password: otherAdmin.password, confirmPassword: otherAdmin.password }]) {
        const { events } = await spec.when(() => decide(approver, parentChangeId, credentials)).then({ status: 403, body: { code: 'signature-refused' } });
        expect(events.map((e) => [e.streamId, e.type])).toEqual([[`user-credentials-${approver.id}`, 'CredentialCheckFailed']]);
      }
      expect((await view(parentChangeId)).status).toBe('REQUIRE_APPROVAL');
    });

    it('validation: Password Mismatch, a rejection needs a reason, a reason is at most 255 characters; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      const cases: [Record<string, unknown>, string][] = [
        [{ confirmPassword: 'something else 1' }, 'confirmPassword: Password Mismatch'],
        [{ documentApproval: false }, 'reason: Enter Reason'],
        [{ documentApproval: false, reason: 'x'.repeat(256) }, "reason: Reason can't be more than 255 characters."],
        [{ documentApproval: false, changeJustification: 'y'.repeat(300) }, "changeJustification: Reason can't be more than 255 characters."],
        [{ username: '' }, 'username: Enter Username'],
        [{ password: undefined, confirmPassword: undefined }, 'password: Enter Password'],
        [{ documentApproval: 'maybe' }, 'documentApproval must be true or false'],
        [{ parentChangeId: '../etc' }, 'parentChangeId must be an id'],
      ];
      for (const [overrides, message] of cases) await spec.when(() => decide(approver, parentChangeId, overrides)).thenNothingStored(400, message);
    });

    it('a rejection from the list takes changeJustification as its reason', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      // The id in capitals names the same change order.
      const answer = await decide(approver, parentChangeId.toUpperCase(), { documentApproval: 'false', changeJustification: 'Wrong language set', confirmPassword: undefined });
      expect(answer).toMatchObject({ status: 200, body: { message: 'Document Rejected', document: { status: 'REJECTED', reason: 'Wrong language set' } } });
      expect(answer.body.document.signatures.at(-1)).toMatchObject({ meaning: 'rejection', name: 'Alma Approver' });
    });

    it('two decisions at once: exactly one wins, the other gets 409', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      const answers = await Promise.all([decide(approver, parentChangeId), decide(approver, parentChangeId, { documentApproval: false, reason: 'No' })]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const events = (await t.store.readStream(`document-${parentChangeId}`)).filter((e) => e.type === 'ChangeOrderApproved' || e.type === 'ChangeOrderRejected');
      expect(events).toHaveLength(1);
    });

    it('after the decision, edits, deactivation and a second decision are refused with 409', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const child = (await view(parentChangeId)).children[0];
      await spec
        .when(() => t.call('DELETE', '/document/deleteChildDoc', { token: author.token, body: { childDocumentId: child.childDocumentId, username: author.email, password: author.password } }))
        .thenNothingStored(409, 'This change order has been approved or rejected: it can no longer be edited, added to or deactivated');
      await spec
        .when(() => decide(approver, parentChangeId, { documentApproval: false, reason: 'Changed my mind' }))
        .thenNothingStored(409, 'This change order has been approved or rejected: it can no longer be edited, added to or deactivated');
    });
  });
});
