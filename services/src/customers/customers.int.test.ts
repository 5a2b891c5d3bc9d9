import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_HEADER, PDF_BYTES, PNG_1X1, SVG_BYTES, WEBP_HEADER } from '../../../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { FileStore } from '../files/file-store';

interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}

describe('customers over HTTP', () => {
  let t: TestApi;
  let admin: string; // registers customers; not the approver
  let approver: string;
  let approverId: string;
  let user: string;
  let files: FileStore;

  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approverId = await t.createUser({ email: 'approver@example.com', role: 'ADMIN', password: 'approver password 1', firstName: 'Alma', lastName: 'Approver' });
    approver = await t.login('approver@example.com', 'approver password 1');
    await t.createUser({ email: 'author@example.com', role: 'USER', password: 'author password 1' });
    user = await t.login('author@example.com', 'author password 1');
    files = new FileStore(t.api.context.config.FILES_DIR);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const form = (fields: Record<string, string | undefined>, logo?: Upload) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.set(key, value);
    if (logo) body.set('customerLogo', new Blob([new Uint8Array(logo.bytes)], { type: logo.type ?? 'image/png' }), logo.name);
    return body;
  };
  const send = async (method: 'POST' | 'PUT', path: string, body: FormData, token = admin) => {
    const response = await fetch(`${t.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const fields = (overrides: Record<string, string | undefined> = {}) => ({
    customerName: 'Acme Medical',
    contactInformation: '+1 (555) 010-2030',
    contactEmail: 'Contact@Acme.example',
    countryExclusionList: 'us, DE,us',
    customerWebsiteLink: 'https://acme.example',
    approverId,
    ...overrides,
  });
  const logo: Upload = { bytes: PNG_1X1, name: 'acme.png' };
  const addCustomer = (overrides: Record<string, string | undefined> = {}, upload: Upload | null = logo) =>
    send('POST', '/customer/add', form(fields(overrides), upload ?? undefined));
  const approve = (customerId: string, token: string, overrides: Record<string, unknown> = {}) =>
    t.call('POST', '/customer/approve/add', {
      token,
      body: { customerId, customerApproverId: approverId, customerApproval: true, changeDescription: 'Customer approval', username: 'approver@example.com', password: 'approver password 1', ...overrides },
    });

  let acmeId: string;

  describe('POST /customer/add', () => {
    it('when an ADMIN adds a customer with a logo and another ADMIN as approver, then it awaits approval with normalized fields', async () => {
      const res = await addCustomer();
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Customer Added Successfully!!');
      expect(res.body.customer).toMatchObject({
        customerName: 'Acme Medical',
        contactInformation: '15550102030',
        contactEmail: 'contact@acme.example',
        countryExclusionList: 'US,DE',
        status: 'REQUIRE_APPROVAL',
        approver: { id: approverId, name: 'Alma Approver', email: 'approver@example.com' },
        approvedDate: null,
        searchUrl: null,
      });
      acmeId = res.body.customer.id;
      const image = await fetch(res.body.customer.logoUrl, { headers: { authorization: `Bearer ${admin}` } });
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
      const stream = await t.store.readStream(`customer-${acmeId}`);
      expect(stream.map((e) => e.type)).toEqual(['CustomerRegistered']);
      expect(stream[0]!.metadata.actor).toMatchObject({ email: ADMIN_EMAIL });
    });

    it('when the name is taken (any case), then 409 and nothing is stored', async () => {
      const before = await t.store.lastPosition();
      const res = await addCustomer({ customerName: 'ACME medical' });
      expect(res).toMatchObject({ status: 409, body: { message: 'A customer with this name already exists' } });
      expect(await t.store.lastPosition()).toBe(before);
    });

    it('when JPEG and WebP logos are given, then they are accepted by their bytes', async () => {
      expect((await addCustomer({ customerName: 'Jpeg Clinic' }, { bytes: JPEG_HEADER, name: 'logo.bin', type: 'application/octet-stream' })).body.customer.logoUrl).toBeTruthy();
      expect((await addCustomer({ customerName: 'Webp Clinic' }, { bytes: WEBP_HEADER, name: 'logo.webp' })).status).toBe(200);
    });

    const invalid: Array<[string, Record<string, string | undefined>, Upload | null, string]> = [
      ['no name', { customerName: '' }, logo, 'customerName: Enter Customer Name'],
      ['a numeric name', { customerName: '12345' }, logo, 'customerName: Should not be a Number'],
      ['no contact number', { contactInformation: undefined }, logo, 'contactInformation: Enter Contact Number'],
      ['a short contact number', { contactInformation: '555-123' }, logo, 'contactInformation: Contact Number Should be 10 to 15 Digits'],
      ['a long contact number', { contactInformation: '1234567890123456' }, logo, 'contactInformation: Contact Number Should be 10 to 15 Digits'],
      ['no email', { contactEmail: '' }, logo, 'contactEmail: Enter Email'],
      ['a malformed email', { contactEmail: 'acme' }, logo, 'contactEmail: Invalid Email Address'],
      ['a malformed website', { customerWebsiteLink: 'not a url' }, logo, 'customerWebsiteLink: Invalid URL'],
      ['an unknown country', { countryExclusionList: 'US,XX' }, logo, 'countryExclusionList: unknown country code'],
      ['no approver', { approverId: undefined }, logo, 'approverId: Select Approver'],
      ['no logo', {}, null, 'customerLogo: Select a Logo'],
    ];
    for (const [what, overrides, upload, message] of invalid) {
      it(`when the form has ${what}, then 400 '${message}' and nothing is stored`, async () => {
        const [before, filesBefore] = [await t.store.lastPosition(), await files.count()];
        const res = await addCustomer({ customerName: 'Valid Name Clinic', ...overrides }, upload);
        expect(res).toMatchObject({ status: 400, body: { message } });
        expect(await t.store.lastPosition()).toBe(before);
        expect(await files.count()).toBe(filesBefore);
      });
    }

    const approverProblems: Array<[string, () => string]> = [
      ['the person adding', () => 'self'],
      ['a USER', () => 'user'],
      ['an unknown id', () => 'nobody'],
    ];
    for (const [what, which] of approverProblems) {
      it(`when the approver is ${what}, then 400`, async () => {
        const ids: Record<string, string> = {
          self: (await t.call('GET', '/user/me', { token: admin })).body.id,
          user: (await t.call('GET', '/user/me', { token: user })).body.id,
          nobody: 'no-such-user',
        };
        const res = await addCustomer({ customerName: 'Approver Check', approverId: ids[which()] });
        expect(res).toMatchObject({ status: 400, body: { message: 'approverId: choose an active ADMIN other than yourself' } });
      });
    }

    const badLogos: Array<[string, Upload, string]> = [
      ['a PDF renamed .png', { bytes: PDF_BYTES, name: 'logo.png', type: 'image/png' }, 'customerLogo must be a PNG, JPEG or WebP image'],
      ['an SVG', { bytes: SVG_BYTES, name: 'logo.svg', type: 'image/svg+xml' }, 'customerLogo must be a PNG, JPEG or WebP image'],
      ['a 10 MB image', { bytes: Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]), name: 'big.png' }, 'customerLogo must be at most 2 MB'],
      ['a zero-byte file', { bytes: Buffer.alloc(0), name: 'empty.png' }, 'customerLogo is an empty file'],
      ['a path-traversal file name', { bytes: PNG_1X1, name: '../../etc/evil.png' }, 'customerLogo has a file name that is not allowed'],
    ];
    for (const [what, upload, message] of badLogos) {
      it(`when the logo is ${what}, then 400 and nothing is stored`, async () => {
        const [before, filesBefore] = [await t.store.lastPosition(), await files.count()];
        const res = await addCustomer({ customerName: 'Logo Check Clinic' }, upload);
        expect(res).toMatchObject({ status: 400, body: { message } });
        expect(await t.store.lastPosition()).toBe(before);
        expect(await files.count()).toBe(filesBefore);
      });
    }
  });

  describe('PUT /customer/update', () => {
    it('when an ADMIN renames a customer and changes the logo, then both are recorded and the old name is free', async () => {
      const created = await addCustomer({ customerName: 'Rename Me Clinic' });
      const id = created.body.customer.id;
      const res = await send('PUT', '/customer/update', form({ ...fields({ customerName: 'Renamed Clinic' }), id }, { bytes: JPEG_HEADER, name: 'new.jpg' }));
      expect(res).toMatchObject({ status: 200, body: { message: 'Customer updated successfully!!', customer: { customerName: 'Renamed Clinic' } } });
      const types = (await t.store.readStream(`customer-${id}`)).map((e) => e.type);
      expect(types).toEqual(['CustomerRegistered', 'CustomerUpdated', 'CustomerLogoChanged']);
      expect((await addCustomer({ customerName: 'Rename Me Clinic' })).status).toBe(200);
    });

    it('when the customer does not exist or the id is missing, then 404 or 400', async () => {
      expect((await send('PUT', '/customer/update', form({ ...fields(), id: 'nope' }))).status).toBe(404);
      expect(await send('PUT', '/customer/update', form(fields()))).toMatchObject({ status: 400, body: { message: 'id is required' } });
    });
  });

  describe('approval with an electronic signature (POST /customer/approve/add)', () => {
    it('when asked, then check/request says only the approver may decide', async () => {
      expect((await t.call('POST', '/customer/check/request', { token: approver, body: { customerId: acmeId } })).body).toEqual({ approvalResponse: true });
      expect((await t.call('POST', '/customer/check/request', { token: admin, body: { customerId: acmeId } })).body).toEqual({ approvalResponse: false });
    });

    it('when an ADMIN who is not the approver decides, then 403', async () => {
      const res = await approve(acmeId, admin, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res).toMatchObject({ status: 403, body: { message: 'Only the designated approver can approve or reject this customer' } });
    });

    it("when the approver signs with someone else's valid credentials, then it is refused and counts as a failed attempt", async () => {
      const res = await approve(acmeId, approver, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(res).toMatchObject({ status: 403, body: { message: 'Signature refused: enter your own username and password.' } });
      const failures = (await t.store.readStream(`user-${approverId}`)).filter((e) => e.type === 'CredentialCheckFailed');
      expect(failures.at(-1)?.data).toMatchObject({ purpose: 'signature', reason: 'wrong-password', consecutiveFailures: 1 });
    });

    it('when the reason of a rejection is missing or too long, or the signature is incomplete, then 400 with the spec message', async () => {
      expect(await approve(acmeId, approver, { customerApproval: false })).toMatchObject({ status: 400, body: { message: 'changeJustification: Enter Reason' } });
      expect(await approve(acmeId, approver, { customerApproval: false, changeJustification: 'x'.repeat(256) })).toMatchObject({ status: 400, body: { message: "changeJustification: Reason can't be more than 255 characters." } });
      expect(await approve(acmeId, approver, { username: '' })).toMatchObject({ status: 400, body: { message: 'username: Enter Username' } });
      expect(await approve(acmeId, approver, { password: undefined })).toMatchObject({ status: 400, body: { message: 'password: Enter Password' } });
    });

    it('when the approver rejects with a reason, then it is Rejected with the signature and reason; approving afterwards is allowed', async () => {
      const rejected = await approve(acmeId, approver, { customerApproval: false, changeJustification: 'Contract not signed yet' });
      expect(rejected.status).toBe(200);
      expect(rejected.body.customer).toMatchObject({
        status: 'REJECTED',
        decision: { reason: 'Contract not signed yet', signature: { name: 'Alma Approver', email: 'approver@example.com', meaning: 'rejection' } },
      });
      const approved = await approve(acmeId, approver);
      expect(approved.body.customer).toMatchObject({
        status: 'APPROVED',
        searchUrl: 'http://localhost:3001/docSearch/Acme%20Medical',
        decision: { reason: null, signature: { meaning: 'approval', signerId: approverId } },
      });
      expect(approved.body.customer.approvedDate).toMatch(/^\d{4}-\d\d-\d\dT/);
      const event = (await t.store.readStream(`customer-${acmeId}`)).at(-1)!;
      expect(event.type).toBe('CustomerApproved');
      expect(event.data.signature).toMatchObject({ name: 'Alma Approver', email: 'approver@example.com', meaning: 'approval' });
    });

    it('when an approved customer is approved again, then 409', async () => {
      expect(await approve(acmeId, approver)).toMatchObject({ status: 409, body: { message: 'This customer is already approved' } });
    });

    it('when two approvals arrive at once, then exactly one wins', async () => {
      const created = await addCustomer({ customerName: 'Race Clinic' });
      const id = created.body.customer.id;
      const results = await Promise.all([approve(id, approver), approve(id, approver), approve(id, approver)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await t.store.readStream(`customer-${id}`)).filter((e) => e.type === 'CustomerApproved')).toHaveLength(1);
    });

    it('when the approver gets the password wrong five times, then the account locks', async () => {
      const created = await addCustomer({ customerName: 'Lock Clinic' });
      const id = created.body.customer.id;
      // One failure is already counted (someone else's credentials above); four more make five.
      for (let i = 0; i < 4; i++) expect((await approve(id, approver, { password: `wrong ${i}` })).status).toBe(403);
      expect((await approve(id, approver)).status).toBe(423);
      t.clock.advance(15 * 60_000 + 1000);
      // Fifteen idle minutes also ended every session: log in again.
      approver = await t.login('approver@example.com', 'approver password 1');
      admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      user = await t.login('author@example.com', 'author password 1');
      expect((await approve(id, approver)).status).toBe(200);
    });
  });

  describe('public module2 lists', () => {
    it('when listed publicly, then only approved customers appear, with no internal field', async () => {
      const res = await t.call('GET', '/module2/getApprovedCustomers');
      expect(res.status).toBe(200);
      const names = res.body.customerList.map((c: { customerName: string }) => c.customerName);
      expect(names).toContain('Acme Medical');
      expect(names).not.toContain('Jpeg Clinic');
      for (const customer of res.body.customerList) expect(Object.keys(customer).sort()).toEqual(['customerName', 'customerWebsiteLink', 'id', 'logoUrl', 'searchUrl']);
      expect((await t.call('GET', '/module2/getApprovedCustomersData')).body).toEqual(res.body);
      const acme = res.body.customerList.find((c: { customerName: string }) => c.customerName === 'Acme Medical');
      expect((await fetch(acme.logoUrl)).status).toBe(200);
    });

    it('when a customer is not approved, then its public logo is not served', async () => {
      const pending = (await t.call('GET', '/customer/list/', { token: admin })).body.customerList.find((c: { status: string }) => c.status === 'REQUIRE_APPROVAL');
      expect((await fetch(`${t.url}/module2/customerLogo/${pending.id}`)).status).toBe(404);
    });
  });

  describe('permissions: anonymous, USER, ADMIN who is not the approver, the approver', () => {
    it('when each customer endpoint is called, then only the allowed roles get through', async () => {
      const add = () => form(fields({ customerName: `Perm ${Math.random()}` }), logo);
      const update = () => form({ ...fields(), id: acmeId });
      // Anonymous: 401 everywhere.
      expect((await fetch(`${t.url}/customer/add`, { method: 'POST', body: add() })).status).toBe(401);
      expect((await fetch(`${t.url}/customer/update`, { method: 'PUT', body: update() })).status).toBe(401);
      for (const path of ['/customer/list/', `/customer/get/${acmeId}`, `/customer/logo/${acmeId}`]) expect((await t.call('GET', path)).status, path).toBe(401);
      expect((await t.call('POST', '/customer/check/request', { body: { customerId: acmeId } })).status).toBe(401);
      expect((await t.call('POST', '/customer/approve/add', { body: {} })).status).toBe(401);
      // USER: may read, may not write or decide.
      expect((await send('POST', '/customer/add', add(), user)).status).toBe(403);
      expect((await send('PUT', '/customer/update', update(), user)).status).toBe(403);
      for (const path of ['/customer/list/', `/customer/get/${acmeId}`, `/customer/logo/${acmeId}`]) expect((await t.call('GET', path, { token: user })).status, path).toBe(200);
      expect((await t.call('POST', '/customer/check/request', { token: user, body: { customerId: acmeId } })).body).toEqual({ approvalResponse: false });
      const pending = (await addCustomer({ customerName: 'Matrix Clinic' })).body.customer.id;
      expect((await approve(pending, user, { username: 'author@example.com', password: 'author password 1' })).status).toBe(403);
      // ADMIN who is not the approver: may write, may not decide.
      expect((await send('PUT', '/customer/update', update(), admin)).status).toBe(200);
      expect((await approve(pending, admin, { username: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(403);
      // The approver decides.
      expect((await approve(pending, approver)).status).toBe(200);
    });
  });
});
