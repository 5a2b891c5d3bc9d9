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
    it('when a child is deactivated, then it leaves the view and gets its obsolete date; the last child cannot be', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      const [first, second] = doc.children;
      const body = (id: string) => ({ childDocumentId: id, username: author.email, password: author.password });
      const deactivate = async (id: string) => t.call('DELETE', '/document/deleteChildDoc', { token: author.token, headers: await seen(author, doc.parentChangeId), body: body(id) });
      const { answer } = await spec.when(() => deactivate(first!.childDocumentId)).then({
        status: 200,
        events: [{ stream: `document-${doc.parentChangeId}`, type: 'ChildDocumentDeactivated', data: { obsoleteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), signature: { meaning: 'deactivation' } } }],
      });
      expect(answer.body.document.children.map((c: { childDocumentId: string }) => c.childDocumentId)).toEqual([second!.childDocumentId]);
      expect((await deactivate(first!.childDocumentId)).status).toBe(404);
      expect((await deactivate(second!.childDocumentId)).body.code).toBe('last-child');
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
