import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerSteps, startCustomerApi, type CustomerApi } from '../customer-api.fixtures';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('GET /customer/logo/:id: the stored bytes, conditional on their content address', () => {
  let api: CustomerApi;
  beforeAll(async () => {
    api = await startCustomerApi();
  });
  afterAll(async () => {
    await api?.t.dispose();
  });
  const { givenCustomer } = customerSteps(() => api);
  const get = (id: string, headers: Record<string, string> = {}, token: string | null = api.user) =>
    fetch(`${api.t.url}/customer/logo/${id}`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

  it('when the logo is read, then it answers the stored file with a strong ETag; naming that ETag answers 304 without a body, another ETag the bytes', async () => {
    const id = await givenCustomer();
    const first = await get(id);
    expect(first.status).toBe(200);
    const bytes = Buffer.from(await first.arrayBuffer());
    // The ETag is the content address of exactly the bytes sent, and they are the stored file.
    const address = sha256(bytes);
    expect(first.headers.get('etag')).toBe(`"${address}"`);
    expect(bytes.equals(readFileSync(join(api.t.api.context.config.FILES_DIR, address)))).toBe(true);
    expect(first.headers.get('content-type')).toBe('image/png');
    expect(first.headers.get('content-length')).toBe(String(bytes.length));
    expect(first.headers.get('cache-control')).toBe('private, max-age=300');

    const again = await get(id, { 'if-none-match': `"${address}"` });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(`"${address}"`);
    expect(again.headers.get('cache-control')).toBe('private, max-age=300');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // One of several validators, or the weak form of this one (RFC 9110: If-None-Match compares weakly).
    expect((await get(id, { 'if-none-match': `"${'0'.repeat(64)}", "${address}"` })).status).toBe(304);
    expect((await get(id, { 'if-none-match': `W/"${address}"` })).status).toBe(304);
    // fetch() sends `Cache-Control: no-cache` with it, as here: a directive for caches; this is the origin validating.
    expect((await get(id, { 'if-none-match': `"${address}"`, 'cache-control': 'no-cache' })).status).toBe(304);

    const other = await get(id, { 'if-none-match': `"${'0'.repeat(64)}"` });
    expect(other.status).toBe(200);
    expect(Buffer.from(await other.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('when a conditional request has no session, or names a customer without a logo, then it is refused as before: no 304 for anyone', async () => {
    const id = await givenCustomer();
    const address = sha256(Buffer.from(await (await get(id)).arrayBuffer()));
    const anonymous = await get(id, { 'if-none-match': `"${address}"` }, null);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('etag')).not.toContain(address);
    const unknown = await get('00000000-0000-4000-8000-000000000000', { 'if-none-match': `"${address}"` });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('etag')).not.toContain(address);
  });

  it('when the caller is not who they were, or the id names nothing, then the logo answers what every staff route answers, in the same order', async () => {
    const id = await givenCustomer();
    // The logo's row is read in the session's statement: the guard's refusals must still come first, and the same.
    const both = async (token: string | undefined, logoId = id) => {
      const [logo, record] = await Promise.all([api.t.call('GET', `/customer/logo/${logoId}`, { token }), api.t.call('GET', `/customer/get/${logoId}`, { token })]);
      return { logo: { status: logo.status, body: logo.body }, record: { status: record.status, body: record.body } };
    };
    const anonymous = await both(undefined, 'not-a-uuid');
    expect(anonymous.logo).toEqual(anonymous.record);
    expect(anonymous.logo.status).toBe(401);

    const token = await api.t.login('author@example.com', 'author password 1');
    expect((await get('not-a-uuid', {}, token)).status).toBe(404);
    expect((await api.t.call('GET', '/customer/logo/not-a-uuid', { token })).body).toEqual((await api.t.call('GET', `/customer/logo/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`, { token })).body);
    expect((await api.t.call('POST', '/user/logout', { token })).status).toBe(200);
    const loggedOut = await both(token);
    expect(loggedOut.logo).toEqual(loggedOut.record);
    expect(loggedOut.logo.status).toBe(401);
  });

  it('when the stored file was changed on disk, then its download is cut instead of passing the changed bytes; put back, it is served again', async () => {
    const id = await givenCustomer();
    const bytes = Buffer.from(await (await get(id)).arrayBuffer());
    const path = join(api.t.api.context.config.FILES_DIR, sha256(bytes));
    // Same length, one byte flipped near the end: only the checksum can tell.
    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 5] = (tampered[tampered.length - 5]! + 1) % 256;
    writeFileSync(path, tampered);
    try {
      // Cut before the answer's last bytes (here before its head: the file is one chunk, held back until checked).
      await expect(get(id).then((res) => res.arrayBuffer())).rejects.toThrow();
    } finally {
      writeFileSync(path, bytes);
    }
    expect(Buffer.from(await (await get(id)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});
