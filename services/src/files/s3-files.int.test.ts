import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, type Signer } from '../../../test-support/document-arrangements';
import { makePdf } from '../../../test-support/documents';
import { PNG_1X1 } from '../../../test-support/images';
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { loadConfig } from '../platform/config';
import { LocalFileStore } from './local-file-store';
import { openFileStore } from './open-file-store';
import { S3FileStore } from './s3-file-store';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('the API with FILE_STORE=s3 (s3rver on loopback)', () => {
  let s3: TestS3Server;
  let t: TestApi;
  let approver: Signer;
  const author = { email: 's3.author@example.com', password: 's3 author password' };

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await startTestApi(s3.env);
    approver = { id: '', email: 's3.approver@example.com', password: 's3 approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password, firstName: 'Sia', lastName: 'Approver' });
    await t.createUser({ ...author, role: 'USER' });
  });
  afterAll(async () => {
    await t?.dispose();
    await s3?.stop();
  });

  it('when the configuration names a bucket the server does not have, then the store does not open, naming S3_BUCKET; without FILE_STORE files stay on the disk', async () => {
    await expect(openFileStore(loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket' }), 'k'.repeat(43))).rejects.toThrow(/S3_BUCKET no-such-bucket cannot be reached \(404/);
    expect(await openFileStore(loadConfig({ DATA_DIR: t.dataDir }), 'k'.repeat(43))).toBeInstanceOf(LocalFileStore);
  });

  const storedInBucket = async () => {
    const found: string[] = [];
    for await (const sha256 of t.api.context.files.listStored()) found.push(sha256);
    return found;
  };

  it('when a customer is added with a logo, then the logo is kept in the bucket (not on the disk) and its signed link serves it back', async () => {
    expect(t.api.context.files).toBeInstanceOf(S3FileStore);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const form = new FormData();
    for (const [key, value] of Object.entries({
      customerName: unique('Bucket Clinic '),
      contactInformation: '4930901820',
      contactEmail: 'bucket@clinic.example',
      countryExclusionList: 'DE',
      customerWebsiteLink: 'https://clinic.example',
      approverId: approver.id,
    })) form.set(key, value);
    form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const added = await fetch(`${t.url}/customer/add`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    const body = (await added.json()) as { customer: { logoUrl: string } };
    expect(added.status, JSON.stringify(body)).toBe(200);

    const image = await fetch(body.customer.logoUrl, { headers: { authorization: `Bearer ${admin}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const served = Buffer.from(await image.arrayBuffer());
    // Re-encoded on the way in (the same picture, not the same bytes), and kept under the hash of what is served.
    expect(await sharp(served).raw().toBuffer()).toEqual(await sharp(PNG_1X1).raw().toBuffer());
    expect(await storedInBucket()).toContain(sha(served));
    expect((await t.api.context.files.count()).staged).toBe(0);
    const filesDir = join(t.dataDir, 'files');
    expect(existsSync(filesDir) ? readdirSync(filesDir) : []).toEqual([]);
  });

  it('when a change order is added with its PDFs, then they are staged and committed in the bucket, and the download link serves their bytes', async () => {
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Bucket Customer '));
    const lotNumber = unique('LOT-S3-');
    const pdf = await makePdf(`IFU ${lotNumber}`, 'kept in an S3 bucket');
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: unique('Bucket Stent '), children: [{ lotNumber, partNumber: 'PN-S3', pdf }] });
    expect(await storedInBucket()).toContain(sha(pdf));
    expect((await t.api.context.files.count()).staged).toBe(0);

    const token = await t.login(approver.email, approver.password);
    const view = await t.call('GET', `/document/get/${parentChangeId}`, { token });
    const [child] = view.body.children as Array<{ childDocumentId: string }>;
    const link = await t.call('GET', `/document/getDocumentDownload/${child!.childDocumentId}`, { token });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const download = await fetch(link.body.documentPath as string);
    expect(download.status).toBe(200);
    // The stored bytes unchanged, then the currency page the download appends (eifu/currency-stamp.ts).
    const served = Buffer.from(await download.arrayBuffer());
    expect(sha(served.subarray(0, pdf.length))).toBe(sha(pdf));
  });
});
