import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, arrangeRegisteredCustomer, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The public customer pages (spec §2.1, §7.4): what an anonymous visitor sees of an approved customer. */
describe('the customer pages of the public portal', () => {
  let t: TestApi;
  let admin: string;
  let approver: Signer;
  let customerName: string;
  let customerId: string;
  const families: Record<string, string> = {};

  /** The day the notices were published, as the API's clock has it (UTC). */
  const today = () => t.clock.now().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'page.approver@example.com', password: 'page approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password, firstName: 'Paula', lastName: 'Approver' });
    const author = { email: 'page.author@example.com', password: 'page author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerName = unique('Harbor Clinic ');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
    const order = async (name: string, options: { decide?: boolean; approve?: boolean; isInternal?: boolean; effectiveDate?: string } = {}) => {
      const { parentChangeId } = await arrangeChangeOrder(t, {
        author,
        approverId: approver.id,
        customerId,
        productName: name,
        isInternal: options.isInternal,
        effectiveDate: options.effectiveDate,
        children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }],
      });
      if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: options.approve ?? true });
      families[name] = parentChangeId;
      return parentChangeId;
    };
    await order('Visible Stent');
    await order('Pending Stent', { decide: false });
    await order('Rejected Stent', { approve: false });
    await order('Offline Stent', { isInternal: true });
    await order('Future Stent', { effectiveDate: inDays(10) });
    // A second version of the visible family: the page shows the family once, by its newest change order.
    await order('visible  stent');
    const notice = (body: Record<string, unknown>) => t.call('POST', '/user/addNotification', { token: admin, body });
    await notice({ notificationText: 'Portal maintenance on Sunday' });
    await notice({ notificationText: 'New terms of use from June' });
    await notice({ notificationText: 'New address from May', customerID: customerId });
    await notice({ notificationText: 'Recall of lot 42', customerID: customerId, productID: families['Visible Stent'] });
    await notice({ notificationText: 'Only for the offline family', customerID: customerId, productID: families['Offline Stent'] });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('lists only the families with a current, approved, Online document effective today, and the global and customer notices', async () => {
    const answer = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName.toUpperCase())}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      customerName,
      customerLogoUrl: expect.stringMatching(new RegExp(`/module2/customerLogo/${customerId}$`)),
      globalNotification: 'Portal maintenance on Sunday\n\nNew terms of use from June',
      customerNotification: 'New address from May',
      // The same notices one by one, oldest first, each with the day it was published.
      globalNotices: [
        { text: 'Portal maintenance on Sunday', date: today() },
        { text: 'New terms of use from June', date: today() },
      ],
      customerNotices: [{ text: 'New address from May', date: today() }],
      products: [{ parentChangeId: families['visible  stent'], productFamilyName: 'visible  stent', logoUrl: expect.stringMatching(new RegExp(`/module2/productLogo/${families['visible  stent']}$`)) }],
      // The emailed link, unless an ADMIN opens the customer's access.
      openAccess: false,
    });
    const logo = await fetch(`${t.url}/module2/productLogo/${families['visible  stent']}`);
    expect({ status: logo.status, type: logo.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
  });

  it('a family page: the customer logo and the family’s notice, by any change order of the family', async () => {
    for (const id of [families['Visible Stent'], families['visible  stent']]) {
      const answer = await t.call('GET', `/module2/singleCustomerLogoURL/${encodeURIComponent(customerName)}/${id}`);
      expect(answer.body).toEqual({
        logoUrl: expect.stringMatching(new RegExp(`/module2/customerLogo/${customerId}$`)),
        productNotification: 'Recall of lot 42',
        customerName,
        productFamilyName: 'visible  stent',
        productLogoUrl: expect.stringMatching(new RegExp(`/module2/productLogo/${families['visible  stent']}$`)),
        // The search page the emailed link opens shows the customer page's notices too, each with its date.
        globalNotices: [
          { text: 'Portal maintenance on Sunday', date: today() },
          { text: 'New terms of use from June', date: today() },
        ],
        customerNotices: [{ text: 'New address from May', date: today() }],
        productNotices: [{ text: 'Recall of lot 42', date: today() }],
      });
    }
  });

  it('a family that is pending, rejected, Offline or not yet effective has no page and no logo: 404', async () => {
    for (const name of ['Pending Stent', 'Rejected Stent', 'Offline Stent', 'Future Stent']) {
      const answer = await t.call('GET', `/module2/singleCustomerLogoURL/${encodeURIComponent(customerName)}/${families[name]}`);
      expect({ name, status: answer.status, body: answer.body }).toEqual({ name, status: 404, body: { code: 'product-family-not-found', message: 'Product not found' } });
      expect((await fetch(`${t.url}/module2/productLogo/${families[name]}`)).status, name).toBe(404);
    }
    expect((await t.call('GET', `/module2/singleCustomerLogoURL/${encodeURIComponent(customerName)}/not-a-uuid`)).status).toBe(404);
  });

  it('an unknown, unapproved or malformed customer name: 404 "Customer not found", no data', async () => {
    const pendingName = unique('Pending Clinic ');
    await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver.id, pendingName);
    for (const name of ['No Such Clinic', pendingName, 'x'.repeat(201), 'bad%0Aname']) {
      const answer = await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(name)}`);
      expect({ status: answer.status, body: answer.body }, name).toEqual({ status: 404, body: { code: 'customer-not-found', message: 'Customer not found' } });
    }
  });
});
