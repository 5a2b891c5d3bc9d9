import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec, unique } from '../../../test-support/specs';
import { startTestApi, type TestApi } from '../../../test-support/test-api';
import { expectEvery } from '../../../test-support/list-expectations';

/** A lockout that keeps the guesser out, not the owner. Callers told apart by X-Forwarded-For. */
describe('lockout without denial of service', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const login = (email: string, password: string, from: string) =>
    t.call('POST', '/user/get/token', { body: { username: email, password }, headers: { 'x-forwarded-for': from } });
  const givenOwner = async () => {
    const email = `${unique('owner-')}@example.com`;
    const password = 'the owner password 1';
    // A USER: an ADMIN's session would first have to set up a second factor, which is not what this is about.
    const userId = await t.createUser({ email, role: 'USER', password, firstName: 'Olive', lastName: 'Owner' });
    return { email, password, userId };
  };

  it('when one address guesses five times, then that address is locked out, and the owner at another address still logs in', async () => {
    const owner = await givenOwner();
    for (let i = 0; i < 5; i++) expect((await login(owner.email, `guess ${i}`, '203.0.113.7')).status).toBe(401);
    expect((await login(owner.email, owner.password, '203.0.113.7')).status).toBe(423);
    expect((await login(owner.email, owner.password, '198.51.100.20')).status).toBe(200);
    const locks = (await t.store.readStream(`user-credentials-${owner.userId}`)).filter((e) => e.type === 'AccountLocked');
    expect(locks).toHaveLength(1);
    expect(locks[0]!.data.source).toMatch(/^[0-9a-f]{16}$/);
    // The address is hashed in the data (the metadata records the caller's IP for every event, as always).
    expect(JSON.stringify(locks.map((lock) => lock.data))).not.toContain('203.0.113.7');
  });

  it('when guesses come from many addresses, then the whole account locks and its owner gets a link that lifts the lock, once', async () => {
    const owner = await givenOwner();
    const mailsBefore = t.mails().length;
    for (let i = 0; i < 20; i++) {
      const status = (await login(owner.email, `guess ${i}`, `192.0.2.${i % 4}`)).status;
      expect([401, 423]).toContain(status);
    }
    expect((await login(owner.email, owner.password, '198.51.100.21')).status).toBe(423);
    const mail = t.mails().slice(mailsBefore).find((m) => m.to.includes(owner.email));
    expect(mail?.subject).toBe('IFU Portal: your account was locked');
    const token = mail!.text.match(/\/user\/unlock\/([\w-]+)/)![1]!;
    await apiSpec(t).when(() => t.call('POST', '/user/unlock', { body: { token } })).then({
      status: 200,
      body: { message: 'Your account is unlocked. You can log in again.' },
      events: [{ stream: `user-credentials-${owner.userId}`, type: 'AccountUnlocked' }],
    });
    expect((await login(owner.email, owner.password, '198.51.100.21')).status).toBe(200);
    expect(await t.call('POST', '/user/unlock', { body: { token } })).toMatchObject({ status: 400, body: { message: 'This unlock link is not valid any more.' } });
  });

  describe('a browser that signed in before (device cookie)', () => {
    const loginWith = (email: string, password: string, from: string, cookie?: string) =>
      t.call('POST', '/user/get/token', { body: { username: email, password }, headers: { 'x-forwarded-for': from, ...(cookie ? { cookie } : {}) } });
    const deviceCookieOf = (answer: { headers: Headers }) => {
      const set = answer.headers.get('set-cookie') ?? '';
      expect(set).toMatch(/^ifu_device=[\w.~-]+; Path=\/user\/get\/token; Max-Age=\d+; HttpOnly; SameSite=Strict/);
      return set.split(';')[0]!;
    };

    it('when five failures from each of four addresses lock the account, then the owner\'s browser that signed in before still signs in, and the guessers stay locked out', async () => {
      const owner = await givenOwner();
      const cookie = deviceCookieOf(await loginWith(owner.email, owner.password, '198.51.100.30'));
      // The penetration test: five failures from each of four addresses.
      for (const from of ['192.0.2.40', '192.0.2.41', '192.0.2.42', '192.0.2.43']) {
        for (let i = 0; i < 5; i++) expect([401, 423]).toContain((await loginWith(owner.email, `guess ${i}`, from)).status);
      }
      // Without the cookie, from anywhere, the account is locked; the guessers' own addresses too.
      expect((await loginWith(owner.email, owner.password, '198.51.100.31')).status).toBe(423);
      expect((await loginWith(owner.email, owner.password, '192.0.2.40')).status).toBe(423);
      // With it, from the owner's usual address or a new one, the owner signs in (and gets a fresh cookie).
      const back = await loginWith(owner.email, owner.password, '198.51.100.32', cookie);
      expect(back.status).toBe(200);
      const renewed = deviceCookieOf(back);
      expect(renewed).not.toBe(cookie);
      // The owner's session re-enters the password too (as a signature does), though the whole account is locked to
      // everyone else.
      const changed = await t.call('POST', '/user/change/password', {
        token: back.body.message,
        headers: { 'x-forwarded-for': '198.51.100.32' },
        body: { email: owner.email, oldPassword: owner.password, newPassword: 'the owner password after the attack' },
      });
      expect(changed).toMatchObject({ status: 200, body: { message: 'Password changed successfully.' } });
    });

    it("when a stolen device cookie is used to guess, then that browser is locked after five failures of its own, and it does not count toward the account's lock", async () => {
      const owner = await givenOwner();
      const cookie = deviceCookieOf(await loginWith(owner.email, owner.password, '198.51.100.33'));
      for (let i = 0; i < 5; i++) expect((await loginWith(owner.email, `guess ${i}`, `203.0.113.${50 + i}`, cookie)).status).toBe(401);
      expect((await loginWith(owner.email, owner.password, '203.0.113.60', cookie)).status).toBe(423);
      // Elsewhere the owner is not locked out: the cookie's failures were its own.
      expect((await loginWith(owner.email, owner.password, '198.51.100.34')).status).toBe(200);
      const failures = (await t.store.readStream(`user-credentials-${owner.userId}`)).filter((e) => e.type === 'LoginFailed');
      expectEvery(failures, (e) => e.data.trusted === true && String(e.data.source).startsWith('device:'));
    });

    it("when a cookie was made for another account, or is tampered with, then it is not trusted", async () => {
      const owner = await givenOwner();
      const other = await givenOwner();
      const otherCookie = deviceCookieOf(await loginWith(other.email, other.password, '198.51.100.35'));
      for (let i = 0; i < 20; i++) await loginWith(owner.email, `guess ${i}`, `192.0.2.${60 + (i % 4)}`);
      expect((await loginWith(owner.email, owner.password, '198.51.100.36', otherCookie)).status).toBe(423);
      expect((await loginWith(owner.email, owner.password, '198.51.100.36', `${otherCookie.slice(0, -2)}xx`)).status).toBe(423);
      expect((await loginWith(owner.email, owner.password, '198.51.100.36', `ifu_device=${'A'.repeat(5000)}`)).status).toBe(423);
    });
  });

  it('when an unlock or a set-password token is used for the other purpose, then it does nothing', async () => {
    const res = await t.call('POST', '/user/unlock', { body: { token: 'not-a-token' } });
    expect(res).toMatchObject({ status: 400, body: { code: 'unlock-link-invalid' } });
  });
});

describe('progressive delays after failed passwords', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1', LOGIN_DELAY_MS: '1000' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when a password was wrong, then the next attempt waits 1 s, then 2 s; one too soon is refused without looking at the password', async () => {
    const email = `${unique('slow-')}@example.com`;
    const password = 'the owner password 2';
    const userId = await t.createUser({ email, role: 'USER', password });
    const login = (pw: string) => t.call('POST', '/user/get/token', { body: { username: email, password: pw }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await login('wrong 1')).status).toBe(401);
    const before = (await t.store.readStream(`user-credentials-${userId}`)).length;
    const tooSoon = await login(password);
    expect(tooSoon).toMatchObject({ status: 429, body: { code: 'too-soon' } });
    expect(tooSoon.body.message).toMatch(/^Too many failed attempts\. Try again after \d\d:\d\d:\d\d UTC\.$/);
    expect((await t.store.readStream(`user-credentials-${userId}`)).length).toBe(before);
    t.clock.advance(1000);
    expect((await login('wrong 2')).status).toBe(401);
    t.clock.advance(1000);
    expect((await login(password)).status).toBe(429);
    t.clock.advance(1000);
    expect((await login(password)).status).toBe(200);
  });
});
