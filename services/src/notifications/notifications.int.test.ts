import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Signer } from '../../../test-support/document-arrangements';
import { formatAuditDate } from '../audit';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** Manage Notification over HTTP (spec §2.5, §7.1): ADMIN only, each change an event, scopes checked as they are now. */
describe('notices over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let user: string;
  let approver: Signer & { token: string };
  let customerId: string;
  let customerName: string;
  let otherCustomerId: string;
  let pendingCustomerId: string;
  let productId: string;
  let otherProductId: string;

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.createUser({ email: 'notice.user@example.com', role: 'USER', password: 'notice user password' });
    user = await t.login('notice.user@example.com', 'notice user password');
    const approverEmail = 'notice.approver@example.com';
    const approverId = await t.createUser({ email: approverEmail, role: 'ADMIN', password: 'notice approver pw', firstName: 'Nora', lastName: 'Approver' });
    approver = { id: approverId, email: approverEmail, password: 'notice approver pw', token: await t.login(approverEmail, 'notice approver pw') };
    const registrar = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    customerName = unique('Notice Clinic ');
    customerId = await arrangeApprovedCustomer(t, registrar, approver, customerName);
    otherCustomerId = await arrangeApprovedCustomer(t, registrar, approver, unique('Other Clinic '));
    // A customer still awaiting its decision: no notice may name it.
    pendingCustomerId = await arrangeRegisteredCustomer(t, registrar, approverId, unique('Pending Clinic '));
    await t.createUser({ email: 'notice.author@example.com', role: 'USER', password: 'notice author password' });
    const author = { email: 'notice.author@example.com', password: 'notice author password' };
    const order = async (forCustomer: string, productName: string) => {
      const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId, customerId: forCustomer, productName, children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
      await arrangeDecision(t, { parentChangeId, approver, approve: true });
      return parentChangeId;
    };
    productId = await order(customerId, 'Cardio Stent');
    otherProductId = await order(otherCustomerId, 'Ortho Screw');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const add = (body: Record<string, unknown>, token = admin) => t.call('POST', '/user/addNotification', { token, body });
  const update = (body: Record<string, unknown>, token = admin, headers: Record<string, string> = {}) => t.call('POST', '/user/updateNotification', { token, body, headers });
  const remove = (id: unknown, token = admin) => t.call('DELETE', '/user/deleteNotification', { token, body: { id } });
  const list = async () => (await t.call('GET', '/user/listNotification/', { token: admin })).body.list as Array<Record<string, unknown>>;
  const given = async (body: Record<string, unknown> = {}) => {
    const answer = await add({ notificationText: unique('Notice '), ...body });
    expect(answer.status).toBe(200);
    return answer.body.notification as { id: number; version: number; notificationText: string };
  };

  describe('POST /user/addNotification', () => {
    it('a global notice (no customer, no product) gets the next number and reads All/All', async () => {
      const text = unique('Portal maintenance on Sunday ');
      const { answer } = await spec.when(() => add({ customerID: '', productID: '', notificationText: `  ${text}  ` })).then({
        status: 200,
        body: { message: 'Notification Added Successfully!!', notification: { notificationText: text, customerID: null, productID: null, customerName: null, productName: null, version: 1 } },
        events: [
          { stream: 'notification-numbers', type: 'NotificationNumberAssigned' },
          { stream: /^notification-\d+$/, type: 'NotificationAdded', data: { notificationText: text, customerId: null, productId: null } },
        ],
      });
      const id = answer.body.notification.id as number;
      expect(answer.headers?.get('etag')).toBe('"1"');
      expect(await list()).toContainEqual(expect.objectContaining({ id, notificationText: text, customerName: null, productName: null }));
      const stream = await t.store.readStream(`notification-${id}`);
      expect(stream[0]!.metadata.actor).toMatchObject({ email: ADMIN_EMAIL });
    });

    it('a customer-wide and a product notice carry the names as they are now', async () => {
      const wide = await given({ customerID: customerId });
      const product = await given({ customerID: customerId.toUpperCase(), productID: productId });
      const rows = await list();
      expect(rows.find((n) => n.id === wide.id)).toMatchObject({ customerID: customerId, productID: null, customerName, productName: null });
      expect(rows.find((n) => n.id === product.id)).toMatchObject({ customerID: customerId, productID: productId, customerName, productName: 'Cardio Stent' });
    });

    it('line breaks are kept; a text of exactly 1000 characters is accepted', async () => {
      expect((await given({ notificationText: 'Line one\r\nLine two' })).notificationText).toBe('Line one\nLine two');
      expect((await add({ notificationText: 'x'.repeat(1000) })).status).toBe(200);
    });

    const invalid: Array<[string, () => Record<string, unknown>, number, string]> = [
      ['no message', () => ({ customerID: '' }), 400, 'notificationText: Enter Notification Message'],
      ['a blank message', () => ({ notificationText: '   \n ' }), 400, 'notificationText: Enter Notification Message'],
      ['a message over 1000 characters', () => ({ notificationText: 'x'.repeat(1001) }), 400, 'notificationText must be at most 1000 characters'],
      ['a control character', () => ({ notificationText: 'bell\u0007' }), 400, 'notificationText must not contain control characters'],
      ['a message that is not text', () => ({ notificationText: 42 }), 400, 'notificationText must be a string'],
      ['a product without a customer', () => ({ notificationText: 'x', productID: productId }), 400, 'productID needs a customerID'],
      ['a malformed customer id', () => ({ notificationText: 'x', customerID: "1' OR '1'='1" }), 400, 'customerID is not a valid id'],
      ['an unknown customer', () => ({ notificationText: 'x', customerID: '00000000-0000-4000-8000-000000000000' }), 400, 'customerID: choose an approved customer'],
      ['a customer awaiting approval', () => ({ notificationText: 'x', customerID: pendingCustomerId }), 400, 'customerID: choose an approved customer'],
      ['a product of another customer', () => ({ notificationText: 'x', customerID: customerId, productID: otherProductId }), 400, 'productID: choose an approved product of the chosen customer'],
      ['an unknown product', () => ({ notificationText: 'x', customerID: customerId, productID: '00000000-0000-4000-8000-000000000000' }), 400, 'productID: choose an approved product of the chosen customer'],
    ];
    for (const [what, body, status, message] of invalid) {
      it(`${what}: ${status} '${message}', nothing stored (no number taken)`, async () => {
        await spec.when(() => add(body())).thenNothingStored(status, message);
      });
    }

    it('two notices added at once get two different numbers', async () => {
      const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => add({ notificationText: `Concurrent ${i}` })));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(answers.map((a) => a.body.notification.id)).size).toBe(5);
    });
  });

  describe('POST /user/updateNotification', () => {
    it('changes text and scope; records only what changed', async () => {
      const notice = await given();
      await spec.when(() => update({ id: notice.id, customerID: customerId, productID: productId, notificationText: 'Recall of lot 42' })).then({
        status: 200,
        body: { message: 'Notification Updated Successfully!!', notification: { id: notice.id, notificationText: 'Recall of lot 42', customerID: customerId, productID: productId, productName: 'Cardio Stent', version: 2 } },
        events: [{ stream: `notification-${notice.id}`, type: 'NotificationUpdated', data: { changed: ['notificationText', 'customerID', 'productID'] } }],
      });
      // The same again: a success that records nothing.
      await spec.when(() => update({ id: String(notice.id), customerID: customerId, productID: productId, notificationText: 'Recall of lot 42' })).then({ status: 200, events: [] });
    });

    it('an If-Match of an older version is a concurrent change: 409, nothing stored', async () => {
      const notice = await given();
      expect((await update({ id: notice.id, notificationText: 'first edit' }, admin, { 'if-match': '"1"' })).status).toBe(200);
      await spec.when(() => update({ id: notice.id, notificationText: 'second edit' }, admin, { 'if-match': '"1"' })).thenNothingStored(409, 'Someone else changed this record at the same time. Reload and try again.');
    });

    const invalid: Array<[string, () => Promise<Record<string, unknown>>, number, string]> = [
      ['no id', async () => ({ notificationText: 'x' }), 400, 'id is required'],
      ['an id that is no number', async () => ({ id: 'seven', notificationText: 'x' }), 400, 'id must be a notification number'],
      ['an unknown id', async () => ({ id: 999_999, notificationText: 'x' }), 404, 'Notification not found'],
      ['a deleted notice', async () => {
        const notice = await given();
        expect((await remove(notice.id)).status).toBe(200);
        return { id: notice.id, notificationText: 'x' };
      }, 404, 'Notification not found'],
      ['no message', async () => ({ id: (await given()).id, notificationText: '' }), 400, 'notificationText: Enter Notification Message'],
      ['a customer awaiting approval', async () => ({ id: (await given()).id, notificationText: 'x', customerID: pendingCustomerId }), 400, 'customerID: choose an approved customer'],
    ];
    for (const [what, body, status, message] of invalid) {
      it(`${what}: ${status} '${message}', nothing stored`, async () => {
        const request = await body();
        await spec.when(() => update(request)).thenNothingStored(status, message);
      });
    }
  });

  describe('DELETE /user/deleteNotification', () => {
    it('deletes a notice: gone from the list, recorded, and a second delete is 404', async () => {
      const notice = await given();
      await spec.when(() => remove(notice.id)).then({
        status: 200,
        body: { message: 'Notification Deleted Successfully!!' },
        events: [{ stream: `notification-${notice.id}`, type: 'NotificationDeleted' }],
      });
      expect((await list()).map((n) => n.id)).not.toContain(notice.id);
      await spec.when(() => remove(notice.id)).thenNothingStored(404, 'Notification not found');
    });

    it('takes the id from the query string when the body has none', async () => {
      const notice = await given();
      expect((await t.call('DELETE', `/user/deleteNotification?id=${notice.id}`, { token: admin })).body).toEqual({ message: 'Notification Deleted Successfully!!' });
    });

    it('refuses a missing or malformed id with 400', async () => {
      await spec.when(() => t.call('DELETE', '/user/deleteNotification', { token: admin, body: {} })).thenNothingStored(400, 'id is required');
      await spec.when(() => remove('1; DROP TABLE notifications')).thenNothingStored(400, 'id must be a notification number');
      await spec.when(() => remove(0)).thenNothingStored(400, 'id must be a notification number');
    });
  });

  it('the audit CSV names what happened to each notice and its text', async () => {
    const notice = await given({ customerID: customerId, notificationText: 'Recall, "lot 42"' });
    await update({ id: notice.id, notificationText: 'Recall of lot 43' });
    await remove(notice.id);
    const today = formatAuditDate(t.clock.now());
    const csv = await (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } })).text();
    const lines = csv.split(/\r?\n/).filter((line) => line.includes(`Notification ${notice.id},`));
    expect(lines).toHaveLength(3);
    // The customer by its name, a changed field by its label: no id to look up.
    expect(lines[0]).toContain(`Added notification for customer ${customerName}`);
    expect(lines[0]).toContain('"Recall, ""lot 42"""');
    expect(lines[1]).toContain('Updated notification: Notification, Customer; now for all customers');
    expect(lines[2]).toContain('Deleted notification');
  });

  describe('who may', () => {
    const calls: Array<[string, string, (id: number) => Record<string, unknown> | undefined]> = [
      ['GET', '/user/listNotification/', () => undefined],
      ['POST', '/user/addNotification', () => ({ notificationText: 'From someone not allowed' })],
      ['POST', '/user/updateNotification', (id) => ({ id, notificationText: 'From someone not allowed' })],
      ['DELETE', '/user/deleteNotification', (id) => ({ id })],
    ];
    for (const [method, path, body] of calls) {
      it(`${method} ${path}: anonymous 401, USER 403, nothing stored; an ADMIN who is not the author may`, async () => {
        const notice = await given();
        await spec.when(() => t.call(method, path, { body: body(notice.id) })).thenNothingStored(401, 'Authentication required');
        await spec.when(() => t.call(method, path, { token: user, body: body(notice.id) })).thenNothingStored(403, 'This needs the ADMIN role');
        expect((await t.call(method, path, { token: approver.token, body: body(notice.id) })).status).toBe(200);
      });
    }

    it('an ADMIN demoted to USER is refused at once, with the session they had', async () => {
      const email = `${unique('demoted-')}@example.com`;
      const id = await t.createUser({ email, role: 'ADMIN', password: 'demoted admin pw 1', firstName: 'Dora', lastName: 'Demoted' });
      const token = await t.login(email, 'demoted admin pw 1');
      expect((await add({ notificationText: 'while ADMIN' }, token)).status).toBe(200);
      const demoted = await t.call('PUT', '/user/modify', { token: admin, body: { id, email, firstName: 'Dora', lastName: 'Demoted', role: 'USER', isTrainingCompleted: true } });
      expect(demoted.status).toBe(200);
      await spec.when(() => add({ notificationText: 'after demotion' }, token)).thenNothingStored(403, 'This needs the ADMIN role');
    });
  });
});
