import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPages } from '../../../../test-support/pdf-pages';
import type { apiSpec } from '../../../../test-support/specs';
import type { TestApi } from '../../../../test-support/test-api';
import { type AuthoringApi, authoringSteps, type Person, startAuthoringApi } from './authoring-api.fixtures';

describe('documents over HTTP: uploads, the signed change order, edits, deactivation', () => {
  let api: AuthoringApi;
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let approver: Person;
  let customerId: string;
  let pdfB: Buffer;

  beforeAll(async () => {
    api = await startAuthoringApi();
    ({ t, spec, approver, customerId, pdfB } = api);
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { person, submission, submit } = authoringSteps(() => api);

  describe('POST /document/addDocumentListData', () => {
    it('when an author submits a change order with two children and signs it, then it is numbered, pending, and its files are kept', async () => {
      const author = await person('USER');
      const body = await submission(author, {}, 2);
      const stagedBefore = (await t.api.context.files.count()).staged;
      const { answer, events } = await spec.when(() => submit(author, body)).then({
        status: 200,
        body: { message: expect.stringMatching(/^Document CO-\d{4}-\d{5} Added Succesfully\.\.!!$/), parentChangeId: expect.any(String), documentId: expect.stringMatching(/^CO-\d{4}-\d{5}$/) },
      });
      expect(events.map((e) => e.type)).toEqual([
        'DocumentUploadUsed',
        'DocumentUploadUsed',
        'DocumentUploadUsed',
        'ChangeOrderNumberAssigned',
        'ChangeOrderCreated',
        'ChildDocumentAdded',
        'ChildDocumentAdded',
      ]);
      const created = events.find((e) => e.type === 'ChangeOrderCreated')!;
      expect(created.streamId).toBe(`document-${answer.body.parentChangeId}`);
      expect(created.data).toMatchObject({
        details: { productFamilyName: 'Cardio Catheter', effectiveDate: '2026-12-01', isInternal: false, changeType: 'General Document' },
        signature: { signerId: author.id, email: author.email, name: 'Ada Author', meaning: 'authorship' },
        comments: 'Ready for review',
        files: [{ docName: 'risk.pdf', sha256: expect.stringMatching(/^[0-9a-f]{64}$/) }],
      });
      const doc = answer.body.document;
      const documentId = answer.body.documentId as string;
      expect(doc).toMatchObject({
        status: 'REQUIRE_APPROVAL',
        documentId,
        approvalRoutingNumber: documentId.replace('CO-', 'AR-'),
        customerId,
        approver: { id: approver.id, email: approver.email, firstName: 'Alma' },
        editable: true,
        effectiveDate: '2026-12-01',
      });
      expect(doc.children.map((c: { documentNumber: string }) => c.documentNumber)).toEqual([`${documentId}-01`, `${documentId}-02`]);
      expect((await t.api.context.files.count()).staged).toBe(stagedBefore - 4);
      // Each file opens through the download call: a signed link that works without a token and serves the PDF.
      const link = await t.call('GET', `/document/getDocumentDownload/${doc.children[0].childDocumentId}`, { token: author.token });
      const file = await fetch(link.body.documentPath);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      // A child never approved: the stored file, then a last page saying it is a draft.
      const served = Buffer.from(await file.arrayBuffer());
      expect(file.headers.get('currency-stamp')).toBe('added');
      expect(served.subarray(0, pdfB.length).equals(pdfB)).toBe(true);
      expect((await pdfPages(served)).at(-1)).toContain(`Draft: not approved Document ${doc.children[0].documentNumber} has not been approved.`);
    });

    it('when two change orders are submitted at once, then they get consecutive numbers', async () => {
      const author = await person('USER');
      const [one, two] = await Promise.all([submission(author), submission(author)]);
      const answers = await Promise.all([submit(author, one), submit(author, two)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const numbers = answers.map((a) => Number(String(a.body.documentId).slice(-5))).sort((a, b) => a - b);
      expect(numbers[1]! - numbers[0]!).toBe(1);
    });

    const missing: Array<[string, string]> = [
      ['changeType', 'changeType: Select Type'],
      ['productFamilyName', 'productFamilyName: Enter Product Family Name'],
      ['approverId', 'approverId: Select Approver'],
      ['isInternal', 'isInternal: Select Internal'],
      ['customerId', 'customerId: Select Customer'],
      ['effectiveDate', 'effectiveDate: Select Effective Date'],
      ['changeDescription', 'changeDescription: Enter Description of Change'],
      ['changeJustification', 'changeJustification: Enter Justification of Change'],
      ['uploadParentDocumentFileId', 'uploadParentDocumentFileId: Select Document Logo'],
      ['username', 'username: Enter Username'],
      ['password', 'password: Enter Password'],
      ['comments', 'comments: Enter Comments'],
    ];
    for (const [field, message] of missing) {
      it(`when ${field} is missing, then 400 '${message}' and nothing is stored`, async () => {
        const author = await person('USER');
        const body: Record<string, unknown> = await submission(author);
        delete body[field];
        await spec.when(() => submit(author, body)).thenNothingStored(400, message);
      });
    }

    const childMissing: Array<[string, string]> = [
      ['associatedReferenceNumber', 'list.0.associatedReferenceNumber: Enter IFU Number'],
      ['productSubFamilyNameOne', 'list.0.productSubFamilyNameOne: Enter Part Number'],
      ['billMaterialInformation', 'list.0.billMaterialInformation: Enter Bill of Material'],
      ['changeDescription', 'list.0.changeDescription: Enter Description of Change'],
      ['changeJustification', 'list.0.changeJustification: Enter Justification of Change'],
      ['countryList', 'list.0.countryList: Select Country'],
      ['uploadDocumentFileId', 'list.0.uploadDocumentFileId: Select a document'],
      ['keywords', 'list.0.keywords: Enter Keywords'],
      ['languageList', 'list.0.languageList: Select Language'],
    ];
    for (const [field, message] of childMissing) {
      it(`when a child's ${field} is missing, then 400 '${message}' and nothing is stored`, async () => {
        const author = await person('USER');
        const body = await submission(author);
        delete (body.list[0] as Record<string, unknown>)[field];
        await spec.when(() => submit(author, body)).thenNothingStored(400, message);
      });
    }

    const invalid: Array<[string, (body: Record<string, unknown> & { list: Record<string, unknown>[] }) => void, string]> = [
      ['an unknown country', (b) => (b.list[0]!.countryList = 'DE,XX'), 'list.0.countryList: XX is not an ISO 3166-1 country code'],
      ['an unknown language', (b) => (b.list[0]!.languageList = 'de,zz'), 'list.0.languageList: zz is not an ISO 639-1 language code'],
      ['an empty country list', (b) => (b.list[0]!.countryList = ' , '), 'list.0.countryList: Select Country'],
      ['an effective date that is not DD-MMM-YYYY', (b) => (b.effectiveDate = '2026-12-01'), 'effectiveDate must be a date like 23-Nov-2026'],
      ['a day that does not exist', (b) => (b.effectiveDate = '31-Feb-2027'), 'effectiveDate must be a date like 23-Nov-2026'],
      ['an unknown change type', (b) => (b.changeType = 'Memo'), 'changeType: Select Type'],
      ['a control character in a name', (b) => (b.productFamilyName = 'Cardio\u0007'), 'productFamilyName must not contain control characters'],
      ['an overlong keyword list', (b) => (b.list[0]!.keywords = 'k'.repeat(501)), 'list.0.keywords must be at most 500 characters'],
      ['no children', (b) => (b.list = []), 'list: Select a document'],
    ];
    for (const [what, change, message] of invalid) {
      it(`when the change order has ${what}, then 400 '${message}' and nothing is stored`, async () => {
        const author = await person('USER');
        const body = (await submission(author)) as Record<string, unknown> & { list: Record<string, unknown>[] };
        change(body);
        await spec.when(() => submit(author, body)).thenNothingStored(400, message);
      });
    }

    it('when the approver is the author, a USER or not active, then 400 and no change order', async () => {
      const author = await person('ADMIN', 'Adam Admin');
      const aUser = await person('USER');
      for (const approverId of [author.id, aUser.id]) {
        const res = await submit(author, await submission(author, { approverId }));
        expect(res.body).toEqual({ code: 'approver-not-eligible', message: 'approverId: choose an active ADMIN other than yourself' });
      }
    });

    it('when the customer is not approved, then 400 and no change order', async () => {
      const author = await person('USER');
      const res = await submit(author, await submission(author, { customerId: approver.id }));
      expect(res).toMatchObject({ status: 400, body: { code: 'customer-not-approved' } });
    });

    it('when the password is wrong, then 403, the failure counts toward lockout, and no change order', async () => {
      const author = await person('USER');
      const body = await submission(author, { password: 'wrong password 123' });
      const { events } = await spec.when(() => submit(author, body)).then({ status: 403, body: { code: 'signature-refused' } });
      expect(events.map((e) => [e.streamId, e.type])).toEqual([[`user-credentials-${author.id}`, 'CredentialCheckFailed']]);
    });

    it("when another account's valid credentials are given, then 403 and it counts toward the author's lockout", async () => {
      const author = await person('USER');
      const other = await person('USER');
      const body = await submission(author, { username: other.email, password: other.password });
      const { events } = await spec.when(() => submit(author, body)).then({ status: 403, body: { code: 'signature-refused' } });
      expect(events.map((e) => [e.streamId, e.type])).toEqual([[`user-credentials-${author.id}`, 'CredentialCheckFailed']]);
    });

    it('when an upload is used twice or by someone else, then 400 naming the field', async () => {
      const author = await person('USER');
      const other = await person('USER');
      const body = await submission(author);
      expect((await submit(author, body)).status).toBe(200);
      expect((await submit(author, body)).body.message).toMatch(/^uploadParentDocumentFileId: this upload is unknown, already used/);
      const fresh = await submission(author);
      const theirs = await submit(other, { ...fresh, username: other.email, password: other.password });
      expect(theirs).toMatchObject({ status: 400, body: { code: 'upload-unusable' } });
    });

    it('when nobody is logged in, then 401', async () => {
      expect((await t.call('POST', '/document/addDocumentListData', { body: {} })).status).toBe(401);
    });
  });
});
