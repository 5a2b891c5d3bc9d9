import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../../test-support/specs';
import { type TestApi } from '../../../../test-support/test-api';
import { type Approver, customerSteps, startCustomerApi } from '../customer-api.fixtures';

describe('customers over HTTP', () => {
  let t: TestApi;
  let admin: string; // registers customers; never the approver
  let user: string;
  let sharedApprover: Approver; // for tests that do not sign

  beforeAll(async () => {
    ({ t, admin, user, sharedApprover } = await startCustomerApi());
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const { newApprover, addCustomer, givenCustomer, approve } = customerSteps(() => ({ t, admin, sharedApprover }));

  describe('public module2 lists', () => {
    it('when listed publicly, then only approved customers appear, with no internal field', async () => {
      const approver = await newApprover();
      const approvedName = unique('Public Clinic ');
      const pendingName = unique('Pending Clinic ');
      const approvedId = await givenCustomer(approver, approvedName);
      await givenCustomer(approver, pendingName);
      expect((await approve(approvedId, approver)).status).toBe(200);
      const res = await t.call('GET', '/module2/getApprovedCustomers');
      expect(res.status).toBe(200);
      const names = res.body.customerList.map((c: { customerName: string }) => c.customerName);
      expect(names).toContain(approvedName);
      expect(names).not.toContain(pendingName);
      for (const customer of res.body.customerList) expect(Object.keys(customer).sort()).toEqual(['customerName', 'customerWebsiteLink', 'id', 'logoUrl', 'searchUrl']);
      expect((await t.call('GET', '/module2/getApprovedCustomersData')).body).toEqual(res.body);
      const listed = res.body.customerList.find((c: { customerName: string }) => c.customerName === approvedName);
      expect((await fetch(listed.logoUrl)).status).toBe(200);
    });

    it('when a customer is not approved, then its public logo is not served', async () => {
      const pending = await givenCustomer();
      expect((await fetch(`${t.url}/module2/customerLogo/${pending}`)).status).toBe(404);
    });
  });

  describe('GET /customer/list/ with and without paging', () => {
    it('when no page is asked, then every customer comes; with a page, that page of the sorted, searched list and the total', async () => {
      const tag = unique('Paging');
      for (const letter of ['C', 'A', 'B']) await givenCustomer(sharedApprover, `${tag} ${letter}`);
      const all = await t.call('GET', '/customer/list/', { token: admin });
      expect(all.body.total).toBe(all.body.customerList.length);
      expect(all.body.customerList.length).toBeGreaterThanOrEqual(3);
      const page = await t.call('GET', `/customer/list/?page=0&pageSize=10&sortField=customerName&sortOrder=desc&search=${encodeURIComponent(tag)}`, { token: admin });
      expect(page.body.total).toBe(3);
      expect(page.body.customerList.map((c: { customerName: string }) => c.customerName)).toEqual([`${tag} C`, `${tag} B`, `${tag} A`]);
      const past = await t.call('GET', `/customer/list/?page=5&pageSize=10&search=${encodeURIComponent(tag)}`, { token: admin });
      expect(past.body).toEqual({ customerList: [], total: 3 });
      expect(await t.call('GET', '/customer/list/?page=0&pageSize=7', { token: admin })).toMatchObject({ status: 400, body: { message: 'pageSize must be 10, 25, 50 or 100' } });
    });
  });

  describe('issue 19, finding 7: a USER searches and sorts only on what a USER is shown (id, name, logo, status)', () => {
    const list = (token: string, query: string) => t.call('GET', `/customer/list/?${query}`, { token });

    it("when a USER searches for a customer's contact email, then nothing is found, paged or not; an ADMIN still finds it", async () => {
      const contactEmail = `${unique('hidden-contact-')}@contact.example`;
      const name = unique('Hidden Contact Clinic ');
      await addCustomer({ customerName: name, contactEmail });
      const search = `search=${encodeURIComponent(contactEmail)}`;
      expect((await list(user, `page=0&pageSize=10&${search}`)).body).toEqual({ customerList: [], total: 0 });
      expect((await list(user, search)).body).toEqual({ customerList: [], total: 0 });
      // What a USER sees still matches.
      expect((await list(user, `page=0&pageSize=10&search=${encodeURIComponent(name)}`)).body).toMatchObject({ total: 1, customerList: [{ customerName: name }] });
      const found = await list(admin, `page=0&pageSize=10&${search}`);
      expect(found.body).toMatchObject({ total: 1, customerList: [{ customerName: name, contactEmail }] });
    });

    it('when a USER sorts by a field a USER is not shown, then 400 naming the field; by name or status it sorts; an ADMIN may sort by contact email', async () => {
      for (const hidden of ['contactEmail', 'createdAt']) {
        const refused = await list(user, `page=0&pageSize=10&sortField=${hidden}`);
        expect(refused, hidden).toMatchObject({ status: 400, body: { message: 'sortField: a USER can sort customers only by customerName or status' } });
        expect((await list(user, `sortField=${hidden}`)).status, hidden).toBe(400);
      }
      const tag = unique('Sorted ');
      for (const letter of ['B', 'A']) await givenCustomer(sharedApprover, `${tag} ${letter}`);
      const sorted = await list(user, `page=0&pageSize=10&sortField=customerName&search=${encodeURIComponent(tag)}`);
      expect(sorted.body.customerList.map((c: { customerName: string }) => c.customerName)).toEqual([`${tag} A`, `${tag} B`]);
      expect((await list(user, 'page=0&pageSize=10&sortField=status')).status).toBe(200);
      expect((await list(admin, 'page=0&pageSize=10&sortField=contactEmail')).status).toBe(200);
    });
  });
});
