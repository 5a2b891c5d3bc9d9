import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logoPart, makePdf, multipart, pdfPart, sendForm } from '../../../../test-support/documents';
import { apiSpec, unique } from '../../../../test-support/specs';
import { startTestApi, type TestApi } from '../../../../test-support/test-api';

const KB = 1024;

/**
 * One user's uploads are bounded: at most UPLOAD_RATE_LIMIT uploads per window (429), and at
 * most UPLOAD_STAGING_QUOTA_BYTES staged and not yet submitted (413). A refused upload leaves no file and no event.
 */
describe('upload limits per user: rate and staging quota (issue 19, finding 3)', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let small: Buffer;
  /** A real PDF of about 80 KB (padding after its end, which readers ignore). */
  let large: Buffer;

  beforeAll(async () => {
    t = await startTestApi({ UPLOAD_STAGING_QUOTA_BYTES: String(128 * KB), UPLOAD_RATE_LIMIT: '4', UPLOAD_RATE_WINDOW_MINUTES: '15' });
    spec = apiSpec(t);
    small = await makePdf('Instructions for use');
    large = Buffer.concat([small, Buffer.alloc(80 * KB - small.length, 0x20)]);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const author = async () => {
    const email = `${unique('limits-')}@example.com`;
    await t.createUser({ email, role: 'USER', password: 'a long password 1' });
    return t.login(email, 'a long password 1');
  };
  const uploadChild = (token: string, pdf: Buffer) =>
    sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'false' }, [pdfPart('childMainDocument', pdf)]), token);
  const quotaMessage =
    'Your uploads not yet submitted would exceed 128 KB. Submit the documents you uploaded (unsubmitted uploads are removed after 24 hours), then upload again.';

  it('when a user’s staged uploads would exceed the staging quota, then 413 with the quota named, and the file is not kept', async () => {
    const token = await author();
    expect((await uploadChild(token, large)).status).toBe(200);
    const answer = await spec.when(() => uploadChild(token, large)).thenNothingStored(413, quotaMessage);
    expect(answer.body.code).toBe('upload-quota-exceeded');
    // Another user's quota is their own.
    expect((await uploadChild(await author(), large)).status).toBe(200);
  });

  it('when one upload alone is larger than the staging quota, then 413 while it streams, and nothing is kept', async () => {
    const token = await author();
    const files = [pdfPart('parentDocuments', large, 'a.pdf'), pdfPart('parentDocuments', large, 'b.pdf'), logoPart()];
    await spec.when(() => sendForm(t.url, 'POST', '/document/addDocumentFiles', multipart({ isParent: 'true' }, files), token)).thenNothingStored(413, quotaMessage);
  });

  it('when two uploads of one user race for the last room in the quota, then one is kept and the other refused with 413', async () => {
    const token = await author();
    const answers = await Promise.all([uploadChild(token, large), uploadChild(token, large)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 413]);
    expect((await t.api.context.files.count()).staged).toBeGreaterThan(0);
  });

  it('when a user uploads more often than UPLOAD_RATE_LIMIT per window, then 429 before anything is read, and nothing is stored', async () => {
    const token = await author();
    for (let i = 0; i < 4; i += 1) expect((await uploadChild(token, small)).status).toBe(200);
    const answer = await spec
      .when(() => uploadChild(token, small))
      .thenNothingStored(429, 'Too many uploads: at most 4 every 15 minutes. Please wait a few minutes and try again.');
    expect(answer.body.code).toBe('upload-rate-limited');
    // The limit is per user.
    expect((await uploadChild(await author(), small)).status).toBe(200);
  });
});
