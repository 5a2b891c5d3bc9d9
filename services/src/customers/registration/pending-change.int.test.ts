import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { JPEG_2X2 } from '../../../../test-support/images';
import { reviewedCustomer } from '../../../../test-support/reviewed-versions';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type TestApi } from '../../../../test-support/test-api';
import { type Approver, type CustomerApi, customerSteps, startCustomerApi, type Upload } from '../customer-api.fixtures';

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
  const { newApprover, form, send, fields, addCustomer, givenCustomer, approve } = customerSteps(() => ({ t, admin, sharedApprover }));

  describe('issue 22: a change to an approved customer waits for the approver; the approved version stays public', () => {
    /** An approved customer of `approver`, registered by the bootstrap ADMIN; its id and the form's fields. */
    const givenApproved = async (approver: Approver, name = unique('Approved Clinic ')) => {
      const id = await givenCustomer(approver, name);
      expect((await approve(id, approver)).status).toBe(200);
      const current = fields({ customerName: name }, approver);
      return { id, name, current };
    };
    const edit = (id: string, values: Record<string, string | undefined>, token = admin, upload?: Upload) => send('PUT', '/customer/update', form({ ...values, id }, upload), token);
    const publicEntry = async (name: string) =>
      ((await t.call('GET', '/module2/getApprovedCustomers')).body.customerList as Array<{ customerName: string; customerWebsiteLink: string }>).find((c) => c.customerName === name);
    const reject = (id: string, approver: Approver, reason = 'The new website is not the customer’s') => approve(id, approver, { customerApproval: false, changeJustification: reason });

    it("when an approved customer's website is corrected, then the change waits for the approver and the public API keeps serving the old website; approved, the new one", async () => {
      const approver = await newApprover('Wes Bsite');
      const { id, name, current } = await givenApproved(approver);
      const { answer } = await spec.when(() => edit(id, { ...current, customerWebsiteLink: 'https://new.acme.example' })).then({
        status: 200,
        events: [{ stream: `customer-${id}`, type: 'CustomerChangeProposed', data: { changed: ['customerWebsiteLink'], proposed: { customerWebsiteLink: 'https://new.acme.example' } } }],
      });
      expect(answer.body.message).toBe("Changes saved: they wait for the approver's signature. The approved version stays public until then.");
      expect(answer.body.customer).toMatchObject({
        status: 'APPROVED',
        customerWebsiteLink: 'https://acme.example',
        searchUrl: expect.stringContaining('/docSearch/'),
        pendingChange: { customerWebsiteLink: 'https://new.acme.example', changed: ['customerWebsiteLink'], approver: { id: approver.id, name: 'Wes Bsite' }, logoUrl: null },
        canDecide: false,
      });
      expect(await publicEntry(name)).toMatchObject({ customerWebsiteLink: 'https://acme.example' });
      expect((await t.call('GET', `/module2/customerName/${encodeURIComponent(name)}`)).body).toEqual({ customerName: name, renamed: false });
      // The approver is asked, and sees the change in the view.
      expect((await t.call('POST', '/customer/check/request', { token: approver.token, body: { customerId: id } })).body).toEqual({ approvalResponse: true });
      expect((await t.call('GET', `/customer/get/${id}`, { token: approver.token })).body).toMatchObject({ canDecide: true, pendingChange: { changed: ['customerWebsiteLink'] } });

      const { answer: approved } = await spec.when(() => approve(id, approver)).then({
        status: 200,
        events: [
          {
            stream: `customer-${id}`,
            type: 'CustomerChangeApproved',
            data: { changes: [{ field: 'customerWebsiteLink', from: 'https://acme.example', to: 'https://new.acme.example' }], signature: { meaning: 'approval', signerId: approver.id } },
          },
        ],
      });
      expect(approved.body.message).toBe('Change approved: the customer shows the new values');
      expect(approved.body.customer).toMatchObject({ status: 'APPROVED', customerWebsiteLink: 'https://new.acme.example', pendingChange: null, canDecide: false, decision: { signature: { meaning: 'approval' } } });
      expect(await publicEntry(name)).toMatchObject({ customerWebsiteLink: 'https://new.acme.example' });
      // Nothing is pending now: a second decision is refused.
      expect(await approve(id, approver)).toMatchObject({ status: 409, body: { message: 'This customer is already approved, and no change to it is waiting for approval' } });
    });

    it('when the approver rejects the pending change, then the approved version stays (public too) and the rejection is shown with its reason', async () => {
      const approver = await newApprover('Rej Ector');
      const { id, name, current } = await givenApproved(approver);
      expect((await edit(id, { ...current, customerWebsiteLink: 'https://wrong.example' })).status).toBe(200);
      expect(await reject(id, approver, '')).toMatchObject({ status: 400, body: { message: 'changeJustification: Enter Reason' } });
      const { answer } = await spec.when(() => reject(id, approver)).then({
        status: 200,
        events: [{ stream: `customer-${id}`, type: 'CustomerChangeRejected', data: { reason: 'The new website is not the customer’s', signature: { meaning: 'rejection' } } }],
      });
      expect(answer.body.message).toBe('Change rejected: the approved version stays');
      expect(answer.body.customer).toMatchObject({
        status: 'APPROVED',
        customerWebsiteLink: 'https://acme.example',
        pendingChange: null,
        changeRejection: { changed: ['customerWebsiteLink'], reason: 'The new website is not the customer’s', signature: { signerId: approver.id } },
      });
      expect(await publicEntry(name)).toMatchObject({ customerWebsiteLink: 'https://acme.example' });
    });

    it('when a pending change renames the customer, then the old name stays public and the new one is reserved; approved, the old URL moves to the new name; rejected, the new name is free', async () => {
      const approver = await newApprover('Ren Amer');
      const { id, name: oldName, current } = await givenApproved(approver, unique('Old Name Clinic '));
      const newName = unique('New Name Clinic ');
      await spec.when(() => edit(id, { ...current, customerName: newName })).then({
        status: 200,
        events: [
          { stream: `customer-name-${newName.toLowerCase()}`, type: 'CustomerNameClaimed' },
          { stream: `customer-${id}`, type: 'CustomerChangeProposed', data: { changed: ['customerName'] } },
        ],
      });
      expect((await t.call('GET', `/module2/customerName/${encodeURIComponent(oldName)}`)).body).toEqual({ customerName: oldName, renamed: false });
      expect((await t.call('GET', `/module2/customerName/${encodeURIComponent(newName)}`)).status).toBe(404);
      expect(await addCustomer({ customerName: newName })).toMatchObject({ status: 409, body: { message: 'A customer with this name already exists' } });
      // A second edit renames it otherwise: the first pending name is free again.
      const otherName = unique('Other Name Clinic ');
      expect((await edit(id, { ...current, customerName: otherName })).status).toBe(200);
      expect((await addCustomer({ customerName: newName })).status).toBe(200);

      await spec.when(() => approve(id, approver)).then({
        status: 200,
        events: [
          { stream: `customer-${id}`, type: 'CustomerChangeApproved', data: { customerName: otherName } },
          { stream: `customer-name-${oldName.toLowerCase()}`, type: 'CustomerNameReleased' },
        ],
      });
      expect((await t.call('GET', `/module2/customerName/${encodeURIComponent(oldName.toUpperCase())}`)).body).toEqual({ customerName: otherName, renamed: true });
      expect((await t.call('GET', `/module2/customerName/${encodeURIComponent(otherName)}`)).body).toEqual({ customerName: otherName, renamed: false });

      // Rejected, the name it would have taken is free.
      const rejectedName = unique('Rejected Name Clinic ');
      expect((await edit(id, { ...current, customerName: rejectedName })).status).toBe(200);
      await spec.when(() => reject(id, approver)).then({
        status: 200,
        events: [
          { stream: `customer-${id}`, type: 'CustomerChangeRejected' },
          { stream: `customer-name-${rejectedName.toLowerCase()}`, type: 'CustomerNameReleased' },
        ],
      });
      expect((await addCustomer({ customerName: rejectedName })).status).toBe(200);
    });

    it('when a pending change brings a new logo, then the public logo stays the approved one and staff see the new one at its own address; approved, it is public', async () => {
      const approver = await newApprover('Lo Go');
      const { id, current } = await givenApproved(approver);
      const publicLogo = async () => sharp(Buffer.from(await (await fetch(`${t.url}/module2/customerLogo/${id}`)).arrayBuffer())).metadata();
      expect((await publicLogo()).format).toBe('png');
      expect(await t.call('GET', `/customer/pendingLogo/${id}`, { token: admin })).toMatchObject({ status: 404, body: { message: 'Logo not found' } });
      const res = await edit(id, { ...current }, admin, { bytes: JPEG_2X2, name: 'new.jpg', type: 'image/jpeg' });
      expect(res.body.customer.pendingChange).toMatchObject({ changed: ['customerLogo'], logoUrl: `${t.api.context.config.PUBLIC_API_URL}/customer/pendingLogo/${id}` });
      expect((await publicLogo()).format).toBe('png');
      const pendingLogo = await fetch(`${t.url}/customer/pendingLogo/${id}`, { headers: { authorization: `Bearer ${user}` } });
      expect(pendingLogo.status).toBe(200);
      expect(pendingLogo.headers.get('content-type')).toBe('image/jpeg');
      expect((await fetch(`${t.url}/customer/pendingLogo/${id}`)).status).toBe(401);
      expect((await approve(id, approver)).status).toBe(200);
      expect((await publicLogo()).format).toBe('jpeg');
    });

    it('when an edit brings back the approved values, then nothing is pending any more and the approver has nothing to decide', async () => {
      const approver = await newApprover('With Drawn');
      const { id, current } = await givenApproved(approver);
      expect((await edit(id, { ...current, contactInformation: '+1 555 999 0000' })).body.customer.pendingChange).toMatchObject({ changed: ['contactInformation'] });
      const { answer } = await spec.when(() => edit(id, current)).then({ status: 200, events: [{ stream: `customer-${id}`, type: 'CustomerChangeWithdrawn' }] });
      expect(answer.body).toMatchObject({ message: 'The approved values were entered again: nothing is waiting for approval any more.', customer: { pendingChange: null } });
      await spec.when(() => approve(id, approver)).thenNothingStored(409, 'This customer is already approved, and no change to it is waiting for approval');
    });

    it('who decides a pending change: its approver (a new approver it names), never its author, an ADMIN who is not the approver, or a USER', async () => {
      const approver = await newApprover('Firs Tapprover');
      const successor = await newApprover('Sec Ondapprover');
      const { id, current } = await givenApproved(approver);
      // A USER may not propose a change.
      await spec.when(() => edit(id, { ...current, customerWebsiteLink: 'https://user.example' }, user)).thenNothingStored(403, 'This needs the ADMIN role');
      // The change names a new approver: they decide it, not the former one, nor another ADMIN.
      expect((await edit(id, { ...current, approverId: successor.id })).status).toBe(200);
      expect((await t.call('GET', `/customer/get/${id}`, { token: approver.token })).body.canDecide).toBe(false);
      expect((await t.call('GET', `/customer/get/${id}`, { token: successor.token })).body.canDecide).toBe(true);
      await spec.when(() => approve(id, approver)).thenNothingStored(403, 'Only the designated approver can approve or reject this customer');
      await spec
        .when(() => approve(id, successor, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, admin))
        .thenNothingStored(403, 'Only the designated approver can approve or reject this customer');
      // Nobody names themselves the approver of their own change.
      await spec
        .when(() => edit(id, { ...current, approverId: successor.id, customerWebsiteLink: 'https://successor.example' }, successor.token))
        .thenNothingStored(400, 'approverId: choose an active ADMIN other than yourself');
      // The approver who wrote the change cannot sign it.
      expect((await edit(id, { ...current, customerWebsiteLink: 'https://approver.example' }, approver.token)).status).toBe(200);
      await spec.when(() => approve(id, approver)).thenNothingStored(403, 'The creator or last editor of a record cannot approve or reject it');
      // Written by another ADMIN, the change's approver signs it.
      expect((await edit(id, { ...current, approverId: successor.id })).status).toBe(200);
      expect((await approve(id, successor)).status).toBe(200);
      expect((await t.call('GET', `/customer/get/${id}`, { token: admin })).body).toMatchObject({ approverId: successor.id, approver: { name: 'Sec Ondapprover' }, pendingChange: null });
    });

    it('when the approver reviewed one pending change and another edit replaced it, then the decision is refused (409) and nothing is stored', async () => {
      const approver = await newApprover('Stale Review');
      const { id, current } = await givenApproved(approver);
      expect((await edit(id, { ...current, customerWebsiteLink: 'https://first.example' })).status).toBe(200);
      const reviewed = await reviewedCustomer(t, approver.token, id);
      expect((await edit(id, { ...current, customerWebsiteLink: 'https://second.example' })).status).toBe(200);
      await spec.when(() => approve(id, approver, {}, approver.token, reviewed)).then({ status: 409, body: { code: 'changed-since-review' }, events: [] });
      expect((await t.call('GET', `/customer/get/${id}`, { token: admin })).body).toMatchObject({ customerWebsiteLink: 'https://acme.example', pendingChange: { customerWebsiteLink: 'https://second.example' } });
    });
  });
});
