import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import type { apiSpec } from '../../../../test-support/specs';
import type { TestApi } from '../../../../test-support/test-api';
import { type AuthoringApi, authoringSteps, startAuthoringApi } from './authoring-api.fixtures';

describe('documents over HTTP: uploads, the signed change order, edits, deactivation', () => {
  let api: AuthoringApi;
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let pdfA: Buffer;

  beforeAll(async () => {
    api = await startAuthoringApi();
    ({ t, spec, admin, pdfA } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { person, givenChangeOrder, seen, approveDirectly, editParent, editChild } = authoringSteps(() => api);

  describe('signed edits while undecided', () => {
    it('when a child is deactivated with a reason, then it leaves the active children and stays on the view as deactivated, with its obsolete date and the reason, which the audit trail shows; the last child cannot be', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      const [first, second] = doc.children;
      const body = (id: string, extra: Record<string, unknown> = {}) => ({ childDocumentId: id, username: author.email, password: author.password, ...extra });
      const deactivate = async (id: string, extra?: Record<string, unknown>) =>
        t.call('DELETE', '/document/deleteChildDoc', { token: author.token, headers: await seen(author, doc.parentChangeId), body: body(id, extra) });
      const reason = 'Leaflet withdrawn: replaced by the combined one';
      const { answer } = await spec.when(() => deactivate(first!.childDocumentId, { reason: `  ${reason} ` })).then({
        status: 200,
        events: [
          {
            stream: `document-${doc.parentChangeId}`,
            type: 'ChildDocumentDeactivated',
            data: { obsoleteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), signature: { meaning: 'deactivation' }, reason },
          },
        ],
      });
      expect(answer.body.document.children.map((c: { childDocumentId: string }) => c.childDocumentId)).toEqual([second!.childDocumentId]);
      expect(answer.body.document.deactivatedChildren).toEqual([
        {
          childDocumentId: first!.childDocumentId,
          documentNumber: first!.documentNumber,
          associatedReferenceNumber: first!.associatedReferenceNumber,
          productSubFamilyNameOne: first!.productSubFamilyNameOne,
          docName: first!.docName,
          obsoleteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          reason,
        },
      ]);
      // The view says the same on the next visit.
      expect((await t.call('GET', `/document/get/${doc.parentChangeId}`, { token: author.token })).body.deactivatedChildren).toEqual(answer.body.document.deactivatedChildren);
      expect((await deactivate(first!.childDocumentId)).status).toBe(404);
      expect((await deactivate(second!.childDocumentId)).body.code).toBe('last-child');

      const today = new Date();
      const day = `${String(today.getUTCDate()).padStart(2, '0')}-${today.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}-${today.getUTCFullYear()}`;
      const csv = await (await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      const row = csv.split(/\r?\n/).find((line) => line.includes(`Deactivated child document ${first!.documentNumber}`));
      expect(row).toContain(`obsolete from ${day} (electronic signature)`);
      expect(row).toContain(`,deactivation,${reason},`);
    });

    it("when a child is deactivated with the spec's payload (no reason), then it is, and the view says no reason was given", async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      const first = doc.children[0]!;
      const answer = await t.call('DELETE', '/document/deleteChildDoc', {
        token: author.token,
        headers: await seen(author, doc.parentChangeId),
        body: { childDocumentId: first.childDocumentId, username: author.email, password: author.password },
      });
      expect(answer.status).toBe(200);
      expect(answer.body.document.deactivatedChildren).toEqual([expect.objectContaining({ childDocumentId: first.childDocumentId, reason: null })]);
      const [event] = (await t.store.readStream(`document-${doc.parentChangeId}`)).filter((e) => e.type === 'ChildDocumentDeactivated');
      expect(event!.data).not.toHaveProperty('reason');
    });

    it.each([
      ['a reason of 256 characters', 'x'.repeat(256), "reason: Reason can't be more than 255 characters."],
      ['a reason of 20,000 characters', 'x'.repeat(20_000), "reason: Reason can't be more than 255 characters."],
      ['a reason holding a control character', 'withdrawn\u0007', 'reason must not contain control characters'],
      ['a reason that is no text', 42, 'reason must be a string'],
    ])('when a child is deactivated with %s, then 400 naming the field, the password not checked and nothing stored', async (_case, reason, message) => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      await spec
        .when(async () =>
          t.call('DELETE', '/document/deleteChildDoc', {
            token: author.token,
            headers: await seen(author, doc.parentChangeId),
            body: { childDocumentId: doc.children[0]!.childDocumentId, username: author.email, password: 'not checked', reason },
          }),
        )
        .thenNothingStored(400, message);
    });

    it('when the change order is deactivated, then it leaves every list but stays in the log and the audit report', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const res = await t.call('DELETE', '/document/deleteParentChange', {
        token: author.token,
        headers: await seen(author, doc.parentChangeId),
        body: { documentParentChangeId: doc.parentChangeId, username: author.email, password: author.password },
      });
      expect(res).toMatchObject({ status: 200, body: { message: 'Document Updated' } });
      const all = await t.call('GET', '/document/getDocumentList', { token: author.token });
      expect(all.body.data.list.map((d: { parentChangeId: string }) => d.parentChangeId)).not.toContain(doc.parentChangeId);
      expect((await t.call('GET', `/document/get/${doc.parentChangeId}`, { token: author.token })).status).toBe(404);
      const stream = await t.store.readStream(`document-${doc.parentChangeId}`);
      expect(stream.at(-1)?.type).toBe('ChangeOrderDeactivated');
      const today = new Date();
      const day = `${String(today.getUTCDate()).padStart(2, '0')}-${today.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}-${today.getUTCFullYear()}`;
      const csv = await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } });
      const text = await csv.text();
      expect(text).toContain(`Deactivated change order ${doc.documentId} (electronic signature)`);
      expect(text).toContain(`Created change order ${doc.documentId}`);
    });

    it('when the signer gives a wrong password on an edit, then 403, counted, and nothing changes', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const { events } = await spec
        .when(async () =>
          t.call('DELETE', '/document/deleteParentChange', {
            token: author.token,
            headers: await seen(author, doc.parentChangeId),
            body: { documentParentChangeId: doc.parentChangeId, username: author.email, password: 'not my password' },
          }),
        )
        .then({ status: 403, body: { code: 'signature-refused' } });
      expect(events.map((e) => e.type)).toEqual(['CredentialCheckFailed']);
    });

    it('when the change order has been decided, then every edit, addition and deactivation is refused with 409 and nothing is stored', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      await approveDirectly(doc.parentChangeId);
      const message = 'This change order has been approved or rejected: it can no longer be edited, added to or deactivated';
      const child = doc.children[0]!.childDocumentId;
      const attempts: Array<() => Promise<{ status: number; body: unknown }>> = [
        () => editParent(author, doc.parentChangeId),
        () => editChild(author, { childDocumentId: child }),
        () => editChild(author, { documentParentChangeId: doc.parentChangeId }, [pdfPart('childMainDocument', pdfA)]),
        () => sendForm(t.url, 'POST', '/document/addFilesToParent', multipart({ documentParentChangeId: doc.parentChangeId, username: author.email, password: author.password, comments: 'x' }, [pdfPart('parentDocuments', pdfA)]), author.token),
        () => t.call('DELETE', '/document/deleteParentFileById', { token: author.token, body: { documentParentChangeId: doc.parentChangeId, fileId: doc.parentDocumentList[0]!.fileId, username: author.email, password: author.password } }),
        () => t.call('DELETE', '/document/deleteChildDoc', { token: author.token, body: { childDocumentId: child, username: author.email, password: author.password } }),
        () => t.call('DELETE', '/document/deleteParentChange', { token: author.token, body: { documentParentChangeId: doc.parentChangeId, username: author.email, password: author.password } }),
      ];
      for (const attempt of attempts) await spec.when(attempt).thenNothingStored(409, message);
      const view = await t.call('GET', `/document/get/${doc.parentChangeId}`, { token: author.token });
      expect(view.body).toMatchObject({ status: 'APPROVED', editable: false });
    });

    const writes: Array<[string, string]> = [
      ['PUT', '/document/updateParent'],
      ['PUT', '/document/updateSingleChildDocument'],
      ['POST', '/document/addFilesToParent'],
      ['DELETE', '/document/deleteParentFileById'],
      ['DELETE', '/document/deleteChildDoc'],
      ['DELETE', '/document/deleteParentChange'],
    ];
    for (const [method, path] of writes) {
      it(`when nobody is logged in, then ${method} ${path} is 401 and nothing is stored`, async () => {
        await spec.when(() => t.call(method, path, { body: {} })).thenNothingStored(401, 'Authentication required');
      });
    }
  });
});
