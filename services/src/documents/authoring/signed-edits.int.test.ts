import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import type { apiSpec } from '../../../../test-support/specs';
import type { TestApi } from '../../../../test-support/test-api';
import { type AuthoringApi, authoringSteps, startAuthoringApi } from './authoring-api.fixtures';

describe('documents over HTTP: uploads, the signed change order, edits, deactivation', () => {
  let api: AuthoringApi;
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let pdfA: Buffer;
  let pdfB: Buffer;

  beforeAll(async () => {
    api = await startAuthoringApi();
    ({ t, spec, pdfA, pdfB } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { person, givenChangeOrder, seen, editParent, editChild } = authoringSteps(() => api);

  describe('signed edits while undecided', () => {
    it('when the parent is edited, then the changed fields are recorded old and new, with the signature, and a new supporting file is kept', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const editor = await person('USER', 'Eve Editor');
      const { answer, events } = await spec.when(() => editParent(editor, doc.parentChangeId, {}, [pdfPart('parentDocuments', pdfB, 'extra.pdf')])).then({
        status: 200,
        body: { message: 'Document Updated', document: { productFamilyName: 'Cardio Catheter XL', isInternal: true } },
        events: [
          {
            stream: `document-${doc.parentChangeId}`,
            type: 'ChangeOrderUpdated',
            data: {
              changes: [
                { field: 'productFamilyName', old: 'Cardio Catheter', new: 'Cardio Catheter XL' },
                { field: 'isInternal', old: 'false', new: 'true' },
              ],
              signature: { signerId: editor.id, meaning: 'authorship' },
              comments: 'Renamed',
              editedBy: editor.id,
            },
          },
          { stream: `document-${doc.parentChangeId}`, type: 'SupportingFilesAdded', data: { files: [{ docName: 'extra.pdf' }] } },
        ],
      });
      expect(events).toHaveLength(2);
      expect(answer.body.document.parentDocumentList.map((f: { docName: string }) => f.docName)).toEqual(['risk.pdf', 'extra.pdf']);
    });

    it('when the parent is edited with a stale If-Match, then 409 naming what changed since, and nothing is stored', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const answer = await spec
        .when(() => editParent(author, doc.parentChangeId, {}, [], { 'if-match': `"${doc.version - 1}"` }))
        .thenNothingStored(409, expect.stringContaining(`Since then: Added child document ${doc.documentId}-02`) as unknown as string);
      expect(answer.body.code).toBe('changed-since-review');
    });

    it('when edit parent misses its fields, then the spec messages', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      expect((await editParent(author, doc.parentChangeId, { productFamilyName: '' })).body.message).toBe('productFamilyName: Enter Product Name');
      expect((await editParent(author, doc.parentChangeId, { comments: '' })).body.message).toBe('comments: Enter Comments');
    });

    it('when supporting files would exceed 4, then 400 and nothing is stored', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const four = Array.from({ length: 4 }, (_, i) => pdfPart('parentDocuments', pdfA, `more${i}.pdf`));
      await spec
        .when(() => sendForm(t.url, 'POST', '/document/addFilesToParent', multipart({ documentParentChangeId: doc.parentChangeId, username: author.email, password: author.password, comments: 'more' }, four), author.token))
        .thenNothingStored(400, 'parentDocuments: At most 4 supporting files can be attached');
    });

    it('when files are added to the parent, then SupportingFilesAdded, signed', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const res = await sendForm(
        t.url,
        'POST',
        '/document/addFilesToParent',
        multipart({ documentParentChangeId: doc.parentChangeId, username: author.email, password: author.password, comments: 'more' }, [pdfPart('parentDocuments', pdfB, 'more.pdf')]),
        author.token,
      );
      expect(res).toMatchObject({ status: 200, body: { message: 'Document Uploaded' } });
      expect(res.body.document.parentDocumentList).toHaveLength(2);
    });

    it('when a supporting file is deleted with the signer credentials, then it leaves the change order, signed file-deletion bound to its hash', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const file = doc.parentDocumentList[0]!;
      const body = { documentParentChangeId: doc.parentChangeId, fileId: file.fileId, username: author.email, password: author.password };
      expect((await t.call('DELETE', '/document/deleteParentFileById', { token: author.token, body: { ...body, password: '' } })).body.message).toBe('password: Enter Username and Password');
      const { answer } = await spec.when(async () => t.call('DELETE', '/document/deleteParentFileById', { token: author.token, headers: await seen(author, doc.parentChangeId), body })).then({
        status: 200,
        events: [{ stream: `document-${doc.parentChangeId}`, type: 'SupportingFileDeleted', data: { signature: { meaning: 'file-deletion', subject: { sha256: expect.any(String) } } } }],
      });
      expect(answer.body.document.parentDocumentList).toEqual([]);
      expect((await t.call('DELETE', '/document/deleteParentFileById', { token: author.token, headers: await seen(author, doc.parentChangeId), body })).status).toBe(404);
    });

    it("when a child is edited, then which fields changed is recorded, old and new, signed with the meaning 'modification', and a new file replaces the old", async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const child = doc.children[0]!;
      const newPdf = await makePdf('Revised instructions');
      const { answer } = await spec
        .when(() => editChild(author, { childDocumentId: child.childDocumentId, keywords: 'catheter revised', countryList: 'DE,FR,IT' }, [pdfPart('childMainDocument', newPdf, 'ifu-v2.pdf')]))
        .then({
          status: 200,
          body: { message: 'Child Document Updated' },
          events: [
            {
              stream: `document-${doc.parentChangeId}`,
              type: 'ChildDocumentUpdated',
              data: {
                childDocumentId: child.childDocumentId,
                changes: [
                  { field: 'associatedReferenceNumber', old: expect.any(String), new: 'LOT-A-0001' },
                  { field: 'keywords', old: 'catheter sterile', new: 'catheter revised' },
                  { field: 'countryList', old: 'DE,FR', new: 'DE,FR,IT' },
                  { field: 'file', old: expect.stringContaining('ifu.pdf'), new: expect.stringContaining('ifu-v2.pdf') },
                ],
                // A change of what its author signed, told apart from the writing (authorship) in the trail and manifest.
                signature: { signerId: author.id, meaning: 'modification' },
              },
            },
          ],
        });
      const shown = answer.body.document.children.find((c: { childDocumentId: string }) => c.childDocumentId === child.childDocumentId);
      expect(shown).toMatchObject({ keywords: 'catheter revised', countryList: 'DE,FR,IT', docName: 'ifu-v2.pdf', comments: 'Fix' });
      expect(shown.signatures.map((s: { meaning: string }) => s.meaning)).toEqual(['authorship', 'modification']);
    });

    it('when a child is added to the change order, then it gets the next document number; without a file it is refused', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author, 2);
      await spec.when(() => editChild(author, { documentParentChangeId: doc.parentChangeId })).thenNothingStored(400, 'childMainDocument: Select a document');
      const res = await editChild(author, { documentParentChangeId: doc.parentChangeId }, [pdfPart('childMainDocument', pdfA, 'new.pdf')]);
      expect(res).toMatchObject({ status: 200, body: { message: 'Child Document Added' } });
      expect(res.body.document.children.map((c: { documentNumber: string }) => c.documentNumber)).toEqual([
        `${doc.documentId}-01`,
        `${doc.documentId}-02`,
        `${doc.documentId}-03`,
      ]);
    });
  });
});
