import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childTextFields, type ChildDocumentView, toDayMonthYear } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../../../../test-support/document-arrangements';
import { makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { documentsVocabulary } from '../audit';
import { AuditDictionary } from '../../platform/audit-vocabulary';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers field by field */
type View = any;

describe('Revise and resubmit over HTTP (issue 22): POST /document/reviseChangeOrder', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let colleague: Person;
  let customerId: string;

  const person = async (role: 'USER' | 'ADMIN', firstName: string): Promise<Person> => {
    const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName, lastName: 'Reviser' });
    return { id, email, password, token: await t.login(email, password) };
  };
  const view = async (parentChangeId: string, who: Person = author): Promise<View> => (await t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;

  /** A change order by `who` with two children and one supporting file, rejected by the approver with a reason. */
  const givenRejected = async (who: Person = author) => {
    const order = await arrangeChangeOrder(t, {
      author: who,
      approverId: approver.id,
      customerId,
      productName: 'Cardio Catheter',
      children: [
        { lotNumber: unique('LOT-A'), partNumber: 'PN-100' },
        { lotNumber: unique('LOT-B'), partNumber: 'PN-200' },
      ],
      supportingFiles: ['Risk assessment.pdf'],
    });
    await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: false, reason: 'Lot B leaflet is the old revision' });
    return order;
  };

  /** The body the wizard sends when revising `rejected` as it is: its fields, and every stored file kept. */
  const reviseBody = (rejected: View, who: Person = author, overrides: Record<string, unknown> = {}) => ({
    revises: rejected.parentChangeId,
    changeType: rejected.changeType,
    productFamilyName: rejected.productFamilyName,
    approverId: rejected.approverId,
    isInternal: rejected.isInternal,
    customerId: rejected.customerId,
    effectiveDate: toDayMonthYear(rejected.effectiveDate),
    changeDescription: rejected.changeDescription,
    changeJustification: rejected.changeJustification,
    username: who.email,
    password: who.password,
    comments: 'Revised after the rejection',
    keepFileIds: rejected.parentDocumentList.map((file: { fileId: string }) => file.fileId),
    list: rejected.children.map((child: ChildDocumentView) => ({ ...childTextFields(child), keepFileOf: child.childDocumentId })),
    ...overrides,
  });
  const revise = (body: unknown, who: Person = author) => t.call('POST', '/document/reviseChangeOrder', { token: who.token, body });

  /** The bytes a staff download link serves for `id` (a supporting file's id or a child's; their first `firstBytes`), as their SHA-256. */
  const downloadedSha256 = async (who: Person, id: string, firstBytes?: number) => {
    const link = await t.call('GET', `/document/getDocumentDownload/${id}`, { token: who.token });
    expect(link.status).toBe(200);
    const file = await fetch(link.body.documentPath);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    return createHash('sha256').update(firstBytes === undefined ? bytes : bytes.subarray(0, firstBytes)).digest('hex');
  };

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    approver = await person('ADMIN', 'Alma');
    otherAdmin = await person('ADMIN', 'Otto');
    author = await person('USER', 'Ada');
    colleague = await person('USER', 'Carl');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('the author revises a rejected change order: the new one has its fields, files and children, both are linked, and its files download without another upload', async () => {
    const { parentChangeId, documentId } = await givenRejected();
    const rejected = await view(parentChangeId);
    expect(rejected).toMatchObject({ status: 'REJECTED', reason: 'Lot B leaflet is the old revision', mayRevise: true, revises: null, revisedBy: null });
    for (const who of [approver, otherAdmin, colleague]) expect((await view(parentChangeId, who)).mayRevise, who.email).toBe(false);

    const filesBefore = await t.api.context.files.count();
    const body = reviseBody(rejected);
    body.list[1].changeDescription = 'Leaflet of lot B brought to the current revision';
    const { answer, events } = await spec.when(() => revise(body)).then({
      status: 200,
      body: {
        message: expect.stringMatching(/^Document CO-\d{4}-\d{5} Added Succesfully\.\.!!$/),
        document: { status: 'REQUIRE_APPROVAL', revises: { parentChangeId, documentId }, revisedBy: null, mayRevise: false, editable: true },
      },
    });
    const revision: View = answer.body.document;
    const revisionRef = { parentChangeId: revision.parentChangeId, documentId: revision.documentId };
    // The link is recorded on the rejected change order's stream, just before the revision itself.
    const types = events.map((e) => `${e.streamId} ${e.type}`);
    expect(types).toContain(`document-${parentChangeId} ChangeOrderRevised`);
    expect(types.indexOf(`document-${parentChangeId} ChangeOrderRevised`)).toBeLessThan(types.indexOf(`document-${revision.parentChangeId} ChangeOrderCreated`));
    expect(events.find((e) => e.type === 'ChangeOrderRevised')!.data).toEqual({ parentChangeId, documentId, revision: revisionRef, revisedBy: author.id });
    expect(events.find((e) => e.type === 'ChangeOrderCreated')!.data).toMatchObject({ revises: { parentChangeId, documentId }, createdBy: author.id, signature: { signerId: author.id, meaning: 'authorship' } });

    // Fields, files and children carried over; nothing was uploaded or stored again.
    expect(revision).toMatchObject({
      productFamilyName: rejected.productFamilyName,
      changeType: rejected.changeType,
      customerId: rejected.customerId,
      approverId: rejected.approverId,
      effectiveDate: rejected.effectiveDate,
      changeDescription: rejected.changeDescription,
      changeJustification: rejected.changeJustification,
      comments: 'Revised after the rejection',
      reason: null,
    });
    expect(revision.documentId).not.toBe(documentId);
    expect(revision.parentDocumentList.map((f: View) => [f.docName, f.sha256])).toEqual(rejected.parentDocumentList.map((f: View) => [f.docName, f.sha256]));
    expect(revision.parentDocumentList[0].fileId).not.toBe(rejected.parentDocumentList[0].fileId);
    expect(revision.children.map((c: View) => [c.associatedReferenceNumber, c.docName, c.sha256, c.documentNumber])).toEqual(
      rejected.children.map((c: View, index: number) => [c.associatedReferenceNumber, c.docName, c.sha256, `${revision.documentId}-0${index + 1}`]),
    );
    expect(revision.children[1].changeDescription).toBe('Leaflet of lot B brought to the current revision');
    expect(await t.api.context.files.count()).toEqual(filesBefore);

    // Both ends show the link; the rejected one is revised once.
    expect(await view(parentChangeId)).toMatchObject({ status: 'REJECTED', revisedBy: revisionRef, mayRevise: false });
    expect(await view(revision.parentChangeId, approver)).toMatchObject({ revises: { parentChangeId, documentId }, mayDecide: true });

    // The approver opens the revision's files: the stored bytes, served without another upload.
    expect(await downloadedSha256(approver, revision.parentDocumentList[0].fileId)).toBe(rejected.parentDocumentList[0].sha256);
    // A child's download is its stored PDF with a currency page appended: its first bytes are the stored file.
    for (const [index, child] of revision.children.entries()) {
      expect(await downloadedSha256(approver, child.childDocumentId, child.size)).toBe(rejected.children[index].sha256);
    }

    // The audit report names the link from both sides.
    const describe = (type: string) => new AuditDictionary([documentsVocabulary]).describe(events.find((e) => e.type === type)!).action;
    expect(describe('ChangeOrderRevised')).toBe(`Revision of rejected change order ${documentId} started as ${revision.documentId}`);
    expect(describe('ChangeOrderCreated')).toContain(`, a revision of rejected change order ${documentId} (electronic signature)`);
  });

  it('a revision may replace files: a new PDF for a child, a new supporting file uploaded without a logo (the rejected one’s is kept), a kept file dropped', async () => {
    const { parentChangeId } = await givenRejected();
    const rejected = await view(parentChangeId);
    const parentUpload = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true', revising: 'true' }, [pdfPart('parentDocuments', await makePdf('Usability report'), 'Usability report.pdf')]), author.token);
    expect(parentUpload).toMatchObject({ status: 200, body: { fileDetails: [{ docName: 'Usability report.pdf', role: 'supporting' }] } });
    const childUpload = await sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', await makePdf('IFU lot B, revision 2'), 'IFU lot B rev 2.pdf')]), author.token);
    expect(childUpload.status).toBe(200);

    const body = reviseBody(rejected, author, { keepFileIds: [], uploadParentDocumentFileId: parentUpload.body.uploadParentDocumentFileId });
    const { keepFileOf: _kept, ...second } = body.list[1];
    body.list[1] = { ...second, uploadDocumentFileId: childUpload.body.uploadChildDocumentFileId };
    const answer = await revise(body);
    expect(answer.status).toBe(200);
    const revision: View = answer.body.document;
    expect(revision.parentDocumentList.map((f: View) => f.docName)).toEqual(['Usability report.pdf']);
    expect(revision.children.map((c: View) => c.docName)).toEqual([rejected.children[0].docName, 'IFU lot B rev 2.pdf']);
    expect(revision.children[0].sha256).toBe(rejected.children[0].sha256);
    expect(revision.children[1].sha256).not.toBe(rejected.children[1].sha256);
    // The rejected change order's logo is the revision's.
    const logo = await fetch(revision.parentDocumentLogoUrl);
    expect(logo.status).toBe(200);
    await logo.arrayBuffer();
  });

  it('the product description is carried over: a revision that gives none keeps the rejected change order\'s own; one given replaces it', async () => {
    const rejectedWith = async (productDescription: string) => {
      const order = await arrangeChangeOrder(t, {
        author,
        approverId: approver.id,
        customerId,
        productName: 'Coronary stent',
        productDescription,
        children: [{ lotNumber: unique('LOT-S'), partNumber: 'PN-300' }],
      });
      await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: false, reason: 'Sizes table wrong' });
      return view(order.parentChangeId);
    };
    const kept = await rejectedWith('Coronary stents in three sizes');
    expect(kept.productFamilyDescription).toBe('Coronary stents in three sizes');
    const revised = await revise(reviseBody(kept, author, { changeDescription: 'Sizes table corrected' }));
    expect(revised.status).toBe(200);
    expect(revised.body.document).toMatchObject({ productFamilyDescription: 'Coronary stents in three sizes', changeDescription: 'Sizes table corrected' });

    const replaced = await rejectedWith('Coronary stents');
    const given = await revise(reviseBody(replaced, author, { productFamilyDescription: 'Coronary stents, 2027 range' }));
    expect(given.status).toBe(200);
    expect(given.body.document.productFamilyDescription).toBe('Coronary stents, 2027 range');
  });

  it('refused, with nothing stored: not rejected (pending, approved), not its author (a colleague, an ADMIN, the approver), revised already, unknown', async () => {
    const pending = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Pending', children: [{ lotNumber: unique('LOT-P'), partNumber: 'PN-1' }] });
    const approved = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Approved', children: [{ lotNumber: unique('LOT-Q'), partNumber: 'PN-2' }] });
    await arrangeDecision(t, { parentChangeId: approved.parentChangeId, approver, approve: true });
    for (const { parentChangeId } of [pending, approved]) {
      const current = await view(parentChangeId);
      expect(current.mayRevise).toBe(false);
      await spec.when(() => revise(reviseBody(current))).thenNothingStored(409, 'Only a rejected change order can be revised and resubmitted');
    }

    const { parentChangeId } = await givenRejected();
    const rejected = await view(parentChangeId);
    for (const who of [colleague, otherAdmin, approver]) {
      await spec.when(() => revise(reviseBody(rejected, who), who)).thenNothingStored(403, 'Only the author of this change order can revise and resubmit it');
    }

    const first = await revise(reviseBody(rejected));
    expect(first.status).toBe(200);
    await spec
      .when(() => revise(reviseBody(rejected)))
      .thenNothingStored(409, `This change order has already been revised and resubmitted as ${first.body.documentId}`);

    await spec.when(() => revise(reviseBody({ ...rejected, parentChangeId: '00000000-0000-4000-8000-000000000000' }))).thenNothingStored(404, 'Document not found');
  });

  it('two revisions of one rejected change order at once: exactly one is recorded', async () => {
    const { parentChangeId } = await givenRejected();
    const rejected = await view(parentChangeId);
    const answers = await Promise.all([revise(reviseBody(rejected)), revise(reviseBody(rejected))]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const created = (await t.store.readAll(0, 100_000)).filter((e) => e.type === 'ChangeOrderCreated' && (e.data as View).revises?.parentChangeId === parentChangeId);
    expect(created).toHaveLength(1);
  });

  it('bad input is 400 naming the field, nothing stored: files not of the rejected change order, a child without a file, no revises; an empty revising upload', async () => {
    const { parentChangeId } = await givenRejected();
    const rejected = await view(parentChangeId);
    const other = await view((await givenRejected()).parentChangeId);
    await spec
      .when(() => revise(reviseBody(rejected, author, { keepFileIds: [other.parentDocumentList[0].fileId] })))
      .thenNothingStored(400, 'keepFileIds.0: not a file of the change order being revised');
    const foreignChild = reviseBody(rejected);
    foreignChild.list[0].keepFileOf = other.children[0].childDocumentId;
    await spec.when(() => revise(foreignChild)).thenNothingStored(400, 'list.0.keepFileOf: not a file of the change order being revised');

    const noFile = reviseBody(rejected);
    delete noFile.list[0].keepFileOf;
    await spec
      .when(() => revise(noFile))
      .thenNothingStored(400, 'list.0.uploadDocumentFileId: Select a document (upload one, or keep the file of a child of the rejected change order)');
    const { revises: _revises, ...noRevises } = reviseBody(rejected);
    await spec.when(() => revise(noRevises)).thenNothingStored(400, 'revises is required (the rejected change order)');

    await spec
      .when(() => sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true', revising: 'true' }), author.token))
      .thenNothingStored(400, 'parentDocuments: Select a document');
    await spec
      .when(() => sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true', revising: 'maybe' }), author.token))
      .thenNothingStored(400, 'revising must be true or false');
  });

  it('who may ask: anonymous is 401; an author deactivated since is refused; a wrong password is refused', async () => {
    const { parentChangeId } = await givenRejected();
    const rejected = await view(parentChangeId);
    await spec.when(() => t.call('POST', '/document/reviseChangeOrder', { body: reviseBody(rejected) })).thenNothingStored(401, 'Authentication required');

    const wrong = await revise(reviseBody(rejected, author, { password: 'not the password' }));
    expect(wrong).toMatchObject({ status: 403, body: { message: 'Signature refused: enter your own username and password.' } });

    const leaving = await person('USER', 'Lea');
    const own = await givenRejected(leaving);
    const ownRejected = await view(own.parentChangeId, leaving);
    expect(ownRejected.mayRevise).toBe(true);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const deactivated = await t.call('DELETE', '/user/delete', {
      token: admin,
      headers: await reviewedUser(t, admin, leaving.id),
      body: { id: leaving.id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(deactivated.status).toBe(200);
    const refused = await spec.when(() => revise(reviseBody(ownRejected, leaving), leaving)).thenNothingStored(401, 'Your session has ended. Please log in again.');
    expect(refused.status).toBe(401);
  });
});
