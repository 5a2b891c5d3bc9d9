import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedSecrets, startApiProcess, type ChildServer } from '../../../test-support/api-process';
import { PNG_1X1 } from '../../../test-support/images';
import { startS3Server, type TestS3Server } from '../../../test-support/s3-server';
import { createServerDatabase, type ServerDatabase } from '../../../test-support/server-database';
import { completeLogIn } from '../../../test-support/http-client';
import { skipUnless } from '../../../test-support/machine-needs';


const ADMIN = { email: 'first.admin@example.com', password: 'correct horse battery staple' };

/**
 * API instances on different hosts share their files through the bucket. Each instance here has a
 * data directory of its own (no shared disk): a file uploaded through one is served by the other.
 */
describe.skipIf(skipUnless(['postgres-server']))('files on S3 behind two API instances (real processes, s3rver, PostgreSQL server)', () => {
  let database: ServerDatabase;
  let s3: TestS3Server;
  const dataDirs: string[] = [];
  const apis: ChildServer[] = [];

  beforeAll(async () => {
    database = await createServerDatabase('ifu_s3_files');
    s3 = await startS3Server();
    dataDirs.push(mkdtempSync(join(tmpdir(), 'ifu-host-a-')), mkdtempSync(join(tmpdir(), 'ifu-host-b-')));
    const env = { DATABASE_URL: database.url, ...sharedSecrets(), ...s3.env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_DELAY_MS: '0' };
    // One after the other: the first migrates the database and creates the first administrator.
    for (const dataDir of dataDirs) apis.push(await startApiProcess({ ...env, DATA_DIR: dataDir }));
  });
  afterAll(async () => {
    for (const api of apis) await api.stop();
    await s3?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const call = async (api: ChildServer, method: string, path: string, token: string | undefined, body: unknown) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    const init: RequestInit = body instanceof FormData ? { method, body, headers } : { method, body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } };
    const response = await fetch(`${api.url}${path}`, init);
    const answer = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}\n${api.output()}`).toBe(200);
    return answer;
  };

  it('when a logo is uploaded through one instance, then the other serves it from the bucket; neither keeps it on its disk', async () => {
    const [hostA, hostB] = apis as [ChildServer, ChildServer];
    // An ADMIN sets up a second factor at the first login: the test helpers do it as a person would.
    const token = await completeLogIn(hostA.url, ADMIN.email, await call(hostA, 'POST', '/user/get/token', undefined, { username: ADMIN.email, password: ADMIN.password }));
    const approver = await call(hostA, 'POST', '/user/add', token, { email: 'bucket.approver@example.com', firstName: 'Bea', lastName: 'Approver', role: 'ADMIN', isTrainingCompleted: true });
    const form = new FormData();
    for (const [key, value] of Object.entries({
      customerName: 'Two Hosts Clinic',
      contactInformation: '4930901820',
      contactEmail: 'hosts@clinic.example',
      countryExclusionList: 'DE',
      customerWebsiteLink: 'https://clinic.example',
      approverId: approver.user.id as string,
    })) form.set(key, value);
    form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const added = await call(hostA, 'POST', '/customer/add', token, form);

    const link = new URL(added.customer.logoUrl as string);
    const image = await fetch(`${hostB.url}${link.pathname}${link.search}`, { headers: { authorization: `Bearer ${token}` } });
    expect(image.status, hostB.output()).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(await sharp(Buffer.from(await image.arrayBuffer())).raw().toBuffer()).toEqual(await sharp(PNG_1X1).raw().toBuffer());
    for (const dir of dataDirs) expect(existsSync(join(dir, 'files')) ? readdirSync(join(dir, 'files')) : []).toEqual([]);
  });
});
