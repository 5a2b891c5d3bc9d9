import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { expectEvery } from '../../../test-support/list-expectations';

describe('login over HTTP (POST /user/verify/email, POST /user/get/token, POST /user/logout)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const eventsOf = async (type: string) => (await t.store.readAll(0, 10_000)).filter((e) => e.type === type);

  describe('POST /user/verify/email', () => {
    it('when the email belongs to the bootstrap admin (any case), then it exists, is active and has an active password', async () => {
      const res = await t.call('POST', '/user/verify/email', { body: { email: ADMIN_EMAIL.toUpperCase() } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ emailExist: true, userActive: true, passwordActive: true });
    });

    it('when the email is unknown, then all three are false', async () => {
      const res = await t.call('POST', '/user/verify/email', { body: { email: 'nobody@example.com' } });
      expect(res.body).toEqual({ emailExist: false, userActive: false, passwordActive: false });
    });

    it('when the password is older than 90 days, then passwordActive is false', async () => {
      await t.createUser({ email: 'old@example.com', role: 'USER', password: 'an old password 123', passwordSetAt: new Date(Date.now() - 91 * 86_400_000) });
      const res = await t.call('POST', '/user/verify/email', { body: { email: 'old@example.com' } });
      expect(res.body).toEqual({
        emailExist: true,
        userActive: true,
        passwordActive: false,
        passwordExpired: true,
        message: 'A link to set your password has been sent to your email.',
      });
      expect(t.mails().at(-1)).toMatchObject({ to: 'old@example.com', subject: 'IFU Portal: your password has expired' });
      expect(t.passwordLinkToken('old@example.com')).toMatch(/^[\w-]{43}$/);
    });
  });

  describe('bad input to both endpoints gets 400 with a message and writes nothing', () => {
    const cases: Array<[string, string, { body?: unknown; raw?: string }, string]> = [
      ['/user/verify/email', 'missing email', { body: {} }, 'email is required'],
      ['/user/verify/email', 'email of the wrong type', { body: { email: 42 } }, 'email must be a string'],
      ['/user/verify/email', 'malformed email', { body: { email: 'not-an-email' } }, 'email: Please enter valid email address.'],
      ['/user/verify/email', 'malformed JSON', { raw: '{"email": ' }, 'Request body is not valid JSON'],
      ['/user/verify/email', 'a JSON array', { raw: '[]' }, 'Request body must be a JSON object'],
      ['/user/verify/email', 'a 1 MB body', { raw: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(1024 * 1024) }) }, 'Request body is too large'],
      ['/user/get/token', 'missing username', { body: { password: 'x' } }, 'username is required'],
      ['/user/get/token', 'missing password', { body: { username: ADMIN_EMAIL } }, 'password is required'],
      ['/user/get/token', 'password of the wrong type', { body: { username: ADMIN_EMAIL, password: 12345 } }, 'password must be a string'],
      ['/user/get/token', 'username of the wrong type', { body: { username: ['a'], password: 'x' } }, 'username must be a string'],
      ['/user/get/token', 'malformed JSON', { raw: '{username:' }, 'Request body is not valid JSON'],
      ['/user/get/token', 'a 1 MB body', { raw: JSON.stringify({ username: ADMIN_EMAIL, password: 'x'.repeat(1024 * 1024) }) }, 'Request body is too large'],
    ];
    for (const [path, what, request, message] of cases) {
      it(`when ${path} gets ${what}, then 400 '${message}'`, async () => {
        const before = await t.store.lastPosition();
        const res = await t.call('POST', path, request);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ message, code: expect.stringMatching(/^(invalid-request|body-not-json|body-too-large)$/) });
        expect(await t.store.lastPosition()).toBe(before);
      });
    }
  });

  describe('POST /user/get/token', () => {
    it('when the credentials are right, then it answers the role and a bearer token that works, and records LoginSucceeded', async () => {
      const res = await t.call('POST', '/user/get/token', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(res.status).toBe(200);
      // The first ADMIN has no second factor yet: the session works for /user/me and enrolling one.
      expect(res.body).toMatchObject({ role: 'ADMIN', email: ADMIN_EMAIL, firstName: 'System', lastName: 'Administrator', secondFactorEnrolmentRequired: true });
      expect(res.body.message).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const me = await t.call('GET', '/user/me', { token: res.body.message });
      expect(me).toMatchObject({ status: 200, body: { email: ADMIN_EMAIL, secondFactorEnrolled: false, secondFactorRequired: true } });
      const succeeded = await eventsOf('LoginSucceeded');
      expect(succeeded.at(-1)?.metadata).toMatchObject({ actor: { type: 'user', email: ADMIN_EMAIL }, ip: expect.any(String) });
    });

    it('when the email is unknown, then 401 Authentication failure and nothing is recorded', async () => {
      const before = await t.store.lastPosition();
      const res = await t.call('POST', '/user/get/token', { body: { username: 'ghost@example.com', password: 'whatever it is' } });
      expect(res).toMatchObject({ status: 401, body: { message: 'Authentication failure' } });
      expect(await t.store.lastPosition()).toBe(before);
    });

    it('when the password is expired, then the right password is refused with a hint', async () => {
      const res = await t.call('POST', '/user/get/token', { body: { username: 'old@example.com', password: 'an old password 123' } });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe("Your password has expired. Use 'Forgot Password?' to set a new one.");
    });

    it('when five wrong passwords come in a row, then the sixth attempt is refused even with the right password, and the log shows why', async () => {
      const email = 'locked@example.com';
      const password = 'the right password 1';
      const userId = await t.createUser({ email, role: 'USER', password });
      for (let i = 1; i <= 5; i++) {
        const res = await t.call('POST', '/user/get/token', { body: { username: email, password: `wrong ${i}` } });
        expect(res).toMatchObject({ status: 401, body: { message: 'Authentication failure' } });
      }
      const sixth = await t.call('POST', '/user/get/token', { body: { username: email, password } });
      expect(sixth.status).toBe(423);
      expect(sixth.body.message).toMatch(/^This account is locked after 5 failed attempts\. Try again after \d\d:\d\d UTC\.$/);

      // The account record keeps its own stream; the password and every sign-in attempt go to its credentials stream.
      expect((await t.store.readStream(`user-${userId}`)).map((e) => e.type)).toEqual(['UserRegistered']);
      const stream = await t.store.readStream(`user-credentials-${userId}`);
      expect(stream.map((e) => [e.type, e.data.reason ?? null])).toEqual([
        ['PasswordSet', null],
        ['LoginFailed', 'wrong-password'],
        ['LoginFailed', 'wrong-password'],
        ['LoginFailed', 'wrong-password'],
        ['LoginFailed', 'wrong-password'],
        ['LoginFailed', 'wrong-password'],
        ['AccountLocked', null],
        ['LoginFailed', 'account-locked'],
      ]);

      t.clock.advance(15 * 60_000 + 1000);
      const afterWindow = await t.call('POST', '/user/get/token', { body: { username: email, password } });
      expect(afterWindow.status).toBe(200);
    });
  });

  describe('sessions', () => {
    it('when the user logs out, then the token no longer works and LoggedOut is recorded', async () => {
      const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const out = await t.call('POST', '/user/logout', { token });
      expect(out).toMatchObject({ status: 200, body: { message: 'Logged out' } });
      const after = await t.call('GET', '/audit/verify', { token });
      expect(after).toMatchObject({ status: 401, body: { message: 'Your session has ended. Please log in again.' } });
      expect((await eventsOf('LoggedOut')).length).toBeGreaterThan(0);
    });

    it('when 10 minutes pass without a request, then the server ends the session', async () => {
      const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      t.clock.advance(9 * 60_000);
      expect((await t.call('GET', '/audit/verify', { token })).status).toBe(200);
      t.clock.advance(9 * 60_000);
      expect((await t.call('GET', '/audit/verify', { token })).status).toBe(200);
      t.clock.advance(10 * 60_000 + 1000);
      expect((await t.call('GET', '/audit/verify', { token })).status).toBe(401);
    });

    it('when a token is forged, malformed or missing, then 401', async () => {
      expect((await t.call('GET', '/audit/verify')).status).toBe(401);
      expect((await t.call('GET', '/audit/verify', { token: 'abc.def.ghi' })).status).toBe(401);
      expect((await t.call('POST', '/user/logout')).status).toBe(401);
    });
  });

  describe('GET /user/me', () => {
    it('when logged in, then it answers the account; when anonymous, then 401', async () => {
      const token = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const me = await t.call('GET', '/user/me', { token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email: ADMIN_EMAIL, role: 'ADMIN', firstName: 'System', lastName: 'Administrator' });
      expect(me.body.id).toEqual(expect.any(String));
      expect((await t.call('GET', '/user/me')).status).toBe(401);
    });
  });

  describe('permissions on GET /audit/verify (ADMIN only)', () => {
    it('when anonymous, then 401; when USER, then 403; when ADMIN, then 200', async () => {
      await t.createUser({ email: 'plain.user@example.com', role: 'USER', password: 'plain user password' });
      const userToken = await t.login('plain.user@example.com', 'plain user password');
      const adminToken = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      expect((await t.call('GET', '/audit/verify')).status).toBe(401);
      expect(await t.call('GET', '/audit/verify', { token: userToken })).toMatchObject({ status: 403, body: { message: 'This needs the ADMIN role' } });
      expect((await t.call('GET', '/audit/verify', { token: adminToken })).status).toBe(200);
    });
  });

  describe('rate limits per IP', () => {
    it('when one address sends more than 100 verify-email requests in 15 minutes, then 429 with a message', async () => {
      const limited = await startTestApi();
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 101; i++) {
          statuses.push((await limited.call('POST', '/user/verify/email', { body: { email: `probe${i}@example.com` } })).status);
        }
        expectEvery(statuses.slice(0, 100), (s) => s === 200);
        const last = await limited.call('POST', '/user/verify/email', { body: { email: 'one.more@example.com' } });
        expect(last).toMatchObject({ status: 429, body: { message: 'Too many attempts from this address. Please wait 15 minutes and try again.' } });
      } finally {
        await limited.dispose();
      }
    });
  });

  describe('rate limits per address asked about', () => {
    it('when one email is asked about more than 20 times in an hour from many caller addresses, then 429 with a message; another email is still answered', async () => {
      // Callers told apart by X-Forwarded-For, as behind the product's proxy.
      const limited = await startTestApi({ TRUST_PROXY: '1' });
      try {
        const ask = (email: string, from: string) => limited.call('POST', '/user/verify/email', { body: { email }, headers: { 'x-forwarded-for': from } });
        const statuses: number[] = [];
        for (let i = 0; i < 20; i++) statuses.push((await ask(i % 2 ? ADMIN_EMAIL : ADMIN_EMAIL.toUpperCase(), `203.0.113.${i + 1}`)).status);
        expect(statuses).toEqual(Array(20).fill(200));
        expect(await ask(ADMIN_EMAIL, '198.51.100.1')).toMatchObject({
          status: 429,
          body: { code: 'verify-email-limited', message: 'Too many requests about this email address. Please wait an hour and try again, or enter your password to log in.' },
        });
        expect(await ask('someone.else@example.com', '198.51.100.2')).toMatchObject({ status: 200, body: { emailExist: false } });
        // The login itself does not depend on this answer.
        expect((await limited.call('POST', '/user/get/token', { body: { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.3' } })).status).toBe(200);
      } finally {
        await limited.dispose();
      }
    });
  });

  describe('platform', () => {
    it('when /health and /ready are asked, then both answer 200', async () => {
      expect((await t.call('GET', '/health')).status).toBe(200);
      expect(await t.call('GET', '/ready')).toMatchObject({ status: 200, body: { status: 'ready' } });
    });

    it('when an unknown path is called, then 404 with a message', async () => {
      expect(await t.call('GET', '/nope')).toMatchObject({ status: 404, body: { message: 'No such endpoint: GET /nope' } });
    });

    it('when a request comes, then it gets a request id and strict security headers', async () => {
      const res = await t.call('GET', '/health', { headers: { 'x-request-id': 'test-request-0001' } });
      expect(res.headers.get('x-request-id')).toBe('test-request-0001');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    });

    it('when a portal origin asks, then CORS allows it; any other origin is not allowed', async () => {
      const allowed = await fetch(`${t.url}/health`, { headers: { origin: 'http://localhost:3000' } });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      const other = await fetch(`${t.url}/health`, { headers: { origin: 'http://evil.example' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    });
  });
});
