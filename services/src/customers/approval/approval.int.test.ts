import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApi } from '../../../../test-support/test-api';
import { type Approver, type CustomerApi, customerSteps, startCustomerApi } from '../customer-api.fixtures';

describe('customers over HTTP', () => {
  let t: TestApi;
  let admin: string; // registers customers; never the approver
  let user: string;
  let spec: CustomerApi['spec'];
  let sharedApprover: Approver; // for tests that do not sign

  beforeAll(async () => {
    ({ t, admin, user, spec, sharedApprover } = await startCustomerApi());
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const { newApprover, form, send, fields, givenCustomer, approve } = customerSteps(() => ({ t, admin, sharedApprover }));

  describe('approval with an electronic signature (POST /customer/approve/add)', () => {
    it('when asked, then check/request says only the approver may decide', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      expect((await t.call('POST', '/customer/check/request', { token: approver.token, body: { customerId: id } })).body).toEqual({ approvalResponse: true });
      expect((await t.call('POST', '/customer/check/request', { token: admin, body: { customerId: id } })).body).toEqual({ approvalResponse: false });
    });

    it('when an ADMIN who is not the approver decides, then 403', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      const res = await approve(id, approver, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, admin);
      expect(res).toMatchObject({ status: 403, body: { message: 'Only the designated approver can approve or reject this customer', code: 'not-the-approver' } });
    });

    it("when someone who is not the approver sends a stale version or a wrong password, then 403 not-the-approver: the record's history since is not told, and their password is not checked", async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      const stale = (await t.call('GET', `/customer/get/${id}`, { token: user })).headers.get('etag')!;
      expect((await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'moved@acme.example' }, approver), id }))).status).toBe(200);
      const notTheApprover = 'Only the designated approver can approve or reject this customer';
      // A USER and an ADMIN who is not the approver, each with the version before the change and a wrong password.
      for (const [token, username] of [[user, 'author@example.com'], [admin, ADMIN_EMAIL]] as const) {
        const res = await spec
          .when(() => approve(id, approver, { username, password: 'not their password' }, token, { 'if-match': stale }))
          .thenNothingStored(403, notTheApprover);
        expect(res.body).toMatchObject({ code: 'not-the-approver' });
        expect(res.body.message).not.toContain('Since then');
      }
    });

    it("when the approver signs with someone else's valid credentials, then it is refused and counts as a failed attempt", async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      await spec.when(() => approve(id, approver, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).then({
        status: 403,
        body: { message: 'Signature refused: enter your own username and password.', code: 'signature-refused' },
        events: [{ stream: `user-credentials-${approver.id}`, type: 'CredentialCheckFailed', data: { purpose: 'signature', reason: 'wrong-password', consecutiveFailures: 1 } }],
      });
    });

    it('when the reason of a rejection is missing or too long, or the signature is incomplete, then 400 with the spec message', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      expect(await approve(id, approver, { customerApproval: false })).toMatchObject({ status: 400, body: { message: 'changeJustification: Enter Reason' } });
      expect(await approve(id, approver, { customerApproval: false, changeJustification: 'x'.repeat(256) })).toMatchObject({ status: 400, body: { message: "changeJustification: Reason can't be more than 255 characters." } });
      expect(await approve(id, approver, { username: '' })).toMatchObject({ status: 400, body: { message: 'username: Enter Username' } });
      expect(await approve(id, approver, { password: undefined })).toMatchObject({ status: 400, body: { message: 'password: Enter Password' } });
    });

    it('when the approver rejects with a reason, then it is Rejected with the signature and reason; approving afterwards is allowed', async () => {
      const approver = await newApprover();
      const name = unique('Acme Medical ');
      const id = await givenCustomer(approver, name);
      const rejected = await approve(id, approver, { customerApproval: false, changeJustification: 'Contract not signed yet' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.customer).toMatchObject({
        status: 'REJECTED',
        decision: {
          reason: 'Contract not signed yet',
          signature: { name: 'Alma Approver', email: approver.email, meaning: 'rejection', subject: { stream: `customer-${id}`, version: 1 } },
        },
      });
      const { answer: approved } = await spec.when(() => approve(id, approver)).then({
        status: 200,
        events: [{ stream: `customer-${id}`, type: 'CustomerApproved', data: { signature: { name: 'Alma Approver', email: approver.email, meaning: 'approval', subject: { stream: `customer-${id}`, version: 2 } } } }],
      });
      expect(approved.body.customer).toMatchObject({
        status: 'APPROVED',
        searchUrl: `http://localhost:3001/docSearch/${encodeURIComponent(name)}`,
        decision: { reason: null, signature: { meaning: 'approval', signerId: approver.id } },
      });
      expect(approved.body.customer.approvedDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it('when an approved customer is approved again, then 409', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      expect((await approve(id, approver)).status).toBe(200);
      expect(await approve(id, approver)).toMatchObject({ status: 409, body: { message: 'This customer is already approved, and no change to it is waiting for approval' } });
    });

    it('when the approver signed what they saw (If-Match) and the customer changed since, then 409 and it stays undecided', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      const seen = (await t.call('GET', `/customer/get/${id}`, { token: approver.token })).headers.get('etag')!;
      expect((await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'changed@acme.example' }, approver), id }))).status).toBe(200);
      const res = await spec
        .when(() =>
          t.call('POST', '/customer/approve/add', {
            token: approver.token,
            headers: { 'if-match': seen },
            body: { customerId: id, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
          }),
        )
        .thenNothingStored(409, expect.any(String) as unknown as string);
      // What changed since the version reviewed, in the audit trail's words.
      expect(res.body.code).toBe('changed-since-review');
      expect(res.body.message).toContain(`you reviewed version ${seen.replace(/"/g, '')}; it is now version ${Number(seen.replace(/"/g, '')) + 1}`);
      expect(res.body.message).toMatch(/Since then: Updated customer: [^|]*Email \(System Administrator, \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\)\. Review it again, then sign\.$/);
      expect((await t.call('GET', `/customer/get/${id}`, { token: admin })).body.status).toBe('REQUIRE_APPROVAL');
    });

    it('when the approver sends no version reviewed (no If-Match, or *), then 409 saying it must be sent, for an approval and a rejection; nothing stored', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      const message = 'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';
      for (const headers of [{}, { 'if-match': '*' }] as Array<Record<string, string>>) {
        await spec.when(() => approve(id, approver, {}, approver.token, headers)).thenNothingStored(409, message);
        await spec.when(() => approve(id, approver, { customerApproval: false, changeJustification: 'No' }, approver.token, headers)).thenNothingStored(409, message);
      }
      expect((await approve(id, approver)).status).toBe(200);
    });

    it('when two approvals arrive at once, then exactly one wins', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      const results = await Promise.all([approve(id, approver), approve(id, approver), approve(id, approver)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await t.store.readStream(`customer-${id}`)).filter((e) => e.type === 'CustomerApproved')).toHaveLength(1);
    });

    it('when the approver gets the password wrong five times, then the account locks', async () => {
      const approver = await newApprover();
      const id = await givenCustomer(approver);
      for (let i = 0; i < 5; i++) expect((await approve(id, approver, { password: `wrong ${i}` })).status).toBe(403);
      expect((await approve(id, approver)).status).toBe(423);
      t.clock.advance(15 * 60_000 + 1000);
      // Fifteen idle minutes also ended every session: log in again.
      approver.token = await t.login(approver.email, approver.password);
      admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      user = await t.login('author@example.com', 'author password 1');
      sharedApprover.token = await t.login(sharedApprover.email, sharedApprover.password);
      expect((await approve(id, approver)).status).toBe(200);
    });
  });

  describe('issue 8: who decides, and what a decision covers', () => {
    it('when the approver was demoted to USER, then their approval is refused (finding 3) and the customer stays undecided', async () => {
      const approver = await newApprover('Demo Ted');
      const id = await givenCustomer(approver);
      const demoted = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: approver.id, email: approver.email, firstName: 'Demo', lastName: 'Ted', role: 'USER', isTrainingCompleted: true },
      });
      expect(demoted.status).toBe(200);
      await spec.when(() => approve(id, approver)).thenNothingStored(403, 'Only an active ADMIN can approve or reject');
      expect((await t.call('GET', `/customer/get/${id}`, { token: admin })).body.status).toBe('REQUIRE_APPROVAL');
    });

    it("when another admin makes the customer's creator its approver, then it is refused (finding 6)", async () => {
      const creatorId = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
      const name = unique('Created Clinic ');
      const id = await givenCustomer(sharedApprover, name); // registered by the bootstrap admin
      const other = await newApprover('Oth Eradmin');
      await spec
        .when(() => send('PUT', '/customer/update', form({ ...fields({ customerName: name, approverId: creatorId }), id }), other.token))
        .thenNothingStored(400, 'approverId: choose an active ADMIN other than yourself');
    });

    it('when the approver edited the customer last, then they cannot approve it (finding 6)', async () => {
      const approver = await newApprover('Eddie Tor');
      const id = await givenCustomer(approver);
      expect((await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'edited.by.approver@acme.example' }, approver), id }), approver.token)).status).toBe(200);
      // The screens are not offered a decision the server refuses (the read model knows the last editor).
      expect((await t.call('GET', `/customer/get/${id}`, { token: approver.token })).body.canDecide).toBe(false);
      await spec.when(() => approve(id, approver)).thenNothingStored(403, 'The creator or last editor of a record cannot approve or reject it');
      // Another admin's later edit makes them the last editor: the approver may decide again.
      expect((await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'edited.by.admin@acme.example' }, approver), id }), admin)).status).toBe(200);
      expect((await t.call('GET', `/customer/get/${id}`, { token: approver.token })).body.canDecide).toBe(true);
      expect((await approve(id, approver)).status).toBe(200);
    });

    it('when a USER reads customers, then only id, name, logo and status come (finding 13)', async () => {
      const id = await givenCustomer();
      const list = await t.call('GET', '/customer/list/', { token: user });
      expect(list.status).toBe(200);
      for (const customer of list.body.customerList) expect(Object.keys(customer).sort()).toEqual(['customerName', 'id', 'logoUrl', 'status']);
      const one = await t.call('GET', `/customer/get/${id}`, { token: user });
      expect(Object.keys(one.body).sort()).toEqual(['customerName', 'id', 'logoUrl', 'status']);
      expect((await t.call('GET', `/customer/get/${id}`, { token: admin })).body).toHaveProperty('contactEmail');
    });
  });
});
