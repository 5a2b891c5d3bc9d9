import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { JPEG_2X2, JPEG_MAGIC_THEN_HTML, PDF_BYTES, pngClaiming, PNG_1X1, SVG_BYTES, WEBP_2X2, WEBP_MAGIC_THEN_HTML } from '../../../test-support/images';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import type { FileStore } from '../platform/file-store';

interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}

/** An ADMIN who approves customers, with a session: each test that signs gets its own, so lockout counts stay its own. */
interface Approver {
  id: string;
  email: string;
  password: string;
  token: string;
}

describe('customers over HTTP', () => {
  let t: TestApi;
  let admin: string; // registers customers; never the approver
  let user: string;
  let files: FileStore;
  let spec: ReturnType<typeof apiSpec>;
  let sharedApprover: Approver; // for tests that do not sign

  const newApprover = async (name = 'Alma Approver'): Promise<Approver> => {
    const email = `${unique('approver-')}@example.com`;
    const password = 'approver password 1';
    const [firstName, lastName] = name.split(' ') as [string, string];
    const id = await t.createUser({ email, role: 'ADMIN', password, firstName, lastName });
    return { id, email, password, token: await t.login(email, password) };
  };

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    sharedApprover = await newApprover();
    await t.createUser({ email: 'author@example.com', role: 'USER', password: 'author password 1' });
    user = await t.login('author@example.com', 'author password 1');
    files = t.api.context.files;
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
  const send = async (method: 'POST' | 'PUT', path: string, body: FormData, token = admin, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.url}${path}`, { method, body, headers: { authorization: `Bearer ${token}`, ...headers } });
    return { status: response.status, body: (await response.json()) as any, headers: response.headers }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const fields = (overrides: Record<string, string | undefined> = {}, approver = sharedApprover) => ({
    customerName: unique('Clinic '),
    contactInformation: '+1 (555) 010-2030',
    contactEmail: 'Contact@Acme.example',
    countryExclusionList: 'us, DE,us',
    customerWebsiteLink: 'https://acme.example',
    approverId: approver.id,
    ...overrides,
  });
  const logo: Upload = { bytes: PNG_1X1, name: 'acme.png' };
  const addCustomer = (overrides: Record<string, string | undefined> = {}, upload: Upload | null = logo, approver = sharedApprover) =>
    send('POST', '/customer/add', form(fields(overrides, approver), upload ?? undefined));
  /** A new customer awaiting `approver`'s decision; its id. */
  const givenCustomer = async (approver = sharedApprover, name = unique('Clinic ')) => {
    const res = await addCustomer({ customerName: name }, logo, approver);
    expect(res.status).toBe(200);
    return res.body.customer.id as string;
  };
  /** A decision as the screen sends it: with the version the approver reviewed (`headers` replaces it). */
  const approve = async (customerId: string, approver: Approver, overrides: Record<string, unknown> = {}, token = approver.token, headers?: Record<string, string>) =>
    t.call('POST', '/customer/approve/add', {
      token,
      headers: headers ?? (await reviewedCustomer(t, token, customerId)),
      body: { customerId, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Customer approval', username: approver.email, password: approver.password, ...overrides },
    });

  describe('POST /customer/add', () => {
    it('when an ADMIN adds a customer with a logo and another ADMIN as approver, then it awaits approval with normalized fields', async () => {
      const approver = await newApprover();
      const name = unique('Acme Medical ');
      const { answer: res } = await spec.when(() => addCustomer({ customerName: name }, logo, approver)).then({
        status: 200,
        body: { message: 'Customer Added Successfully!!' },
        events: [
          { stream: `customer-name-${name.toLowerCase()}`, type: 'CustomerNameClaimed' },
          { stream: /^customer-[0-9a-f-]{36}$/, type: 'CustomerRegistered', data: { customerName: name, logo: { sha256: expect.any(String), contentType: 'image/png' } } },
        ],
      });
      expect(res.body.customer).toMatchObject({
        customerName: name,
        contactInformation: '15550102030',
        contactEmail: 'contact@acme.example',
        countryExclusionList: 'US,DE',
        status: 'REQUIRE_APPROVAL',
        approver: { id: approver.id, name: 'Alma Approver', email: approver.email },
        approvedDate: null,
        searchUrl: null,
        version: 1,
      });
      const image = await fetch(res.body.customer.logoUrl, { headers: { authorization: `Bearer ${admin}` } });
      expect(image.headers.get('content-type')).toBe('image/png');
      // Stored as a fresh encoding of the decoded pixels: the same picture, not the same bytes.
      const served = Buffer.from(await image.arrayBuffer());
      expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(PNG_1X1).raw().toBuffer());
      const stream = await t.store.readStream(`customer-${res.body.customer.id}`);
      expect(stream.map((e) => e.type)).toEqual(['CustomerRegistered']);
      expect(stream[0]!.metadata.actor).toMatchObject({ email: ADMIN_EMAIL });
    });

    it('when three customers with one name are added at once, then exactly one is registered (its claim blocks while its creation is under way)', async () => {
      const name = unique('Race Clinic ');
      const results = await Promise.all([1, 2, 3].map(() => addCustomer({ customerName: name })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      const list = (await t.call('GET', '/customer/list/', { token: admin })).body.customerList as Array<{ customerName: string }>;
      expect(list.filter((c) => c.customerName === name)).toHaveLength(1);
    });

    it('when the name is taken (any case), then 409 and nothing is stored', async () => {
      const name = unique('Taken Clinic ');
      await givenCustomer(sharedApprover, name);
      await spec.when(() => addCustomer({ customerName: name.toUpperCase() })).thenNothingStored(409, 'A customer with this name already exists');
    });

    it('when JPEG and WebP logos are given, then they are accepted by their bytes', async () => {
      expect((await addCustomer({}, { bytes: JPEG_2X2, name: 'logo.bin', type: 'application/octet-stream' })).body.customer.logoUrl).toBeTruthy();
      expect((await addCustomer({}, { bytes: WEBP_2X2, name: 'logo.webp' })).status).toBe(200);
    });

    it('when the same logo is uploaded for two customers, then it is stored once', async () => {
      // A picture no other test uploads: one pixel of a random colour.
      const colour = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
      const bytes = await sharp({ create: { width: 1, height: 1, channels: 3, background: colour } }).png().toBuffer();
      const before = await files.count();
      await addCustomer({}, { bytes, name: 'one.png' });
      await addCustomer({}, { bytes, name: 'two.png' });
      expect(await files.count()).toEqual({ stored: before.stored + 1, staged: 0 });
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
        await spec.when(() => addCustomer(overrides, upload)).thenNothingStored(400, message);
      });
    }

    const approverProblems: Array<[string, () => Promise<string>]> = [
      ['the person adding', async () => (await t.call('GET', '/user/me', { token: admin })).body.id],
      ['a USER', async () => (await t.call('GET', '/user/me', { token: user })).body.id],
      ['an unknown id', async () => 'no-such-user'],
    ];
    for (const [what, approverId] of approverProblems) {
      it(`when the approver is ${what}, then 400 and nothing is stored (no name claimed, no logo kept)`, async () => {
        const id = await approverId();
        await spec.when(() => addCustomer({ approverId: id })).thenNothingStored(400, 'approverId: choose an active ADMIN other than yourself');
      });
    }

    const badLogos: Array<[string, Upload, string]> = [
      ['a PDF renamed .png', { bytes: PDF_BYTES, name: 'logo.png', type: 'image/png' }, 'The logo must be a PNG, JPEG or WebP image'],
      ['an SVG', { bytes: SVG_BYTES, name: 'logo.svg', type: 'image/svg+xml' }, 'The logo must be a PNG, JPEG or WebP image'],
      ['a 10 MB image', { bytes: Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]), name: 'big.png' }, 'The logo must be at most 2 MB'],
      ['a zero-byte file', { bytes: Buffer.alloc(0), name: 'empty.png' }, 'The logo is an empty file'],
      ['a path-traversal file name', { bytes: PNG_1X1, name: '../../etc/evil.png' }, 'The logo has a file name that is not allowed'],
      // Every image is decoded, its size capped.
      ['JPEG magic followed by HTML', { bytes: JPEG_MAGIC_THEN_HTML, name: 'logo.jpg', type: 'image/jpeg' }, 'The logo must be a PNG, JPEG or WebP image'],
      ['WebP magic followed by HTML', { bytes: WEBP_MAGIC_THEN_HTML, name: 'logo.webp', type: 'image/webp' }, 'The logo must be a PNG, JPEG or WebP image'],
      ['a 20000 × 20000 PNG', { bytes: pngClaiming(20_000, 20_000), name: 'huge.png' }, 'The logo is too large: at most 4096 × 4096 pixels'],
      ['a header-only 100000 × 100000 PNG', { bytes: pngClaiming(100_000, 100_000), name: 'bomb.png' }, 'The logo is too large: at most 4096 × 4096 pixels'],
    ];
    for (const [what, upload, message] of badLogos) {
      it(`when the logo is ${what}, then 400 and nothing is stored`, async () => {
        await spec.when(() => addCustomer({}, upload)).thenNothingStored(400, message);
      });
    }

    it('when two logos are sent, then 400 and neither is kept', async () => {
      const body = form(fields(), logo);
      body.append('customerLogo', new Blob([new Uint8Array(JPEG_2X2)], { type: 'image/jpeg' }), 'second.jpg');
      await spec.when(() => send('POST', '/customer/add', body)).thenNothingStored(400, 'At most 1 file is accepted in the field customerLogo');
    });
  });

  describe('PUT /customer/update', () => {
    it('when an ADMIN renames a customer and changes the logo, then both are recorded and the old name is free', async () => {
      const oldName = unique('Rename Me Clinic ');
      const newName = unique('Renamed Clinic ');
      const id = await givenCustomer(sharedApprover, oldName);
      const res = await send('PUT', '/customer/update', form({ ...fields({ customerName: newName }), id }, { bytes: JPEG_2X2, name: 'new.jpg' }));
      expect(res).toMatchObject({ status: 200, body: { message: 'Customer updated successfully!!', customer: { customerName: newName, version: 3 } } });
      expect(res.headers.get('etag')).toBe('"3"');
      const types = (await t.store.readStream(`customer-${id}`)).map((e) => e.type);
      expect(types).toEqual(['CustomerRegistered', 'CustomerUpdated', 'CustomerLogoChanged']);
      expect((await addCustomer({ customerName: oldName })).status).toBe(200);
    });

    it('when the customer does not exist or the id is missing, then 404 or 400', async () => {
      expect((await send('PUT', '/customer/update', form({ ...fields(), id: 'nope' }))).status).toBe(404);
      expect(await send('PUT', '/customer/update', form(fields()))).toMatchObject({ status: 400, body: { message: 'id is required' } });
    });

    it('when the client sends the version it saw (If-Match) and the customer changed since, then 409 and nothing is stored', async () => {
      const id = await givenCustomer();
      const seen = (await t.call('GET', `/customer/get/${id}`, { token: admin })).headers.get('etag')!;
      expect(seen).toBe('"1"');
      expect((await send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'first@acme.example' }), id }), admin, { 'if-match': seen })).status).toBe(200);
      await spec
        .when(() => send('PUT', '/customer/update', form({ ...fields({ contactEmail: 'second@acme.example' }), id }), admin, { 'if-match': seen }))
        .thenNothingStored(409, 'Someone else changed this record at the same time. Reload and try again.');
    });

    it('when the rename is refused because the name is taken, then the customer keeps its name and nothing is stored', async () => {
      const taken = unique('Owned Clinic ');
      await givenCustomer(sharedApprover, taken);
      const id = await givenCustomer();
      await spec.when(() => send('PUT', '/customer/update', form({ ...fields({ customerName: taken }), id }))).thenNothingStored(409, 'A customer with this name already exists');
    });
  });

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
      expect(res.body.message).toMatch(/Since then: Updated customer: [^|]*contactEmail \(System Administrator, \d{4}-\d\d-\d\d \d\d:\d\d UTC\)\. Review it again, then sign\.$/);
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
