import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safetyNoticeStreamId, toDayMonthYear } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { childFields, multipart, parentFields, sendForm } from '../../../test-support/documents';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from '../audit';
import { permalinkOf } from '../eifu';
import { sealSearchLink, forgetVisitor } from '../public-portal';
import { SAFETY_NOTICE_SUBJECT, sendSafetyNotices } from './commands';

const DAY_MS = 86_400_000;


interface Version {
  parentChangeId: string;
  documentId: string;
  /** By IFU Number: the child's id and document number. */
  children: Record<string, { childDocumentId: string; documentNumber: string }>;
}

/** Safety revisions reach past readers: the mails, who gets none, the counts, the audit. */
describe('safety notices over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let approver: Signer;
  let author: Credentials;
  let customerId: string;

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    approver = { id: '', email: 'safety.approver@example.com', password: 'safety approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password, firstName: 'Sam', lastName: 'Approver' });
    author = { email: 'safety.author@example.com', password: 'safety author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Safety Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const today = () => t.clock.now().toISOString().slice(0, 10);
  const viewOf = async (parentChangeId: string) => {
    const answer = await t.call('GET', `/document/get/${parentChangeId}`, { token: await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { safetyRevision: boolean; safetyNotices: { notified: number; opened: number } | null; children: Array<{ childDocumentId: string; documentNumber: string; associatedReferenceNumber: string }> };
  };
  /** A version of a family (same product, IFU and part numbers as the earlier one), approved. */
  const version = async (productName: string, lots: string[], options: { safetyRevision?: boolean; effectiveDate?: string } = {}): Promise<Version> => {
    const created = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName, ...options, children: lots.map((lot) => ({ lotNumber: lot, partNumber: 'PN-5' })) });
    await arrangeDecision(t, { parentChangeId: created.parentChangeId, approver, approve: true });
    const view = await viewOf(created.parentChangeId);
    return { ...created, children: Object.fromEntries(view.children.map((c) => [c.associatedReferenceNumber, { childDocumentId: c.childDocumentId, documentNumber: c.documentNumber }])) };
  };
  /** A download through the emailed search link of the family `familyId` names (recorded as PublicDocumentDownloaded). */
  const download = async (email: string, familyId: string, childDocumentId: string) => {
    const token = sealSearchLink(t.api.context.secrets.linkSecret, { customerId, parentChangeId: familyId }, email, new Date(t.clock.now().getTime() + 30 * DAY_MS));
    const answer = await t.call('POST', '/module2/getDocumentURL', { body: { docId: childDocumentId, encryptedUserEmail: token, country: 'DE' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };
  const noticesTo = (email: string) => t.mails().filter((m) => m.subject === SAFETY_NOTICE_SUBJECT && m.to.includes(email));
  const noticeEvents = async (parentChangeId: string) => (await t.store.readStream(safetyNoticeStreamId(parentChangeId))).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

  it('when a safety revision is approved, then each visitor who downloaded a superseded version through an emailed link gets one mail naming the documents with the new permalinks; a forgotten visitor gets nothing; the view counts them', async () => {
    const [lotA, lotB] = [unique('LOT-A-'), unique('LOT-B-')];
    const first = await version('Safety Stent', [lotA, lotB]);
    const [alice, bob, carol, dave] = ['alice', 'bob', 'carol', 'dave'].map((name) => `${unique(`${name}.`)}@clinic.example`) as [string, string, string, string];
    await download(alice, first.parentChangeId, first.children[lotA]!.childDocumentId);
    await download(bob, first.parentChangeId, first.children[lotA]!.childDocumentId);
    await download(bob, first.parentChangeId, first.children[lotA]!.childDocumentId);
    await download(bob, first.parentChangeId, first.children[lotB]!.childDocumentId);
    await download(carol, first.parentChangeId, first.children[lotB]!.childDocumentId);
    expect(await forgetVisitor(t.api.context.db, t.api.context.secrets.linkSecret, carol)).toBe(1);
    // Dave read another family only.
    const other = await version('Other Stent', [unique('LOT-O-')]);
    await download(dave, other.parentChangeId, Object.values(other.children)[0]!.childDocumentId);

    const revision = await version('Safety Stent', [lotA, lotB], { safetyRevision: true });
    const [newA, newB] = [revision.children[lotA]!, revision.children[lotB]!];
    // Two runs at once (two API processes): each notice is recorded and mailed by one of them.
    const runs = await Promise.all([sendSafetyNotices(t.api.context), sendSafetyNotices(t.api.context)]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect(runs.map((r) => [r.erased, r.failed])).toEqual([[1, 0], [1, 0]]);

    const [toAlice, toBob] = [noticesTo(alice), noticesTo(bob)];
    expect(toAlice).toHaveLength(1);
    expect(toAlice[0]!.text).toContain(`Safety Stent, part number PN-5: document ${first.children[lotA]!.documentNumber} is replaced by document ${newA.documentNumber}`);
    expect(toAlice[0]!.text).toContain(permalinkOf(t.api.context.config, newA.documentNumber));
    expect(toAlice[0]!.text).not.toContain(newB.documentNumber);
    expect(toBob).toHaveLength(1);
    for (const [old, now] of [[first.children[lotA]!, newA], [first.children[lotB]!, newB]] as const) {
      expect(toBob[0]!.text).toContain(`document ${old.documentNumber} is replaced by document ${now.documentNumber}`);
      expect(toBob[0]!.text).toContain(permalinkOf(t.api.context.config, now.documentNumber));
    }
    expect(noticesTo(carol)).toEqual([]);
    expect(noticesTo(dave)).toEqual([]);

    // One notice a visitor, by id only: no address in the log.
    const events = await noticeEvents(revision.parentChangeId);
    expect(events.map((e) => e.type)).toEqual(['SafetyNoticeSent', 'SafetyNoticeSent']);
    for (const email of [alice, bob, carol]) expect(JSON.stringify(events)).not.toContain(email.split('@')[0]!);
    expect(await viewOf(revision.parentChangeId)).toMatchObject({ safetyRevision: true, safetyNotices: { notified: 2, opened: 0 } });

    // A run again (a restart), or two again at once, sends nothing twice.
    const again = await Promise.all([sendSafetyNotices(t.api.context), sendSafetyNotices(t.api.context)]);
    expect(again.map((r) => r.sent)).toEqual([0, 0]);
    expect([noticesTo(alice).length, noticesTo(bob).length]).toEqual([1, 1]);
    expect(await noticeEvents(revision.parentChangeId)).toHaveLength(2);

    // Alice opens the new version through her emailed link: counted once, however often.
    await download(alice, first.parentChangeId, newA.childDocumentId);
    await download(alice, first.parentChangeId, newA.childDocumentId);
    // Dave's download of the new version counts for nothing: he was not notified.
    await download(dave, first.parentChangeId, newA.childDocumentId);
    await t.api.context.commands.caughtUp(['safety-notices']);
    expect((await viewOf(revision.parentChangeId)).safetyNotices).toEqual({ notified: 2, opened: 1 });

    // The audit CSV: each notice by visitor id, without the address.
    const day = formatAuditDate(t.clock.now());
    const csv = await (await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${await t.login(ADMIN_EMAIL, ADMIN_PASSWORD)}` } })).text();
    const lines = csv.split(/\r?\n/).filter((line) => line.includes(`Safety revision ${revision.documentId}`));
    expect(lines).toHaveLength(2);
    expect(lines.join('\n')).toContain(`document ${first.children[lotA]!.documentNumber} replaced by ${newA.documentNumber}`);
    for (const email of [alice, bob]) expect(lines.join('\n')).not.toContain(email);
  });

  it('when a revision that is not a safety revision supersedes a document, then its readers get nothing and the view shows no counts', async () => {
    const lot = unique('LOT-P-');
    const first = await version('Plain Stent', [lot]);
    const reader = `${unique('erin.')}@clinic.example`;
    await download(reader, first.parentChangeId, first.children[lot]!.childDocumentId);
    const revision = await version('Plain Stent', [lot], { safetyRevision: false });
    await sendSafetyNotices(t.api.context);
    expect(noticesTo(reader)).toEqual([]);
    expect(await noticeEvents(revision.parentChangeId)).toEqual([]);
    expect(await viewOf(revision.parentChangeId)).toMatchObject({ safetyRevision: false, safetyNotices: null });
  });

  it('when a safety revision supersedes a version someone asked a paper copy of, then they get one notice too, saying why they get it', async () => {
    const lot = unique('LOT-PC-');
    const first = await version('Paper Stent', [lot]);
    const [paperOnly, both] = [`${unique('petra.')}@clinic.example`, `${unique('paul.')}@clinic.example`];
    for (const email of [paperOnly, both]) {
      const asked = await t.call('POST', '/module2/paperCopyRequest', {
        body: { name: 'Petra Paper', address: 'Ward 3\nHauptstrasse 1\n8000 Zürich', email, documentNumber: first.children[lot]!.documentNumber, version: 1, quantity: 1 },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    }
    await download(both, first.parentChangeId, first.children[lot]!.childDocumentId);
    const revision = await version('Paper Stent', [lot], { safetyRevision: true });
    expect((await sendSafetyNotices(t.api.context)).sent).toBe(2);
    const [toPaper, toBoth] = [noticesTo(paperOnly), noticesTo(both)];
    expect(toPaper).toHaveLength(1);
    expect(toPaper[0]!.text).toContain(`document ${first.children[lot]!.documentNumber} is replaced by document ${revision.children[lot]!.documentNumber}`);
    expect(toPaper[0]!.text).toContain('because you asked for a paper copy of the earlier version with this address');
    expect(toBoth).toHaveLength(1);
    expect(toBoth[0]!.text).toContain('because you downloaded the earlier version through a search link');
    // Once only, however often the job runs.
    expect((await sendSafetyNotices(t.api.context)).sent).toBe(0);
    expect(noticesTo(paperOnly)).toHaveLength(1);
  });

  it('when the mailer refuses a notice, then it is recorded as not delivered, not counted, and the next run sends it', async () => {
    const lot = unique('LOT-F-');
    const first = await version('Fragile Stent', [lot]);
    const reader = `${unique('fay.')}@clinic.example`;
    await download(reader, first.parentChangeId, first.children[lot]!.childDocumentId);
    const mailer = t.api.context.mailer;
    const send = mailer.send.bind(mailer);
    let refused = 0;
    mailer.send = async (message) => {
      if (message.subject === SAFETY_NOTICE_SUBJECT && refused === 0) {
        refused += 1;
        throw Object.assign(new Error('451 try later'), { code: 'EENVELOPE' });
      }
      return send(message);
    };
    try {
      const revision = await version('Fragile Stent', [lot], { safetyRevision: true });
      expect(await sendSafetyNotices(t.api.context)).toMatchObject({ sent: 0, failed: 1 });
      expect(noticesTo(reader)).toEqual([]);
      expect((await viewOf(revision.parentChangeId)).safetyNotices).toEqual({ notified: 0, opened: 0 });
      expect(await sendSafetyNotices(t.api.context)).toMatchObject({ sent: 1, failed: 0 });
      expect(noticesTo(reader)).toHaveLength(1);
      expect((await noticeEvents(revision.parentChangeId)).map((e) => e.type)).toEqual(['SafetyNoticeSent', 'SafetyNoticeNotDelivered', 'SafetyNoticeSent']);
      expect((await viewOf(revision.parentChangeId)).safetyNotices).toEqual({ notified: 1, opened: 0 });
    } finally {
      mailer.send = send;
    }
  });

  describe('the flag on the change order', () => {
    it('when the wizard or Edit parent sends safetyRevision that is not true or false, then 400 names the field and nothing is stored', async () => {
      const token = await t.login(author.email, author.password);
      const wizard = (safetyRevision: unknown) => ({
        ...parentFields(customerId, approver.id),
        safetyRevision,
        username: author.email,
        password: author.password,
        comments: 'Safety revision',
        uploadParentDocumentFileId: '00000000-0000-4000-8000-000000000001',
        list: [{ ...childFields(), uploadDocumentFileId: '00000000-0000-4000-8000-000000000002' }],
      });
      for (const bad of ['yes', 1, null, ['true'], {}]) {
        await spec.when(() => t.call('POST', '/document/addDocumentListData', { token, body: wizard(bad) })).thenNothingStored(400, 'safetyRevision must be true or false');
      }
      const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Edited Stent', children: [{ lotNumber: unique('LOT-E-'), partNumber: 'PN-5' }] });
      const editParent = (safetyRevision: string) =>
        sendForm(
          t.url,
          'PUT',
          '/document/updateParent',
          multipart({
            ...(parentFields(customerId, approver.id, { productFamilyName: 'Edited Stent', changeDescription: 'Instructions for use of Edited Stent', changeJustification: 'Regulatory update' }) as unknown as Record<string, string>),
            effectiveDate: toDayMonthYear(today()),
            isInternal: 'false',
            parantChangeId: parentChangeId,
            safetyRevision,
            username: author.email,
            password: author.password,
            comments: 'Marked a safety revision',
          }),
          token,
        );
      await spec.when(() => editParent('maybe')).thenNothingStored(400, 'safetyRevision must be true or false');
      // Edit parent marks it: recorded as a changed field, old and new; the view shows it.
      await spec.when(() => editParent('true')).then({
        status: 200,
        events: [{ stream: `document-${parentChangeId}`, type: 'ChangeOrderUpdated', data: { changes: [{ field: 'safetyRevision', old: 'false', new: 'true' }] } }],
      });
      expect(await viewOf(parentChangeId)).toMatchObject({ safetyRevision: true, safetyNotices: { notified: 0, opened: 0 } });
    });
  });

  // Last: it moves the server's clock by days.
  it('when a safety revision takes effect on a later day, then its readers are mailed on that day, not before', async () => {
    const lot = unique('LOT-L-');
    const first = await version('Later Stent', [lot]);
    const reader = `${unique('gil.')}@clinic.example`;
    await download(reader, first.parentChangeId, first.children[lot]!.childDocumentId);
    const effective = new Date(t.clock.now().getTime() + 2 * DAY_MS).toISOString().slice(0, 10);
    const revision = await version('Later Stent', [lot], { safetyRevision: true, effectiveDate: effective });
    expect(today() < effective).toBe(true);
    await sendSafetyNotices(t.api.context);
    t.clock.advance(DAY_MS);
    await sendSafetyNotices(t.api.context);
    expect(noticesTo(reader)).toEqual([]);
    expect(await noticeEvents(revision.parentChangeId)).toEqual([]);
    t.clock.advance(DAY_MS);
    expect(today()).toBe(effective);
    expect(await sendSafetyNotices(t.api.context)).toMatchObject({ sent: 1 });
    expect(noticesTo(reader)).toHaveLength(1);
    expect(noticesTo(reader)[0]!.text).toContain(permalinkOf(t.api.context.config, revision.children[lot]!.documentNumber));
  });
});
