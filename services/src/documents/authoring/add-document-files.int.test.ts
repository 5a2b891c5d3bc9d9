import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPart, makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
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
  const { person } = authoringSteps(() => api);

  describe('POST /document/addDocumentFiles', () => {
    it('when an author uploads two supporting PDFs and a logo, then they are kept staged under one upload id and their text is extracted by the queue', async () => {
      const author = await person('USER');
      const before = await t.api.context.files.count();
      const { answer } = await spec
        .when(() =>
          sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, [pdfPart('parentDocuments', pdfA, 'a.pdf'), pdfPart('parentDocuments', pdfB, 'b.pdf'), logoPart()]), author.token),
        )
        .then({
          status: 200,
          body: { message: 'Document Uploaded Successfully !!', uploadParentDocumentFileId: expect.any(String) },
          events: [{ stream: /^document-upload-/, type: 'DocumentFilesUploaded', data: { kind: 'parent', uploadedBy: author.id } }],
        });
      expect(answer.body.fileDetails.map((f: { docName: string; role: string }) => [f.docName, f.role])).toEqual([
        ['a.pdf', 'supporting'],
        ['b.pdf', 'supporting'],
        ['logo.png', 'logo'],
      ]);
      expect((await t.api.context.files.count()).staged).toBe(before.staged + 3);
      await t.api.context.textQueue.idle();
      const { rows } = await t.database.db.query<{ text: string }>('SELECT text FROM document_file_text WHERE sha256 = $1', [answer.body.fileDetails[0].sha256]);
      expect(rows[0]?.text).toContain('Sterile cardiac catheter');
    });

    it('when a large file comes before a small one, then they keep the order they were sent in', async () => {
      const author = await person('USER');
      const large = Buffer.concat([pdfA, Buffer.alloc(60 * 1024, 0x20)]);
      const files = [pdfPart('parentDocuments', large, 'first.pdf'), pdfPart('parentDocuments', pdfB, 'second.pdf'), pdfPart('parentDocuments', pdfA, 'third.pdf'), logoPart()];
      const res = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, files), author.token);
      expect(res.body.fileDetails.map((f: { docName: string }) => f.docName)).toEqual(['first.pdf', 'second.pdf', 'third.pdf', 'logo.png']);
    });

    it('when a child PDF is uploaded, then it answers uploadChildDocumentFileId', async () => {
      const author = await person('USER');
      const res = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdfB)]), author.token);
      expect(res).toMatchObject({ status: 200, body: { uploadChildDocumentFileId: expect.any(String), fileDetails: [{ role: 'main' }] } });
    });

    it('when a PDF has no extractable text (a page without any), then it is still accepted, its text empty', async () => {
      const author = await person('USER');
      const blank = await makePdf();
      const res = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', blank)]), author.token);
      expect(res.status).toBe(200);
      await t.api.context.textQueue.idle();
      const { rows } = await t.database.db.query<{ text: string; failure: string | null }>('SELECT text, failure FROM document_file_text WHERE sha256 = $1', [res.body.fileDetails[0].sha256]);
      expect(rows[0]).toMatchObject({ text: '', failure: null });
    });

    const refusals: Array<[string, () => FormData, number, string]> = [
      ['a 5th supporting file', () => multipart({ isParent: 'true' }, [...Array.from({ length: 5 }, (_, i) => pdfPart('parentDocuments', pdfA, `f${i}.pdf`)), logoPart()]), 400, 'At most 4 files are accepted in the field parentDocuments'],
      ['a non-PDF renamed .pdf', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', Buffer.from('<html><script>alert(1)</script></html>'), 'ifu.pdf')]), 400, 'The document must be a PDF document'],
      ['an oversized file', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', Buffer.concat([pdfA, Buffer.alloc(70 * 1024, 0x20)]))]), 400, 'The document must be at most 64 KB'],
      ['a zero-byte file', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', Buffer.alloc(0))]), 400, 'The document is an empty file'],
      ['a path-traversal file name', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdfA, '../../etc/passwd.pdf')]), 400, 'The document has a file name that is not allowed'],
      ['a field the endpoint does not know', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdfA), pdfPart('evilField', pdfA)]), 400, 'No file is accepted in the field evilField'],
      ['a parent upload without a logo', () => multipart({ isParent: 'true' }, [pdfPart('parentDocuments', pdfA)]), 400, 'parentLogo: Select Document Logo'],
      ['a child upload without a file', () => multipart({ isParent: 'false' }, []), 400, 'childMainDocument: Select a document'],
      ['no isParent', () => multipart({}, [pdfPart('childMainDocument', pdfA)]), 400, 'isParent is required'],
      ['a text field the endpoint does not know', () => multipart({ isParent: 'false', extra: 'x' }, [pdfPart('childMainDocument', pdfA)]), 400, 'Unrecognized key: "extra"'],
      ['a logo that is not an image', () => multipart({ isParent: 'true' }, [{ ...logoPart(pdfA, 'logo.png') }]), 400, 'The document logo must be a PNG, JPEG or WebP image'],
      ['a child file with parent files', () => multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdfA), logoPart()]), 400, 'parentDocuments: not accepted with isParent=false'],
    ];
    for (const [what, body, status, message] of refusals) {
      it(`when the upload has ${what}, then ${status} '${message}' and nothing is stored`, async () => {
        const author = await person('USER');
        const answer = await spec.when(() => sendForm(t.url, 'POST', '/document/addDocumentFiles', body(), author.token)).thenNothingStored(status, message);
        expect(answer.status).toBe(status);
      });
    }

    it('when nobody is logged in, then 401 and nothing is stored', async () => {
      await spec
        .when(() => sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdfA)])))
        .thenNothingStored(401, 'Authentication required');
    });
  });
});
