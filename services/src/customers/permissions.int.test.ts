import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApi } from '../../../test-support/test-api';
import { type Approver, customerSteps, logo, startCustomerApi } from './customer-api.fixtures';

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
  const { newApprover, form, send, fields, givenCustomer, approve } = customerSteps(() => ({ t, admin, sharedApprover }));

  describe('permissions: anonymous, USER, ADMIN who is not the approver, the approver', () => {
    it('when each customer endpoint is called, then only the allowed roles get through', async () => {
      const approver = await newApprover();
      const existing = await givenCustomer(approver);
      const add = () => form(fields(), logo);
      const update = () => form({ ...fields({}, approver), id: existing });
      // Anonymous: 401 everywhere.
      expect((await fetch(`${t.url}/customer/add`, { method: 'POST', body: add() })).status).toBe(401);
      expect((await fetch(`${t.url}/customer/update`, { method: 'PUT', body: update() })).status).toBe(401);
      for (const path of ['/customer/list/', `/customer/get/${existing}`, `/customer/logo/${existing}`]) expect((await t.call('GET', path)).status, path).toBe(401);
      expect((await t.call('POST', '/customer/check/request', { body: { customerId: existing } })).status).toBe(401);
      expect((await t.call('POST', '/customer/approve/add', { body: {} })).status).toBe(401);
      // USER: may read, may not write or decide.
      expect((await send('POST', '/customer/add', add(), user)).status).toBe(403);
      expect((await send('PUT', '/customer/update', update(), user)).status).toBe(403);
      for (const path of ['/customer/list/', `/customer/get/${existing}`, `/customer/logo/${existing}`]) expect((await t.call('GET', path, { token: user })).status, path).toBe(200);
      expect((await t.call('POST', '/customer/check/request', { token: user, body: { customerId: existing } })).body).toEqual({ approvalResponse: false });
      const pending = await givenCustomer(approver);
      expect((await approve(pending, approver, { username: 'author@example.com', password: 'author password 1' }, user)).status).toBe(403);
      // ADMIN who is not the approver: may write, may not decide.
      expect((await send('PUT', '/customer/update', update(), admin)).status).toBe(200);
      expect((await approve(pending, approver, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, admin)).status).toBe(403);
      // The approver decides.
      expect((await approve(pending, approver)).status).toBe(200);
    });
  });
});
