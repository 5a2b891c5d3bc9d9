import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childFields, logoPart, makePdf, multipart, parentFields, pdfPart, sendForm, type FilePart } from '../../../../test-support/documents';
import { PNG_1X1 } from '../../../../test-support/images';
import { pdfPages } from '../../../../test-support/pdf-pages';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { arrangeDecision } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder, reviewedCustomer } from '../../../../test-support/reviewed-versions';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

describe('documents over HTTP: uploads, the signed change order, edits, deactivation', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Person;
  let customerId: string;
  let pdfA: Buffer;
  let pdfB: Buffer;

  const person = async (role: 'USER' | 'ADMIN', name = 'Ada Author'): Promise<Person> => {
    const email = `${unique(role === 'ADMIN' ? 'approver-' : 'author-')}@example.com`;
    const password = 'a long password 1';
    const [firstName, lastName] = name.split(' ') as [string, string];
    const id = await t.createUser({ email, role, password, firstName, lastName });
    return { id, email, password, token: await t.login(email, password) };
  };

  beforeAll(async () => {
    // A small document limit, so that an oversized file is cheap to make.
    t = await startTestApi({ DOCUMENT_MAX_BYTES: String(64 * 1024) });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = await person('ADMIN', 'Alma Approver');
    const added = await sendForm(
      t.url,
      'POST',
      '/customer/add',
      multipart(
        { customerName: unique('Clinic '), contactInformation: '5550102030', contactEmail: 'c@clinic.example', countryExclusionList: 'DE', customerWebsiteLink: 'https://clinic.example', approverId: approver.id },
        [{ field: 'customerLogo', bytes: PNG_1X1, name: 'c.png', type: 'image/png' }],
      ),
      admin,
    );
    customerId = added.body.customer.id;
    const approved = await t.call('POST', '/customer/approve/add', {
      token: approver.token,
      headers: await reviewedCustomer(t, approver.token, customerId),
      body: { customerId, customerApproverId: approver.id, customerApproval: true, changeDescription: 'ok', username: approver.email, password: approver.password },
    });
    expect(approved.status).toBe(200);
    pdfA = await makePdf('Instructions for use', 'Sterile cardiac catheter');
    pdfB = await makePdf('Risk analysis summary');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const uploadParent = async (author: Person, files: FilePart[] = [pdfPart('parentDocuments', pdfA, 'risk.pdf'), logoPart()]) => {
    const res = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, files), author.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.uploadParentDocumentFileId as string;
  };
  const uploadChild = async (author: Person, pdf = pdfB) => {
    const res = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdf, 'ifu.pdf')]), author.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.uploadChildDocumentFileId as string;
  };
  const submission = async (author: Person, overrides: Record<string, unknown> = {}, children = 1) => ({
    ...parentFields(customerId, approver.id),
    uploadParentDocumentFileId: await uploadParent(author),
    list: await Promise.all(
      Array.from({ length: children }, async (_, i) => ({ ...childFields({ associatedReferenceNumber: unique(`LOT-${i}-`) }), uploadDocumentFileId: await uploadChild(author) })),
    ),
    username: author.email,
    password: author.password,
    comments: 'Ready for review',
    ...overrides,
  });
  const submit = (author: Person, body: unknown) => t.call('POST', '/document/addDocumentListData', { token: author.token, body });
  /** A change order by `author`, awaiting `approver`'s decision. */
  const givenChangeOrder = async (author: Person, children = 2) => {
    const res = await submit(author, await submission(author, {}, children));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.document as { parentChangeId: string; documentId: string; version: number; children: { childDocumentId: string }[]; parentDocumentList: { fileId: string }[] };
  };
  /** The version the signer's screen shows (If-Match): a signed deactivation or file deletion names it. */
  const seen = (who: Person, parentChangeId: string) => reviewedChangeOrder(t, who.token, parentChangeId);
  /** The approver opens every file, then approves over HTTP. */
  const approveDirectly = async (parentChangeId: string) => {
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
  };

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
      // A child never approved: the stored file, then a last page saying it is a draft (issue 20).
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

  describe('the list and the view', () => {
    it('when change orders exist, then the Documents tab lists the pending ones and All Documents every active one, paged', async () => {
      const author = await person('USER');
      const pending = await givenChangeOrder(author, 1);
      const decided = await givenChangeOrder(author, 1);
      await approveDirectly(decided.parentChangeId);
      const pendingTab = await t.call('GET', '/document/getDocumentList?tab=pending', { token: author.token });
      const ids = (res: { body: { data: { list: { parentChangeId: string }[] } } }) => res.body.data.list.map((d) => d.parentChangeId);
      expect(ids(pendingTab)).toContain(pending.parentChangeId);
      expect(ids(pendingTab)).not.toContain(decided.parentChangeId);
      const all = await t.call('GET', '/document/getDocumentList?tab=all', { token: admin });
      expect(ids(all)).toEqual(expect.arrayContaining([pending.parentChangeId, decided.parentChangeId]));
      expect(all.body.data.list.find((d: { parentChangeId: string }) => d.parentChangeId === decided.parentChangeId)).toMatchObject({
        status: 'APPROVED',
        approverFirstName: 'Alma',
        changeType: 'General Document',
        isInternal: false,
        effectiveDate: '2026-12-01',
        childCount: 1,
      });
      const page = await t.call('GET', `/document/getDocumentList?tab=all&page=0&pageSize=10&sortField=documentId&sortOrder=desc&search=${decided.documentId}`, { token: author.token });
      expect(page.body.data).toMatchObject({ total: 1, list: [{ documentId: decided.documentId }] });
      const mine = await t.call('GET', '/document/getAllParentsForLoginUser', { token: author.token });
      expect(ids(mine).sort()).toEqual([pending.parentChangeId, decided.parentChangeId].sort());
      expect((await t.call('GET', '/document/getDocumentParents', { token: author.token })).body.data.total).toBeGreaterThanOrEqual(2);
    });

    it('when a child id is asked for, then the change order holding it answers; an unknown id is 404', async () => {
      const author = await person('USER');
      const doc = await givenChangeOrder(author);
      const res = await t.call('GET', `/document/get/${doc.children[1]!.childDocumentId}`, { token: author.token });
      expect(res).toMatchObject({ status: 200, body: { parentChangeId: doc.parentChangeId } });
      expect(res.headers.get('etag')).toBe(`"${doc.version}"`);
      expect((await t.call('GET', `/document/getSingleParentById/${doc.parentChangeId}`, { token: admin })).status).toBe(200);
      expect((await t.call('GET', '/document/get/00000000-0000-0000-0000-000000000000', { token: author.token })).body).toEqual({ code: 'document-not-found', message: 'Document not found' });
    });

    const reads = ['/document/getDocumentList', '/document/getDocumentParents', '/document/getAllParentsForLoginUser', '/document/get/x', '/document/getSingleParentById/x'];
    for (const path of reads) {
      it(`when nobody is logged in, then GET ${path} is 401`, async () => {
        expect((await t.call('GET', path)).status).toBe(401);
      });
    }
  });

  describe('signed edits while undecided', () => {
    const editParent = (author: Person, parentChangeId: string, overrides: Record<string, string> = {}, files: FilePart[] = [], headers: Record<string, string> = {}) =>
      sendForm(
        t.url,
        'PUT',
        '/document/updateParent',
        multipart(
          {
            ...(parentFields(customerId, approver.id, { isInternal: 'true', productFamilyName: 'Cardio Catheter XL' }) as unknown as Record<string, string>),
            parantChangeId: parentChangeId,
            username: author.email,
            password: author.password,
            comments: 'Renamed',
            ...overrides,
          },
          files,
        ),
        author.token,
        headers,
      );
    const editChild = (author: Person, fields: Record<string, string>, files: FilePart[] = []) =>
      sendForm(t.url, 'PUT', '/document/updateSingleChildDocument', multipart({ ...childFields(), username: author.email, password: author.password, comments: 'Fix', ...fields }, files), author.token);

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

    it('when a child is edited, then which fields changed is recorded, old and new, and a new file replaces the old', async () => {
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
              },
            },
          ],
        });
      const shown = answer.body.document.children.find((c: { childDocumentId: string }) => c.childDocumentId === child.childDocumentId);
      expect(shown).toMatchObject({ keywords: 'catheter revised', countryList: 'DE,FR,IT', docName: 'ifu-v2.pdf', comments: 'Fix' });
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
