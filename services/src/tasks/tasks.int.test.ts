import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, childTextFields, type ChildDocumentView, type MyTask, toDayMonthYear } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, openEveryFile } from '../../../test-support/document-arrangements';
import { expectNone } from '../../../test-support/list-expectations';
import { reviewedChangeOrder, reviewedCustomer, reviewedUser } from '../../../test-support/reviewed-versions';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers field by field */
type View = any;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * My tasks over HTTP: each kind appears for whom it waits and disappears once done; who sees what is decided by their
 * account as it is now. Each test arranges records of its own (the people are shared; none is changed but the ones a
 * test makes for itself).
 */
describe('My tasks: GET /tasks/mine and /tasks/mine/count', () => {
  let t: TestApi;
  let registrar: Person;
  let approver: Person;
  let otherAdmin: Person;
  let author: Person;
  let colleague: Person;
  let customerId: string;

  const person = async (role: 'USER' | 'ADMIN', firstName: string): Promise<Person> => {
    const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName, lastName: 'Tasks' });
    return { id, email, password, token: await t.login(email, password) };
  };
  const mine = async (who: Person): Promise<MyTask[]> => {
    const answer = await t.call('GET', '/tasks/mine', { token: who.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const count = await t.call('GET', '/tasks/mine/count', { token: who.token });
    expect(count.body.count, 'the side menu counts what the list shows').toBe(answer.body.count);
    expect(answer.body.count).toBe(answer.body.tasks.length);
    return answer.body.tasks;
  };
  /** The tasks of one record, as `kind` list. */
  const kindsOf = async (who: Person, recordId: string) => (await mine(who)).filter((task) => task.recordId === recordId).map((task) => task.kind);
  const view = async (parentChangeId: string, who: Person = author): Promise<View> => (await t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  const givenPending = (productName = unique('Catheter '), by: Person = author) =>
    arrangeChangeOrder(t, { author: by, approverId: approver.id, customerId, productName, children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
  /** A customer form as Manage Customer sends it, for `approverId`. */
  const customerForm = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return form;
  };
  const customerFields = (name: string, approverId: string) => ({
    customerName: name,
    contactInformation: '4930901820',
    contactEmail: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    countryExclusionList: 'DE,US',
    customerWebsiteLink: 'https://example.com',
    approverId,
  });
  const editCustomer = async (id: string, fields: Record<string, string>, who: Person = registrar) => {
    const response = await fetch(`${t.url}/customer/update`, { method: 'PUT', body: customerForm({ ...fields, id }), headers: { authorization: `Bearer ${who.token}` } });
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const decideCustomer = async (id: string, who: Person, approve: boolean) => {
    const answer = await t.call('POST', '/customer/approve/add', {
      token: who.token,
      headers: await reviewedCustomer(t, who.token, id),
      body: { customerId: id, customerApproverId: who.id, customerApproval: approve, changeDescription: 'Customer approval', changeJustification: approve ? '' : 'Not ours', username: who.email, password: who.password },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApi();
    registrar = { id: '', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, token: await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) };
    approver = await person('ADMIN', 'Alma');
    otherAdmin = await person('ADMIN', 'Otto');
    author = await person('USER', 'Ada');
    colleague = await person('USER', 'Carl');
    customerId = await arrangeApprovedCustomer(t, registrar, approver, unique('Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('a submitted change order waits for its approver only, with its number, product, link and label; approved, it goes and its author is told', async () => {
    const productName = unique('Cardio Catheter ');
    const { parentChangeId, documentId } = await givenPending(productName);
    const [task] = (await mine(approver)).filter((task) => task.recordId === parentChangeId);
    expect(task).toEqual({
      id: `approve-change-order:${parentChangeId}`,
      kind: 'approve-change-order',
      label: 'Approve change order',
      recordId: parentChangeId,
      recordNumber: documentId,
      title: productName,
      link: `/document/view/${parentChangeId}`,
      since: expect.any(String),
      dueDate: null,
      overdue: false,
      detail: null,
      blockedReason: null,
    });
    for (const who of [otherAdmin, author, colleague]) expect(await kindsOf(who, parentChangeId), who.email).toEqual([]);

    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    expect(await kindsOf(approver, parentChangeId)).toEqual([]);
    const [told] = (await mine(author)).filter((task) => task.recordId === parentChangeId);
    expect(told).toMatchObject({ kind: 'change-order-approved', label: 'Approved', recordNumber: documentId, link: `/document/view/${parentChangeId}` });
    expect(await kindsOf(colleague, parentChangeId)).toEqual([]);
  });

  it('the newest task comes first', async () => {
    const first = await givenPending();
    const second = await givenPending();
    const ids = (await mine(approver)).map((task) => task.recordId);
    expect(ids.indexOf(second.parentChangeId)).toBeLessThan(ids.indexOf(first.parentChangeId));
    expect(ids.indexOf(second.parentChangeId)).toBeGreaterThanOrEqual(0);
  });

  it('a rejected change order is its author\'s to revise, with the reason; revised, it goes and the revision waits for the approver', async () => {
    const { parentChangeId } = await givenPending();
    await arrangeDecision(t, { parentChangeId, approver, approve: false, reason: 'Lot B leaflet is the old revision' });
    const [task] = (await mine(author)).filter((each) => each.recordId === parentChangeId);
    expect(task).toMatchObject({ kind: 'revise-change-order', label: 'To revise', detail: 'Lot B leaflet is the old revision', link: `/document/view/${parentChangeId}` });
    expect(await kindsOf(approver, parentChangeId)).toEqual([]);

    const rejected = await view(parentChangeId);
    const revised = await t.call('POST', '/document/reviseChangeOrder', {
      token: author.token,
      body: {
        revises: parentChangeId,
        changeType: rejected.changeType,
        productFamilyName: rejected.productFamilyName,
        approverId: rejected.approverId,
        isInternal: rejected.isInternal,
        customerId: rejected.customerId,
        effectiveDate: toDayMonthYear(rejected.effectiveDate),
        changeDescription: rejected.changeDescription,
        changeJustification: rejected.changeJustification,
        username: author.email,
        password: author.password,
        comments: 'Revised after the rejection',
        keepFileIds: rejected.parentDocumentList.map((file: { fileId: string }) => file.fileId),
        list: rejected.children.map((child: ChildDocumentView) => ({ ...childTextFields(child), keepFileOf: child.childDocumentId })),
      },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(200);
    expect(await kindsOf(author, parentChangeId)).toEqual([]);
    expect(await kindsOf(approver, revised.body.parentChangeId)).toEqual(['approve-change-order']);
  });

  it('a change order deactivated before its decision waits for nobody', async () => {
    const { parentChangeId } = await givenPending();
    const answer = await t.call('DELETE', '/document/deleteParentChange', {
      token: author.token,
      headers: await reviewedChangeOrder(t, author.token, parentChangeId),
      body: { documentParentChangeId: parentChangeId, username: author.email, password: author.password },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await kindsOf(approver, parentChangeId)).toEqual([]);
  });

  it('an approved change order whose review date is near is a periodic review for every ADMIN but its authors; reviewed, it goes', async () => {
    const { parentChangeId } = await givenPending();
    await openEveryFile(t, approver.token, parentChangeId);
    const reviewDate = addDays(utcDay(t.clock.now()), 10);
    const approved = await t.call('POST', '/document/approveDocuments', {
      token: approver.token,
      headers: await reviewedChangeOrder(t, approver.token, parentChangeId),
      body: { parentChangeId, documentApproval: true, username: approver.email, password: approver.password, reviewDate },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [task] = (await mine(otherAdmin)).filter((each) => each.recordId === parentChangeId);
    expect(task).toMatchObject({ kind: 'periodic-review', label: 'Periodic review due', dueDate: reviewDate, overdue: false, link: `/document/view/${parentChangeId}` });
    expect(await kindsOf(approver, parentChangeId)).toEqual(['periodic-review']);
    // Its author is told of the approval, but a USER (and its author) does not review it.
    expect(await kindsOf(author, parentChangeId)).toEqual(['change-order-approved']);
    expect(await kindsOf(colleague, parentChangeId)).toEqual([]);

    const reviewed = await t.call('POST', '/document/periodicReview/complete', {
      token: otherAdmin.token,
      headers: await reviewedChangeOrder(t, otherAdmin.token, parentChangeId),
      body: { parentChangeId, outcome: 'still-valid', comments: 'Checked', username: otherAdmin.email, password: otherAdmin.password },
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    expect(await kindsOf(otherAdmin, parentChangeId)).toEqual([]);
  });

  it('a registered customer waits for its approver, linked to Manage Customer; rejected, it goes; edited since, it is back; approved, it goes', async () => {
    const name = unique('Waiting Clinic ');
    const id = await arrangeRegisteredCustomer(t, registrar, approver.id, name);
    const [task] = (await mine(approver)).filter((each) => each.recordId === id);
    expect(task).toMatchObject({ kind: 'approve-customer', label: 'Approve customer', recordNumber: name, title: 'New customer', link: `/managecustomer?customer=${id}`, blockedReason: null });
    for (const who of [otherAdmin, colleague]) expect(await kindsOf(who, id)).toEqual([]);

    await decideCustomer(id, approver, false);
    expect(await kindsOf(approver, id)).toEqual([]);
    await editCustomer(id, { ...customerFields(name, approver.id), contactInformation: '4930901899' });
    expect((await mine(approver)).filter((each) => each.recordId === id)).toMatchObject([{ kind: 'approve-customer', title: 'Edited since its rejection' }]);
    await decideCustomer(id, approver, true);
    expect(await kindsOf(approver, id)).toEqual([]);
  });

  it('a change to an approved customer waits for the approver it names, until decided', async () => {
    const name = unique('Changing Clinic ');
    const id = await arrangeApprovedCustomer(t, registrar, approver, name);
    await editCustomer(id, { ...customerFields(name, otherAdmin.id), customerWebsiteLink: 'https://new.example.com' });
    expect((await mine(otherAdmin)).filter((each) => each.recordId === id)).toMatchObject([
      { kind: 'approve-customer-change', label: 'Approve customer change', recordNumber: name, link: `/managecustomer?customer=${id}` },
    ]);
    expect(await kindsOf(approver, id)).toEqual([]);
    await decideCustomer(id, otherAdmin, false);
    expect(await kindsOf(otherAdmin, id)).toEqual([]);
  });

  it('an approver who edited the record still sees the task, saying why they cannot approve it', async () => {
    const name = unique('Edited Clinic ');
    const id = await arrangeRegisteredCustomer(t, registrar, approver.id, name);
    await editCustomer(id, { ...customerFields(name, approver.id), contactInformation: '4930901877' }, approver);
    expect((await mine(approver)).filter((each) => each.recordId === id)).toMatchObject([
      { kind: 'approve-customer', blockedReason: 'You created or last edited it, so you cannot approve it: an ADMIN can reassign it to another approver.' },
    ]);
  });

  it('a paper copy to dispatch is every ADMIN\'s, never a USER\'s; dispatched, it goes', async () => {
    const { parentChangeId } = await givenPending();
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const documentNumber = (await view(parentChangeId)).children[0].documentNumber as string;
    const requested = await t.call('POST', '/module2/paperCopyRequest', {
      body: { name: 'Rea Der', address: 'Main Street 1\n10115 Berlin', email: `${unique('reader-')}@example.com`, documentNumber, version: 1, quantity: 2 },
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    const requestId = requested.body.requestId as string;
    for (const who of [approver, otherAdmin]) {
      expect((await mine(who)).filter((task) => task.recordId === requestId), who.email).toMatchObject([
        { kind: 'dispatch-paper-copy', label: 'Paper copy to dispatch', recordNumber: documentNumber, dueDate: requested.body.dueDate, link: '/paperCopies' },
      ]);
    }
    for (const who of [author, colleague]) expectNone(await mine(who), (task) => task.kind === 'dispatch-paper-copy', who.email);
    expect((await t.call('POST', `/paperCopyRequests/${requestId}/dispatch`, { token: otherAdmin.token })).status).toBe(200);
    expect(await kindsOf(approver, requestId)).toEqual([]);
  });

  it('an approver who is no longer an ADMIN sees no approval, and nothing of the ADMINs; made ADMIN again, they do', async () => {
    const former = await person('ADMIN', 'Fred');
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: former.id,
      customerId,
      productName: unique('Stent '),
      children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-2' }],
    });
    expect(await kindsOf(former, parentChangeId)).toEqual(['approve-change-order']);
    const modify = (role: 'USER' | 'ADMIN') =>
      t.call('PUT', '/user/modify', {
        token: registrar.token,
        body: { id: former.id, email: former.email, firstName: 'Fred', lastName: 'Tasks', role, isTrainingCompleted: true },
      });
    expect((await modify('USER')).status).toBe(200);
    expect(await mine(former)).toEqual([]);
    expect((await t.call('GET', '/tasks/mine/count', { token: former.token })).body).toEqual({ count: 0 });
    expect((await modify('ADMIN')).status).toBe(200);
    // An ADMIN again, they enrol their second factor at their next sign-in: a new session.
    former.token = await t.login(former.email, former.password);
    expect(await kindsOf(former, parentChangeId)).toEqual(['approve-change-order']);
  });

  it('who may ask: anonymous is 401; a deactivated user sees nothing (their session is refused)', async () => {
    expect(await t.call('GET', '/tasks/mine')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    expect(await t.call('GET', '/tasks/mine/count')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    const leaving = await person('USER', 'Lea');
    const { parentChangeId } = await givenPending(unique('Leaving '), leaving);
    await arrangeDecision(t, { parentChangeId, approver, approve: false, reason: 'No' });
    expect(await kindsOf(leaving, parentChangeId)).toEqual(['revise-change-order']);
    const deactivated = await t.call('DELETE', '/user/delete', {
      token: registrar.token,
      headers: await reviewedUser(t, registrar.token, leaving.id),
      body: { id: leaving.id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    for (const path of ['/tasks/mine', '/tasks/mine/count']) expect((await t.call('GET', path, { token: leaving.token })).status, path).toBe(401);
  });
});

describe('My tasks: the audit trail review is due once the unreviewed stretch is longer than AUDIT_REVIEW_CADENCE_DAYS', () => {
  let t: TestApi;
  let admin: Person;
  let user: Person;
  const DAY_MS = 86_400_000;

  beforeAll(async () => {
    t = await startTestApi({ AUDIT_REVIEW_CADENCE_DAYS: '3' });
    admin = { id: '', email: ADMIN_EMAIL, password: ADMIN_PASSWORD, token: await t.login(ADMIN_EMAIL, ADMIN_PASSWORD) };
    const email = `${unique('user-')}@example.com`;
    user = { id: await t.createUser({ email, role: 'USER', password: 'a long password 1' }), email, password: 'a long password 1', token: '' };
    user.token = await t.login(user.email, user.password);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const auditTasks = async (who: Person) =>
    ((await t.call('GET', '/tasks/mine', { token: who.token })).body.tasks as MyTask[]).filter((task) => task.kind === 'review-audit-trail');

  it('from the log start; an ADMIN task only; a signed review up to yesterday ends it', async () => {
    const started = (await t.store.readAll(0, 1))[0]!.recordedAt;
    expect(await auditTasks(admin)).toEqual([]);
    // Four days on, the three days before today are unreviewed: more than the cadence's three.
    t.clock.advance(4 * DAY_MS);
    admin.token = await t.login(admin.email, admin.password);
    user.token = await t.login(user.email, user.password);
    expect(await auditTasks(admin)).toMatchObject([{ label: 'Audit trail to review', since: started, link: '/audittrail', dueDate: null }]);
    expect(await auditTasks(user)).toEqual([]);

    const yesterday = new Date(Date.parse(`${utcDay(t.clock.now())}T00:00:00.000Z`) - DAY_MS);
    const signed = await t.call('POST', '/audit/reviews', {
      token: admin.token,
      body: { from: toDayMonthYear(started.slice(0, 10)), to: toDayMonthYear(utcDay(yesterday)), comments: 'Reviewed', username: admin.email, password: admin.password },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await auditTasks(admin)).toEqual([]);
  });
});

describe("My tasks: an author's approved change order is told for 14 days", () => {
  let t: TestApi;
  const DAY_MS = 86_400_000;

  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('shown from the approval until 14 days after it, then gone', async () => {
    const approver = { email: `${unique('approver-')}@example.com`, password: 'a long password 1', id: '' };
    approver.id = await t.createUser({ ...approver, role: 'ADMIN' });
    const author = { email: `${unique('author-')}@example.com`, password: 'a long password 1' };
    await t.createUser({ ...author, role: 'USER' });
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Clinic '));
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const told = async () =>
      ((await t.call('GET', '/tasks/mine', { token: await t.login(author.email, author.password) })).body.tasks as MyTask[]).filter((task) => task.recordId === parentChangeId).map((task) => task.kind);

    expect(await told()).toEqual(['change-order-approved']);
    t.clock.advance(14 * DAY_MS - 60_000);
    expect(await told()).toEqual(['change-order-approved']);
    t.clock.advance(60_000);
    expect(await told()).toEqual([]);
  });
});
