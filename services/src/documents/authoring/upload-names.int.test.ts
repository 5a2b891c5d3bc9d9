import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import { pdfPolyglot } from '../../../../test-support/hostile-pdfs';
import { apiSpec, unique } from '../../../../test-support/specs';
import { startTestApi, type TestApi } from '../../../../test-support/test-api';

/**
 * A document upload must be a PDF that parses (not '%PDF-' followed by HTML or SVG), keeps a
 * `.pdf` name, and its name is stored as UTF-8 (NFC) without control or bidirectional characters.
 */
describe('document uploads: a PDF that parses, and its name (issue 19, finding 8)', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let token: string;
  let pdf: Buffer;

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    const email = `${unique('names-')}@example.com`;
    await t.createUser({ email, role: 'USER', password: 'a long password 1' });
    token = await t.login(email, 'a long password 1');
    pdf = await makePdf('Instructions for use');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const upload = (bytes: Buffer, name: string) =>
    sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', bytes, name)]), token);

  const polyglots: Array<[string, Buffer, string]> = [
    ['%PDF- followed by HTML, named .html', pdfPolyglot('html'), 'ifu.html'],
    ['%PDF- followed by SVG, named .svg', pdfPolyglot('svg'), 'ifu.svg'],
    ['%PDF- followed by HTML, named .pdf', pdfPolyglot('html'), 'ifu.pdf'],
    ['%PDF- followed by text that is no PDF body', Buffer.from('%PDF-1.7\nthis is not really a PDF body\n%%EOF\n'), 'ifu.pdf'],
  ];
  for (const [what, bytes, name] of polyglots) {
    it(`when a file is ${what}, then 400 'must be a PDF document' and nothing is stored`, async () => {
      await spec.when(() => upload(bytes, name)).thenNothingStored(400, 'The document must be a PDF document');
    });
  }

  it('when a name carries other C0 controls, then the form is refused as malformed (400) and nothing is stored', async () => {
    await spec.when(() => upload(pdf, '\u0007ifu\u001b.pdf')).thenNothingStored(400, 'The form could not be read: Malformed part header');
  });

  for (const [what, sent] of [
    ['a space', ' .pdf'],
    ['a zero-width space', '\u200b.pdf'],
    ['nothing', '.pdf'],
  ]) {
    it(`when a PDF's name is ${what} before its extension, then 400 naming the field and nothing is stored`, async () => {
      const answer = await spec.when(() => upload(pdf, sent!)).thenNothingStored(400, 'The document has no file name before its extension');
      expect(answer.body.fields).toEqual([{ field: 'childMainDocument', message: 'The document has no file name before its extension' }]);
    });
  }

  const names: Array<[string, string, string]> = [
    ['a UTF-8 name', 'résumé.pdf', 'résumé.pdf'],
    ['a UTF-8 name in decomposed form (NFD)', 're\u0301sume\u0301.pdf', 'résumé.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe.pdf'],
    ['C1 controls and bidirectional marks and isolates', 'ifu\u0085\u009b\u200f\u2066x\u2069\u061c\u200e.pdf', 'ifux.pdf'],
    ['a tab (the one C0 control a part header carries)', '\tifu\t.pdf', 'ifu.pdf'],
    ['an .html name on a real PDF', 'ifu.html', 'ifu.html.pdf'],
    ['an .svg name on a real PDF', 'logo.svg', 'logo.svg.pdf'],
    ['a .PDF name', 'IFU.PDF', 'IFU.PDF'],
    ['a name of nothing but controls', '\u202E\u0085', 'document.pdf'],
    ['zero-width space, word joiner and byte-order mark', 'i\u200bf\u2060u\ufeff.pdf', 'ifu.pdf'],
    ['a division slash and a fraction slash', 'lot\u221542\u20441.pdf', 'lot_42_1.pdf'],
    ['a stack of combining marks', 'ifu\u0301\u0302\u0303\u0304\u0305.pdf', 'ifu\u0301\u0302.pdf'.normalize('NFC')],
  ];
  for (const [what, sent, stored] of names) {
    it(`when a PDF is uploaded under ${what}, then it is kept as '${stored}'`, async () => {
      const { answer } = await spec.when(() => upload(pdf, sent)).then({
        status: 200,
        events: [{ stream: /^document-upload-/, type: 'DocumentFilesUploaded', data: { files: [{ docName: stored }] } }],
      });
      expect(answer.body.fileDetails[0].docName, JSON.stringify(answer.body)).toBe(stored);
    });
  }
});
