import { rmSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../../test-support/images';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

/** Collects what the API logs, one parsed JSON object a line. */
class LogLines extends Writable {
  readonly lines: Array<Record<string, unknown>> = [];
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) this.lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  }
}

describe('HTTP plumbing: request logs, session activity, relative directories', () => {
  let t: TestApi;
  const logs = new LogLines();
  beforeAll(async () => {
    // DATA_DIR given relative to the working directory, as the default './data' is.
    t = await startTestApi({}, { logger: pino({ level: 'info' }, logs) });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when a request is answered, then it is logged as one short line with method, path, status and time, without headers', async () => {
    await t.call('GET', '/user/me', { headers: { 'x-request-id': 'log-line-test-0001', cookie: 'secret=1', 'user-agent': 'probe' } });
    const mine = logs.lines.filter((line) => line.reqId === 'log-line-test-0001');
    const answered = mine.filter((line) => typeof line.status === 'number');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ msg: expect.stringMatching(/^GET \/user\/me 401 \d+\.\d ms authentication-required$/), status: 401, ms: expect.any(Number), code: 'authentication-required' });
    expect(JSON.stringify(mine)).not.toMatch(/cookie|secret=1|user-agent|probe/i);
  });

  it('when a logged-in user makes requests, then session activity is written at most every 15 s, and idleness is still exact', async () => {
    const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const lastSeen = async () =>
      new Date((await t.database.db.query<{ last_seen_at: Date }>('SELECT last_seen_at FROM sessions ORDER BY created_at DESC LIMIT 1')).rows[0]!.last_seen_at).getTime();
    const written = await lastSeen();
    for (let i = 0; i < 4; i++) {
      t.clock.advance(3_000);
      expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
    }
    expect(await lastSeen()).toBe(written);
    t.clock.advance(4_000);
    expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
    expect(await lastSeen()).toBeGreaterThanOrEqual(written + 15_000);
    // Active 10 s after that write: 9.9 idle minutes later the session is still good (this process remembers).
    t.clock.advance(10_000);
    expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
    t.clock.advance(9.9 * 60_000);
    expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
    t.clock.advance(10 * 60_000);
    expect((await t.call('GET', '/user/me', { token })).status).toBe(401);
  });

  it('when DATA_DIR is relative, then uploaded logos are stored and served from the absolute directory it names', async () => {
    const dataDir = `${relative(process.cwd(), t.dataDir)}-relative`;
    const relativeApi = await startTestApi({ DATA_DIR: dataDir });
    try {
      expect(relativeApi.api.context.config.FILES_DIR.startsWith('/')).toBe(true);
      const admin = await relativeApi.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const approverId = await relativeApi.createUser({ email: 'approver@example.com', role: 'ADMIN', password: 'approver password 1' });
      const body = new FormData();
      for (const [key, value] of Object.entries({ customerName: 'Relative Clinic', contactInformation: '5550102030', contactEmail: 'a@b.example', approverId })) body.set(key, value);
      body.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
      const added = await fetch(`${relativeApi.url}/customer/add`, { method: 'POST', body, headers: { authorization: `Bearer ${admin}` } });
      const { customer } = (await added.json()) as { customer: { logoUrl: string } };
      const logo = await fetch(customer.logoUrl.replace('http://localhost', 'http://127.0.0.1'), { headers: { authorization: `Bearer ${admin}` } });
      expect(logo.status).toBe(200);
      expect(logo.headers.get('content-type')).toBe('image/png');
      expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } finally {
      await relativeApi.dispose();
      rmSync(resolve(dataDir), { recursive: true, force: true });
    }
  });

  it('when a file has a signed URL, then it is served without a token until the link expires; a changed link is refused', async () => {
    const now = t.clock.now();
    const staged = await t.api.context.files.stage(Readable.from([PNG_1X1]), { field: 'f', types: ['image/png'], typesInWords: 'a PNG', maxBytes: 1024 }, 'f.png');
    const stored = await t.api.context.files.commit(staged);
    const url = t.api.context.files.urls.sign(stored, { ttlSeconds: 60, filename: 'logo.png' }, now).replace(/^http:\/\/localhost:\d+/, t.url);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('content-disposition')).toContain('filename="logo.png"');
    expect(Buffer.from(await ok.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect(await (await fetch(url.replace('name=logo.png', 'name=evil.html'))).json()).toMatchObject({ code: 'file-link-invalid' });
    t.clock.advance(61_000);
    expect((await fetch(url)).status).toBe(404);
  });

  it('when a client sends an X-Request-Id, then only a strict one is kept as the correlation id of the events (issue 8, finding 15)', async () => {
    // A USER: the first ADMIN has a second factor, so its password step records no login.
    await t.createUser({ email: 'request.ids@example.com', role: 'USER', password: 'request ids password 1' });
    const login = (id: string) => t.call('POST', '/user/get/token', { body: { username: 'request.ids@example.com', password: 'request ids password 1' }, headers: { 'x-request-id': id } });
    const lastLogin = async () => (await t.store.readAll(0, 100_000)).filter((e) => e.type === 'LoginSucceeded').at(-1)!.metadata.correlationId;
    expect((await login('good-request-id-0001')).headers.get('x-request-id')).toBe('good-request-id-0001');
    expect(await lastLogin()).toBe('good-request-id-0001');
    for (const bad of ['<script>alert(1)</script>', 'short', 'x'.repeat(65), 'has space in it']) {
      const answer = await login(bad);
      const given = answer.headers.get('x-request-id')!;
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lastLogin()).toBe(given);
    }
  });
});
