import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedCustomer } from '../../../../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApi } from '../../../../test-support/test-api';
import { type Approver, type CustomerApi, customerSteps, startCustomerApi } from '../customer-api.fixtures';

const NOT_ELIGIBLE = 'approverId: choose an active, trained ADMIN who neither created nor last edited this record';

describe("an ADMIN reassigns a customer's approver over HTTP (POST /customer/reassignApprover)", () => {
  let t: TestApi;
  let admin: string; // the first ADMIN: registers the customers
  let user: string;
  let spec: CustomerApi['spec'];
  let sharedApprover: Approver;
  let lead: Approver;

  beforeAll(async () => {
    ({ t, admin, user, spec, sharedApprover } = await startCustomerApi());
    lead = await newApprover('Lena Lead');
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const { newApprover, form, send, fields, givenCustomer, approve } = customerSteps(() => ({ t, admin, sharedApprover }));

  const reassign = async (customerId: string, approverId: string, overrides: Record<string, unknown> = {}, who: Approver = lead) =>
    t.call('POST', '/customer/reassignApprover', {
      token: who.token,
      headers: await reviewedCustomer(t, who.token, customerId),
      body: { customerId, approverId, reason: 'The approver edited it', username: who.email, password: who.password, ...overrides },
    });
  const view = async (customerId: string, token: string) => (await t.call('GET', `/customer/get/${customerId}`, { token })).body;

  it('the approver who edited a customer awaiting approval is told why they may not decide; an ADMIN reassigns it (signed) and the new approver approves', async () => {
    const approver = await newApprover();
    const other = await newApprover('Otto Other');
    const id = await givenCustomer(approver);
    // The approver (an ADMIN) edits the customer waiting for them: they become its last editor.
    const edited = await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'edited@acme.example' }, approver), id }), approver.token);
    expect(edited.status).toBe(200);
    expect(await view(id, approver.token)).toMatchObject({ canDecide: false, approverIsAuthor: true, mayReassign: true });
    expect(await approve(id, approver)).toMatchObject({ status: 403, body: { code: 'approver-is-author' } });

    const listed = await t.call('GET', `/customer/reassignApprover/${id}`, { token: lead.token });
    const ids = listed.body.approverList.map((a: { id: string }) => a.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(approver.id);
    expect(ids).not.toContain(lead.id);

    await spec.when(() => reassign(id, other.id)).then({
      status: 200,
      body: { message: 'Approver reassigned', customer: { approverId: other.id, approver: { name: 'Otto Other' }, delegatedFrom: null, status: 'REQUIRE_APPROVAL' } },
      events: [
        {
          stream: `customer-${id}`,
          type: 'CustomerApproverReassigned',
          data: { from: approver.id, to: other.id, reason: 'The approver edited it', reassignedBy: lead.id, signature: { signerId: lead.id, meaning: 'reassignment' } },
        },
      ],
    });
    const list = await t.call('GET', '/customer/list/', { token: admin });
    expect(list.body.customerList.find((c: { id: string }) => c.id === id)).toMatchObject({ approverId: other.id, approver: { name: 'Otto Other' } });
    expect((await approve(id, other)).body.customer).toMatchObject({ status: 'APPROVED' });
  });

  it('a change pending to an approved customer is reassigned: the new approver decides it and, once approved, is the approver', async () => {
    const approver = await newApprover();
    const other = await newApprover('Otto Other');
    const id = await givenCustomer(approver);
    expect((await approve(id, approver)).status).toBe(200);
    const { customerName } = await view(id, admin);
    const changed = await send('PUT', '/customer/update', form({ ...fields({ customerName, customerWebsiteLink: 'https://new.acme.example' }, approver), id }), approver.token);
    expect(changed.body.customer.pendingChange).toMatchObject({ approverId: approver.id });

    await spec.when(() => reassign(id, other.id)).then({
      status: 200,
      body: { customer: { approverId: approver.id, pendingChange: { approverId: other.id, approver: { name: 'Otto Other' }, changed: ['customerWebsiteLink', 'approverId'] } } },
      events: [{ stream: `customer-${id}`, type: 'CustomerApproverReassigned', data: { from: approver.id, to: other.id, pendingChange: true } }],
    });
    expect(await view(id, other.token)).toMatchObject({ canDecide: true });
    expect((await approve(id, other)).body.customer).toMatchObject({ status: 'APPROVED', approverId: other.id, customerWebsiteLink: 'https://new.acme.example', pendingChange: null });
  });

  it('who may reassign: anonymous 401, a USER 403; an approved customer with nothing pending is not waiting (409)', async () => {
    const id = await givenCustomer(sharedApprover);
    const other = await newApprover();
    await spec.when(() => t.call('POST', '/customer/reassignApprover', { body: { customerId: id, approverId: other.id, reason: 'r', username: 'x@example.com', password: 'p' } })).thenNothingStored(401, 'Authentication required');
    await spec
      .when(() => t.call('POST', '/customer/reassignApprover', { token: user, body: { customerId: id, approverId: other.id, reason: 'r', username: 'author@example.com', password: 'author password 1' } }))
      .thenNothingStored(403, 'This needs the ADMIN role');
    expect(await t.call('GET', `/customer/reassignApprover/${id}`, { token: user })).toMatchObject({ status: 403 });

    const approver = await newApprover();
    const approvedId = await givenCustomer(approver);
    expect((await approve(approvedId, approver)).status).toBe(200);
    await spec.when(() => reassign(approvedId, other.id)).thenNothingStored(409, 'Only a record awaiting a decision can be reassigned to another approver');
  });

  it('the new approver must be able to decide: not the current approver, not the ADMIN reassigning, not its creator; the signature and reason are checked', async () => {
    const id = await givenCustomer(sharedApprover);
    const other = await newApprover();
    const first = await t.call('GET', '/user/me', { token: admin });
    await spec.when(() => reassign(id, sharedApprover.id)).thenNothingStored(400, 'approverId: this is already its approver');
    await spec.when(() => reassign(id, lead.id)).thenNothingStored(400, 'approverId: you cannot reassign a record to yourself (the ADMIN who reassigns never becomes its approver)');
    await spec.when(() => reassign(id, first.body.id)).thenNothingStored(400, NOT_ELIGIBLE);
    await spec.when(() => reassign(id, other.id, { reason: '' })).thenNothingStored(400, 'reason: Enter Reason');
    await spec.when(() => reassign(id, other.id, { reason: 'x'.repeat(256) })).thenNothingStored(400, "reason: Reason can't be more than 255 characters.");
    await spec.when(() => reassign(id, other.id, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).then({
      status: 403,
      body: { code: 'signature-refused' },
      events: [{ stream: `user-credentials-${lead.id}`, type: 'CredentialCheckFailed', data: { purpose: 'signature' } }],
    });
  });

  it('a customer registered for an approver absent today goes to their delegate, and the view says whom they stand in for', async () => {
    const away = await newApprover('Abe Away');
    const deputy = await newApprover('Dora Deputy');
    const today = t.clock.now().toISOString().slice(0, 10);
    expect((await t.call('PUT', '/user/me/absence', { token: away.token, body: { from: today, until: today, delegateId: deputy.id } })).status).toBe(200);
    const id = await givenCustomer(away);
    expect(await view(id, admin)).toMatchObject({ approverId: deputy.id, approver: { name: 'Dora Deputy' }, delegatedFrom: { id: away.id, name: 'Abe Away' } });
    expect(await view(id, deputy.token)).toMatchObject({ canDecide: true });
  });
});
