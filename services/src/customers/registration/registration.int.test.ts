import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { JPEG_2X2, JPEG_MAGIC_THEN_HTML, PDF_BYTES, pngClaiming, PNG_1X1, SVG_BYTES, WEBP_2X2, WEBP_MAGIC_THEN_HTML } from '../../../../test-support/images';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, type TestApi } from '../../../../test-support/test-api';
import type { FileStore } from '../../platform/file-store';
import { type Approver, type CustomerApi, customerSteps, logo, startCustomerApi, type Upload } from '../customer-api.fixtures';

describe('customers over HTTP', () => {
  let t: TestApi;
  let admin: string; // registers customers; never the approver
  let user: string;
  let files: FileStore;
  let spec: CustomerApi['spec'];
  let sharedApprover: Approver; // for tests that do not sign

  beforeAll(async () => {
    ({ t, admin, user, files, spec, sharedApprover } = await startCustomerApi());
  });
  afterAll(async () => {
    await t?.dispose();
  });
  const { newApprover, form, send, fields, addCustomer, givenCustomer } = customerSteps(() => ({ t, admin, sharedApprover }));

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
});
