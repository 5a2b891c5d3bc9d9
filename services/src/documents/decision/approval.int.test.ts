import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeLegacyAccessibilityProposal, openEveryFile } from '../../../../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../../../../test-support/documents';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { pdfPages } from '../../../../test-support/pdf-pages';
import { apiSpec, unique } from '../../../../test-support/specs';
import { formatAuditDate } from '../../audit';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
  firstName: string;
  lastName: string;
}

const daysAgo = (days: number, now: Date) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);

describe('Documents II over HTTP: review, signed decision, accessibility, downloads, versions, search', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let customerId: string;
  let customerName: string;

  const person = async (role: 'USER' | 'ADMIN', firstName: string, lastName: string): Promise<Person> => {
    const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName, lastName });
    return { id, email, password, firstName, lastName, token: await t.login(email, password) };
  };

  /** A change order by the author for the approver, with two children and one supporting file. */
  const givenChangeOrder = async (options: { lots?: [string, string]; effectiveDate?: string; family?: string; pdfLines?: string[] } = {}) => {
    const [lotA, lotB] = options.lots ?? [unique('LOT-A'), unique('LOT-B')];
    return arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: options.family ?? 'Cardio Catheter',
      children: [
        { lotNumber: lotA, partNumber: 'PN-100', pdfLines: options.pdfLines },
        { lotNumber: lotB, partNumber: 'PN-200' },
      ],
      supportingFiles: ['Risk assessment.pdf'],
      effectiveDate: options.effectiveDate,
    });
  };
  const view = async (parentChangeId: string, who: Person = approver) => (await t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  /** A decision as the screens send it: with the version the signer reviewed (`headers` replaces it). */
  const decide = async (who: Person, parentChangeId: string, overrides: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call('POST', '/document/approveDocuments', {
      token: who.token,
      headers: headers ?? (await reviewedChangeOrder(t, who.token, parentChangeId)),
      body: { parentChangeId, approverId: who.id, documentApproval: true, username: who.email, password: who.password, confirmPassword: who.password, ...overrides },
    });
  const download = (who: Person, id: string, purpose?: string) =>
    t.call('GET', `/document/getDocumentDownload/${id}${purpose ? `?purpose=${purpose}` : ''}`, { token: who.token });
  /** Fetches a signed file link whole (its bytes: what counts as opening the file). */
  const fetched = async (link: string) => {
    const res = await fetch(link);
    await res.arrayBuffer();
    return { status: res.status, body: undefined };
  };
  const search = (body: Record<string, unknown>, who: Person = author) => t.call('POST', '/document/searchDocuments/', { token: who.token, body });

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    approver = await person('ADMIN', 'Alma', 'Approver');
    otherAdmin = await person('ADMIN', 'Otto', 'Admin');
    author = await person('USER', 'Ada', 'Author');
    customerName = unique('Clinic ');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
  });
  afterAll(async () => {
    await t?.dispose();
  });

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

  describe('a decision is bound to the change order as reviewed, after its files were really opened (issue 19, items 4 and 12)', () => {
    const VERSION_REQUIRED = 'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';
    const signedBy = (who: Person) => ({ username: who.email, password: who.password });

    it('without If-Match, or with *, a signed decision by someone who never opened the change order is refused with 409 saying to open it; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      // The author's signed deactivations and file deletion are decisions on the record too; the author has not opened
      // the change order since submitting it (the ids come from the approver's view).
      const shown = await view(parentChangeId, approver);
      const decisions: Array<[string, Record<string, unknown>]> = [
        ['/document/deleteChildDoc', { childDocumentId: shown.children[0].childDocumentId, ...signedBy(author) }],
        ['/document/deleteParentChange', { documentParentChangeId: parentChangeId, ...signedBy(author) }],
        ['/document/deleteParentFileById', { documentParentChangeId: parentChangeId, fileId: shown.parentDocumentList[0].fileId, ...signedBy(author) }],
      ];
      for (const [path, body] of decisions) {
        await spec.when(() => t.call('DELETE', path, { token: author.token, body })).thenNothingStored(409, VERSION_REQUIRED);
        expect((await t.call('DELETE', path, { token: author.token, body, headers: { 'if-match': '*' } })).body.message, path).toBe(VERSION_REQUIRED);
      }
      expect(await view(parentChangeId)).toMatchObject({ status: 'REQUIRE_APPROVAL', version: shown.version });
    });

    it('an approval of the version reviewed, after the author changed the effective date and description, is refused with 409 naming what changed; then the new version is approved', async () => {
      const { parentChangeId } = await givenChangeOrder();
      await openEveryFile(t, approver.token, parentChangeId);
      const seen = await view(parentChangeId);
      const edited = await sendForm(
        t.url,
        'PUT',
        '/document/updateParent',
        multipart({
          ...(parentFields(customerId, approver.id, { productFamilyName: 'Cardio Catheter', effectiveDate: '15-Mar-2031', changeDescription: 'Longer balloon inflation time' }) as unknown as Record<string, string>),
          productFamilyDescription: seen.productFamilyDescription,
          changeJustification: seen.changeJustification,
          parantChangeId: parentChangeId,
          ...signedBy(author),
          comments: 'Moved the date',
        }),
        author.token,
        { 'if-match': `"${seen.version}"` },
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);

      const refused = await spec.when(() => decide(approver, parentChangeId, {}, { 'if-match': `"${seen.version}"` })).thenNothingStored(409, expect.any(String) as unknown as string);
      expect(refused.body.code).toBe('changed-since-review');
      expect(refused.body.message).toContain(`you reviewed version ${seen.version}; it is now version ${seen.version + 1}`);
      expect(refused.body.message).toContain('effectiveDate: "');
      expect(refused.body.message).toContain('→ "2031-03-15"');
      expect(refused.body.message).toContain('changeDescription: "Instructions for use of Cardio Catheter" → "Longer balloon inflation time"');
      expect((await view(parentChangeId)).status).toBe('REQUIRE_APPROVAL');
      // Reviewed again (the files are unchanged, so still opened): the decision at the new version is recorded.
      expect((await decide(approver, parentChangeId)).body.document).toMatchObject({ status: 'APPROVED', effectiveDate: '2031-03-15' });
    });

    it('a file counts as opened only when its bytes were fetched through the link, not when the link was issued', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const shown = await view(parentChangeId);
      const ids = [...shown.parentDocumentList.map((f: { fileId: string }) => f.fileId), ...shown.children.map((c: { childDocumentId: string }) => c.childDocumentId)];
      const links: string[] = [];
      for (const id of ids) {
        const { answer } = await spec.when(() => download(approver, id)).then({ status: 200, events: [] });
        links.push(answer.body.documentPath);
      }
      expect((await view(parentChangeId)).unopened).toHaveLength(ids.length);
      const refused = await spec.when(() => decide(approver, parentChangeId)).thenNothingStored(409, expect.stringContaining('Not opened yet') as unknown as string);
      expect(refused.body.code).toBe('files-not-opened');
      // A HEAD request fetches no bytes: nothing recorded.
      await spec
        .when(async () => {
          const res = await fetch(links[0]!, { method: 'HEAD' });
          return { status: res.status, body: undefined };
        })
        .then({ status: 200, events: [] });
      for (const [index, link] of links.entries()) {
        const { events } = await spec
          .when(() => fetched(link))
          .then({ status: 200, events: [{ stream: `document-files-${parentChangeId}`, type: 'DocumentFileDownloaded', data: { downloadedBy: approver.id, purpose: 'download' } }] });
        expect(events[0]!.metadata.actor).toMatchObject({ type: 'user', userId: approver.id, email: approver.email });
        expect((await view(parentChangeId)).unopened).toHaveLength(ids.length - index - 1);
      }
      expect((await decide(approver, parentChangeId)).body.document).toMatchObject({ status: 'APPROVED' });
    });

    it('the ids the view and the files-not-opened refusal name as unopened are the ids the download call takes', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const { unopened } = await view(parentChangeId);
      expect(unopened).toHaveLength(3);
      expect((await decide(approver, parentChangeId)).body.code).toBe('files-not-opened');
      for (const { fileId, docName } of unopened as Array<{ fileId: string; docName: string }>) {
        const answer = await download(approver, fileId);
        expect({ status: answer.status, docName: answer.body.docName }, fileId).toEqual({ status: 200, docName });
        expect((await fetch(answer.body.documentPath)).status).toBe(200);
      }
      expect((await view(parentChangeId)).unopened).toEqual([]);
      expect((await decide(approver, parentChangeId)).status).toBe(200);
    });
  });

  describe('POST /document/update/IsInternal', () => {
    it('an ADMIN switches an approved change order Offline at once (an event with who and why); a USER, anonymous and a pending change order are refused', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      const body = { parentDocumentChangeId: parentChangeId, isInternal: true, reason: 'Recalled for relabelling' };
      await spec.when(() => t.call('POST', '/document/update/IsInternal', { token: otherAdmin.token, body })).thenNothingStored(
        409,
        'Accessibility of a change order awaiting approval is changed by editing it (Edit parent)',
      );
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
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

  describe('downloads: signed links for one file and one purpose, for minutes', () => {
    it('a link serves the PDF with RFC 6266 Content-Disposition, cannot be bent to another file, and expires', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const [first, second] = (await view(parentChangeId, author)).children as { childDocumentId: string; docName: string; sha256: string }[];
      const link = (await download(author, first!.childDocumentId)).body.documentPath as string;
      const served = await fetch(link);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('application/pdf');
      expect(served.headers.get('content-disposition')).toBe(`inline; filename="${first!.docName}"; filename*=UTF-8''${encodeURIComponent(first!.docName)}`);
      expect(served.headers.get('cache-control')).toBe('private, no-store');
      await served.arrayBuffer();
      const other = (await t.call('GET', `/document/getDocumentDownload/${second!.childDocumentId}`, { token: author.token })).body.documentPath as string;
      const otherFileId = new URL(other).pathname.split('/').at(-1)!;
      const bent = link.replace(/\/document\/file\/([^/]+)\/[^?]+/, `/document/file/$1/${otherFileId}`);
      expect((await fetch(bent)).status).toBe(404);
      expect((await fetch(link.replace('purpose=download', 'purpose=manifest'))).status).toBe(404);
      expect((await fetch(link.replace(/signature=[^&]+/, 'signature=AAAA'))).status).toBe(404);
      t.clock.advance(6 * 60_000);
      const expired = await fetch(link);
      expect({ status: expired.status, body: await expired.json() }).toEqual({ status: 404, body: { code: 'file-link-invalid', message: 'This download link is not valid or has expired' } });
    });

    it('anonymous is 401, an unknown id 404, a manifest of a pending document 409; nothing stored', async () => {
      const { parentChangeId } = await givenChangeOrder();
      const child = (await view(parentChangeId, author)).children[0];
      await spec.when(() => t.call('GET', `/document/getDocumentDownload/${child.childDocumentId}`)).thenNothingStored(401, 'Authentication required');
      await spec.when(() => download(author, '00000000-0000-4000-8000-000000000000')).thenNothingStored(404, 'Document not found');
      await spec.when(() => download(author, child.childDocumentId, 'manifest')).thenNothingStored(409, 'Only an approved document has a signature manifest');
      await spec.when(() => download(author, child.childDocumentId, 'print')).thenNothingStored(400, 'purpose must be download or manifest');
      // A HEAD request opens nothing: no download is recorded.
      await spec
        .when(async () => {
          const res = await fetch(`${t.url}/document/getDocumentDownload/${child.childDocumentId}`, { method: 'HEAD', headers: { authorization: `Bearer ${author.token}` } });
          return { status: res.status, body: undefined };
        })
        .then({ status: 204, events: [] });
      // An expiry written with a leading zero is another spelling of the link: refused.
      const link = (await download(author, child.childDocumentId)).body.documentPath as string;
      expect((await fetch(link.replace(/expires=(\d+)/, 'expires=0$1'))).status).toBe(404);
    });

    it('a child downloads with its currency page last (its version, date of issue and permalinks), a supporting file as stored; the stored file is unchanged', async () => {
      const { parentChangeId } = await givenChangeOrder({ effectiveDate: '2031-03-15' });
      const pending = await view(parentChangeId, author);
      const child = pending.children[0] as { childDocumentId: string; documentNumber: string; sha256: string };
      const bytesOf = async (id: string) => {
        const res = await fetch((await download(author, id)).body.documentPath);
        return { stamp: res.headers.get('currency-stamp'), bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const stored = async (sha256: string) => {
        const chunks: Buffer[] = [];
        for await (const chunk of (await t.api.context.files.open(sha256)).stream) chunks.push(chunk as Buffer);
        return Buffer.concat(chunks);
      };
      const supporting = pending.parentDocumentList[0] as { fileId: string; sha256: string };
      const file = await bytesOf(supporting.fileId);
      expect({ stamp: file.stamp, same: file.bytes.equals(await stored(supporting.sha256)) }).toEqual({ stamp: null, same: true });
      expect((await pdfPages((await bytesOf(child.childDocumentId)).bytes)).at(-1)).toContain('Draft: not approved');

      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const original = await stored(child.sha256);
      const served = await bytesOf(child.childDocumentId);
      expect(served.stamp).toBe('added');
      expect(served.bytes.subarray(0, original.length).equals(original)).toBe(true);
      const last = (await pdfPages(served.bytes)).at(-1)!;
      expect(last).toContain(`Check that this copy is current: http://localhost:3001/p/${child.documentNumber} Version 1, issued 15 Mar 2031`);
      expect(last).toContain(`This version: http://localhost:3001/p/${child.documentNumber}/v/1`);
      expect(await stored(child.sha256)).toEqual(original);
    });

    it('an approved child downloads with a final manifest page naming its signers, then its currency page; the stored original is unchanged', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const child = (await view(parentChangeId, author)).children[0];
      const original = Buffer.from(await (await fetch((await download(author, child.childDocumentId)).body.documentPath)).arrayBuffer());
      const answer = await download(author, child.childDocumentId, 'manifest');
      expect(answer.status).toBe(200);
      let signed: Response | undefined;
      const { events } = await spec
        .when(async () => {
          signed = await fetch(answer.body.documentPath);
          return { status: signed.status, body: undefined };
        })
        .then({ status: 200 });
      expect(events.map((e) => [e.type, (e.data as { purpose: string }).purpose])).toEqual([['DocumentFileDownloaded', 'manifest']]);
      if (!signed) throw new Error('not fetched');
      expect(signed.status).toBe(200);
      expect(signed.headers.get('content-disposition')).toContain('(signed).pdf');
      const bytes = new Uint8Array(await signed.arrayBuffer());
      const pdf = await getDocumentProxy(bytes);
      const { totalPages, text } = await extractText(pdf, { mergePages: false });
      expect(totalPages).toBe(3);
      const manifest = (text as string[]).at(-2)!.replace(/\s+/g, ' ');
      expect((text as string[]).at(-1)!.replace(/\s+/g, ' ')).toContain(`Version 1, issued`);
      for (const expected of ['Electronic signature manifest', 'Ada Author', 'Authorship', 'Alma Approver', 'Approval', documentId, child.documentNumber, child.sha256.slice(0, 20), 'UTC']) {
        expect(manifest).toContain(expected);
      }
      // The stored original still has its own checksum.
      const again = Buffer.from(await (await fetch((await download(author, child.childDocumentId)).body.documentPath)).arrayBuffer());
      expect(again.equals(original)).toBe(true);
    });
  });

  describe('versions and the internal search', () => {
    it('a later approved change order supersedes the same reference and part number; search shows current versions, Archive Search the old', async () => {
      const now = t.clock.now();
      const lot = unique('LOT-V');
      const family = unique('Versioned Stent ');
      const first = await givenChangeOrder({ lots: [lot, unique('LOT-W')], effectiveDate: daysAgo(20, now), family });
      await arrangeDecision(t, { parentChangeId: first.parentChangeId, approver, approve: true });
      const second = await givenChangeOrder({ lots: [lot, unique('LOT-X')], effectiveDate: daysAgo(1, now), family, pdfLines: ['IFU, revision 2'] });
      // Pending: not yet a version of anything.
      expect((await view(first.parentChangeId, author)).children[0]).toMatchObject({ archived: false, supersededBy: null });
      await arrangeDecision(t, { parentChangeId: second.parentChangeId, approver, approve: true });

      const old = (await view(first.parentChangeId, author)).children[0];
      const current = (await view(second.parentChangeId, author)).children[0];
      expect(old).toMatchObject({ archived: true, obsoleteDate: daysAgo(1, now), supersededBy: { childDocumentId: current.childDocumentId, documentNumber: current.documentNumber } });
      expect(current.versions).toEqual([
        {
          childDocumentId: old.childDocumentId,
          documentNumber: old.documentNumber,
          parentChangeId: first.parentChangeId,
          documentId: first.documentId,
          effectiveDate: daysAgo(20, now),
          obsoleteDate: daysAgo(1, now),
          changes: [{ field: 'sha256', old: old.sha256, new: current.sha256 }],
        },
      ]);
      // The second child had no earlier version.
      expect((await view(second.parentChangeId, author)).children[1].versions).toEqual([]);

      const currentHits = await search({ keyword: lot });
      expect(currentHits.body.data.list.map((hit: { childDocumentId: string }) => hit.childDocumentId)).toEqual([current.childDocumentId]);
      const archived = await search({ keywords: lot, isArchieveSearch: true });
      expect(archived.body.data.list).toMatchObject([{ childDocumentId: old.childDocumentId, archived: true, obsoleteDate: daysAgo(1, now) }]);
    });

    it('finds a word that appears only inside the PDF, accent-insensitive, with a highlighted snippet', async () => {
      const word = `zyxto${unique().replace(/\d/g, 'q')}`;
      const { parentChangeId } = await givenChangeOrder({ pdfLines: ['Gebrauchsanweisung', `Die Sterilisation des Katheters mit ${word} ist verboten.`] });
      const hits = await search({ keywords: word });
      expect(hits.status).toBe(200);
      expect(hits.body.data.list).toHaveLength(1);
      const [hit] = hits.body.data.list;
      expect(hit).toMatchObject({ parentChangeId, status: 'REQUIRE_APPROVAL', customerName, productName: 'Cardio Catheter', changeOrderNo: expect.stringMatching(/^CO-/) });
      expect(hit.snippet.filter((part: { match: boolean }) => part.match).map((part: { text: string }) => part.text.toLowerCase())).toContain(word);
      // German stemming and accents: 'Stérilisation' finds 'Sterilisation' in a German PDF.
      const stemmed = await search({ keywords: `stérilisation ${word}` });
      expect(stemmed.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toEqual([parentChangeId]);
    });

    it('finds a document by a fragment of its number, and filters by change order, product and customer', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder({ family: 'Filtered Pump' });
      const number = documentId.slice(-5);
      const byFragment = await search({ keywords: number });
      expect(byFragment.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toContain(parentChangeId);
      const combined = await search({ changeOrderNumber: documentId.slice(3), productName: 'filtered', customerName });
      expect(combined.body.data.list.map((h: { parentChangeId: string }) => h.parentChangeId)).toEqual([parentChangeId, parentChangeId]);
      const otherCustomer = await search({ changeOrderNo: documentId, customerName: 'No Such Clinic' });
      expect(otherCustomer).toMatchObject({ status: 200, body: { data: { list: [] }, message: 'No Data Found' } });
    });

    it('anonymous is 401; a rejected or deactivated document is not found; bad input is 400', async () => {
      await spec.when(() => t.call('POST', '/document/searchDocuments/', { body: { keywords: 'x' } })).thenNothingStored(401, 'Authentication required');
      const { parentChangeId, documentId } = await givenChangeOrder();
      await arrangeDecision(t, { parentChangeId, approver, approve: false, reason: 'No' });
      expect((await search({ changeOrderNo: documentId })).body.data.list).toEqual([]);
      expect((await search({ keywords: 'x'.repeat(201) })).body.message).toBe('keywords must be at most 200 characters');
      expect((await search({ keywords: 'a\u0000b' })).body.message).toBe('keywords must not contain control characters');
      expect((await search({ isArchieveSearch: 'yes' })).body.message).toBe('isArchieveSearch must be true or false');
      // A body that is not JSON is refused, not read as an empty search.
      const text = await fetch(`${t.url}/document/searchDocuments/`, { method: 'POST', body: 'keywords=x', headers: { authorization: `Bearer ${author.token}`, 'content-type': 'text/plain' } });
      expect((await text.json()).message).toBe('Request body must be a JSON object');
      // One word forty times, or query syntax, is an ordinary search (the words are taken once each, at most 12).
      for (const keywords of [Array(40).fill('a').join(' '), `"steril* & | ! ( ) : <-> \\ %_' OR 1=1 --`, 'x'.repeat(200)]) {
        expect((await search({ keywords })).status, keywords).toBe(200);
      }
    });
  });

  describe('GET /document/getProductByCustomer/:id', () => {
    it('lists the approved product families of a customer, once each; anonymous 401; unknown customer 404', async () => {
      const family = unique('Listed Family ');
      const { parentChangeId } = await givenChangeOrder({ family });
      const pendingFamily = unique('Pending Family ');
      await givenChangeOrder({ family: pendingFamily });
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      const answer = await t.call('GET', `/document/getProductByCustomer/${customerId}`, { token: author.token });
      expect(answer.status).toBe(200);
      const names = answer.body.data.list.map((p: { productFamilyName: string }) => p.productFamilyName);
      expect(names).toContain(family);
      expect(names).not.toContain(pendingFamily);
      expect(answer.body.data.list.find((p: { productFamilyName: string }) => p.productFamilyName === family)).toEqual({ parentChangeId, productFamilyName: family });
      expect((await t.call('GET', `/document/getProductByCustomer/${customerId}`)).status).toBe(401);
      expect((await t.call('GET', '/document/getProductByCustomer/00000000-0000-4000-8000-000000000000', { token: author.token })).body).toEqual({ code: 'customer-not-found', message: 'Customer not found' });
    });
  });
});
