import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@ifu/storage/event-store/event-store';
import { startApi } from '../../api-server';
import { createLogger } from '../../platform/logger';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeRegisteredCustomer, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder, reviewedCustomer } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';


interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

/**
 * A counting wrapper of the EventStore port: every `readStream` (what a fold reads: `run.load`, the authentication's
 * account, a signature's record) is noted by stream while `during` runs. The API holds this very store, so the
 * wrapper sees each of its reads.
 */
function countStreamReads(store: EventStore) {
  const readStream = store.readStream.bind(store);
  let reads: string[] | undefined;
  store.readStream = (streamId, afterVersion) => {
    reads?.push(streamId);
    return readStream(streamId, afterVersion);
  };
  return {
    async during<T>(action: () => Promise<T>): Promise<{ result: T; reads: Record<string, number> }> {
      reads = [];
      try {
        const result = await action();
        const counted: Record<string, number> = {};
        for (const stream of reads) counted[stream] = (counted[stream] ?? 0) + 1;
        return { result, reads: counted };
      } finally {
        reads = undefined;
      }
    },
  };
}

/** The reads of the streams named by these ids (a background job's reads of other streams do not count). */
const of = (reads: Record<string, number>, ...ids: string[]) => Object.fromEntries(Object.entries(reads).filter(([stream]) => ids.some((id) => stream.endsWith(id))));

describe('the approval write folds each stream once, and the approver policy answers the screens (issue 22, items 12 and 13)', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let folds: ReturnType<typeof countStreamReads>;
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let admin: string;
  let customerId: string;

  const person = async (role: 'USER' | 'ADMIN', name: string): Promise<Person> => {
    const email = `${unique(`${name}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName: name, lastName: role });
    return { id, email, password, token: await t.login(email, password) };
  };
  const givenChangeOrder = () =>
    arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Fold Catheter', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], supportingFiles: ['Risk.pdf'] });
  const decide = async (who: Person, parentChangeId: string, overrides: Record<string, unknown> = {}) =>
    t.call('POST', '/document/approveDocuments', {
      token: who.token,
      headers: await reviewedChangeOrder(t, who.token, parentChangeId),
      body: { parentChangeId, approverId: who.id, documentApproval: true, username: who.email, password: who.password, ...overrides },
    });
  const view = async (who: Person, parentChangeId: string) => (await t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  /** The list row of the change order, as the caller's Documents tab shows it. */
  const row = async (who: Person, documentId: string) => {
    const list = (await t.call('GET', `/document/getDocumentList?tab=pending&page=0&pageSize=10&search=${documentId}`, { token: who.token })).body.data.list;
    return list.find((r: { documentId: string }) => r.documentId === documentId);
  };

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    folds = countStreamReads(t.store);
    approver = await person('ADMIN', 'alma');
    otherAdmin = await person('ADMIN', 'otto');
    author = await person('USER', 'ada');
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Fold Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it("a change order's approval folds the change order and the approver's downloads and credentials once each, reuses the request's fold of the approver's account, appends once, and answers from its result", async () => {
    const { parentChangeId } = await givenChangeOrder();
    await openEveryFile(t, approver.token, parentChangeId);
    const headers = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, approverId: approver.id, documentApproval: true, username: approver.email, password: approver.password, reason: 'Checked' };
    const before = await t.store.lastPosition();

    const { result: answer, reads } = await folds.during(() => t.call('POST', '/document/approveDocuments', { token: approver.token, headers, body }));

    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ message: 'Document Approved', document: { status: 'APPROVED', mayDecide: false, unopened: [] } });
    expect(answer.body.document.parentDocumentList.map((file: { opened: boolean }) => file.opened)).toEqual([true]);
    // The approver's account: the authentication folded it when the session was resumed (and this process had it
    // folded already, so it read nothing); the signature and the decision use that fold.
    expect(of(reads, parentChangeId, approver.id)).toEqual({
      [`document-${parentChangeId}`]: 1,
      [`document-files-${parentChangeId}`]: 1,
      [`user-credentials-${approver.id}`]: 1,
    });
    // One append: the decision (a signature whose credentials hold records nothing on the credentials stream).
    const appended = await t.store.readAll(before, 100);
    expect(appended.map((e) => [e.streamId, e.type])).toEqual([[`document-${parentChangeId}`, 'ChangeOrderApproved']]);
  });

  it("on an API process that has folded nothing yet (a restart, another instance), the approval reads each stream once: the approver's account once, by the authentication, for the whole request", async () => {
    const { parentChangeId } = await givenChangeOrder();
    await openEveryFile(t, approver.token, parentChangeId);
    const headers = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, approverId: approver.id, documentApproval: true, username: approver.email, password: approver.password, reason: 'Checked' };
    const cold = await startApi(
      { ...t.api.context.config, API_PORT: 0 },
      { storage: { db: t.database.db, store: t.store, close: async () => {} }, logger: createLogger({ level: 'silent', format: 'json' }), host: '127.0.0.1' },
    );
    try {
      // What the new process does at start (its emailed-link rows and printed-name claims follow the log, reading
      // accounts) finishes first: only the request's reads are counted.
      await cold.context.work.settled();
      const { result: answer, reads } = await folds.during(() =>
        fetch(`${cold.url}/document/approveDocuments`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${approver.token}` },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.document).toMatchObject({ status: 'APPROVED' });
      expect(of(reads, parentChangeId, approver.id)).toEqual({
        [`document-${parentChangeId}`]: 1,
        [`document-files-${parentChangeId}`]: 1,
        [`user-${approver.id}`]: 1,
        [`user-credentials-${approver.id}`]: 1,
      });
      } finally {
      await cold.stop();
    }
  });

  it("a refused decision (files not opened) folds the change order once and asks for no password", async () => {
    const { parentChangeId } = await givenChangeOrder();
    const headers = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, approverId: approver.id, documentApproval: true, username: approver.email, password: approver.password };
    const { result: answer, reads } = await folds.during(() => t.call('POST', '/document/approveDocuments', { token: approver.token, headers, body }));
    expect(answer.body.code).toBe('files-not-opened');
    expect(of(reads, parentChangeId, approver.id)).toEqual({ [`document-${parentChangeId}`]: 1, [`document-files-${parentChangeId}`]: 1 });
  });

  it("a customer's approval folds the customer and the approver's credentials once each, reuses the request's fold of the approver's account", async () => {
    const id = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver.id, unique('Folded Clinic '));
    const headers = await reviewedCustomer(t, approver.token, id);
    const body = { customerId: id, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Checked', changeJustification: '', username: approver.email, password: approver.password };
    const { result: answer, reads } = await folds.during(() => t.call('POST', '/customer/approve/add', { token: approver.token, headers, body }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.customer).toMatchObject({ status: 'APPROVED', canDecide: false });
    expect(of(reads, id, approver.id)).toEqual({ [`customer-${id}`]: 1, [`user-credentials-${approver.id}`]: 1 });
  });

  it("on an API process that has folded nothing yet, a customer's approval reads the approver's account once, by the authentication", async () => {
    const id = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver.id, unique('Cold Clinic '));
    const headers = await reviewedCustomer(t, approver.token, id);
    const body = { customerId: id, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Checked', changeJustification: '', username: approver.email, password: approver.password };
    const cold = await startApi(
      { ...t.api.context.config, API_PORT: 0 },
      { storage: { db: t.database.db, store: t.store, close: async () => {} }, logger: createLogger({ level: 'silent', format: 'json' }), host: '127.0.0.1' },
    );
    try {
      await cold.context.work.settled();
      const { result: answer, reads } = await folds.during(() =>
        fetch(`${cold.url}/customer/approve/add`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', authorization: `Bearer ${approver.token}` },
          body: JSON.stringify(body),
        }).then(async (response) => ({ status: response.status, body: await response.json() })),
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(of(reads, id, approver.id)).toEqual({ [`customer-${id}`]: 1, [`user-${approver.id}`]: 1, [`user-credentials-${approver.id}`]: 1 });
      } finally {
      await cold.stop();
    }
  });

  describe('who may decide, as the list, the view and the decision say it (one policy)', () => {
    const AUTHOR = 'The creator or last editor of a record cannot approve or reject it';
    const NOT_ADMIN = 'Only an active ADMIN can approve or reject';

    it('the assigned ADMIN approver may; another ADMIN and the author (a USER) may not: the list rows and the view carry the same mayDecide', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      expect(await row(approver, documentId)).toMatchObject({ mayDecide: true });
      expect((await view(approver, parentChangeId)).mayDecide).toBe(true);
      for (const who of [otherAdmin, author]) {
        expect((await row(who, documentId))?.mayDecide ?? false, who.email).toBe(false);
        expect((await view(who, parentChangeId)).mayDecide, who.email).toBe(false);
      }
      // The rows carry the answer, not who wrote the change order.
      expect(Object.keys(await row(approver, documentId))).not.toEqual(expect.arrayContaining(['createdBy']));
      expect(Object.keys(await row(approver, documentId))).not.toEqual(expect.arrayContaining(['lastEditedBy']));
    });

    it('the approver who edited the change order last may not decide: mayDecide false in the list and the view, and the decision is refused (403), nothing stored', async () => {
      const { parentChangeId, documentId } = await givenChangeOrder();
      const shown = await view(approver, parentChangeId);
      const edited = await t.call('DELETE', '/document/deleteParentFileById', {
        token: approver.token,
        headers: { 'if-match': `"${shown.version}"` },
        body: { documentParentChangeId: parentChangeId, fileId: shown.parentDocumentList[0].fileId, username: approver.email, password: approver.password },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect(edited.body.document.mayDecide).toBe(false);
      expect(await row(approver, documentId)).toMatchObject({ mayDecide: false });
      await openEveryFile(t, approver.token, parentChangeId);
      await spec.when(() => decide(approver, parentChangeId)).thenNothingStored(403, AUTHOR);
    });

    it('the approver demoted to USER may not decide: mayDecide false, and the decision is refused (403), nothing stored', async () => {
      const demotedApprover = await person('ADMIN', 'dora');
      const { parentChangeId, documentId } = await arrangeChangeOrder(t, {
        author,
        approverId: demotedApprover.id,
        customerId,
        productName: 'Fold Catheter',
        children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-2' }],
        supportingFiles: ['Risk.pdf'],
      });
      await openEveryFile(t, demotedApprover.token, parentChangeId);
      const demoted = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: demotedApprover.id, email: demotedApprover.email, firstName: 'dora', lastName: 'USER', role: 'USER', isTrainingCompleted: true },
      });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
      expect(await row(demotedApprover, documentId)).toMatchObject({ mayDecide: false });
      expect((await view(demotedApprover, parentChangeId)).mayDecide).toBe(false);
      await spec.when(() => decide(demotedApprover, parentChangeId)).thenNothingStored(403, NOT_ADMIN);
    });

    it("a customer's canDecide is the same policy: the demoted approver is no longer offered the decision", async () => {
      const demotedApprover = await person('ADMIN', 'cora');
      const id = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, demotedApprover.id, unique('Policy Clinic '));
      expect((await t.call('GET', `/customer/get/${id}`, { token: demotedApprover.token })).body.canDecide).toBe(true);
      expect((await t.call('GET', `/customer/get/${id}`, { token: otherAdmin.token })).body.canDecide).toBe(false);
      const demoted = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: demotedApprover.id, email: demotedApprover.email, firstName: 'cora', lastName: 'USER', role: 'USER', isTrainingCompleted: true },
      });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
      expect((await t.call('POST', '/customer/check/request', { token: demotedApprover.token, body: { customerId: id } })).body).toEqual({ approvalResponse: false });
    });

    it('the creator of a customer is never its approver: registering it with themselves as approver is refused (400; named by another ADMIN: customers/approval/approval.int.test.ts)', async () => {
      const creator = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
      await expect(arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, creator, unique('Self Clinic '))).rejects.toThrow(
        /400.*approverId: choose an active ADMIN other than yourself/,
      );
    });
  });
});
