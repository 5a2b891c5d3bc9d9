import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

describe('POST /user/notify/admin (the /sendRequest screen)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi();
    await t.createUser({ email: 'second.admin@example.com', role: 'ADMIN', password: 'second admin password' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when an unknown email asks, then every active ADMIN gets a mail and it is recorded as an event', async () => {
    const before = t.mails().length;
    const res = await t.call('POST', '/user/notify/admin', { body: { email: 'stranger@example.com' } });
    expect(res).toMatchObject({ status: 200, body: { message: 'Notified the administrator' } });
    const sent = t.mails().slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, 'second.admin@example.com']);
    // The visitor's unverified address never goes in a subject; the body names it as unverified.
    expect(sent[0]!.subject).toBe('IFU Portal: a request to activate email');
    expect(sent[0]!.text).toContain('for the address stranger@example.com');
    expect(sent[0]!.text).toContain('This address has not been verified.');
    const event = (await t.store.readAll(0, 1000)).find((e) => e.type === 'AdministratorNotified' && e.data.email === 'stranger@example.com')!;
    expect(event.data).toMatchObject({ email: 'stranger@example.com', reason: 'activate email', recipients: 2 });
    expect(event.metadata.actor).toEqual({ type: 'public', email: 'stranger@example.com' });
  });

  it('when a deactivated user asks, then the reason is activate user', async () => {
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const id = await t.createUser({ email: 'dormant@example.com', role: 'USER', password: 'dormant password' });
    expect((await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } })).status).toBe(200);
    await t.call('POST', '/user/notify/admin', { body: { email: 'dormant@example.com' } });
    expect(t.mails().at(-1)?.subject).toBe('IFU Portal: a request to activate user');
    expect(t.mails().at(-1)?.text).toContain('for the address dormant@example.com');
  });

  it('when an active user asks, then 409 and no mail', async () => {
    const before = t.mails().length;
    expect(await t.call('POST', '/user/notify/admin', { body: { email: ADMIN_EMAIL } })).toMatchObject({
      status: 409,
      body: { message: 'This account is already active. Log in instead.' },
    });
    expect(t.mails().length).toBe(before);
  });

  it('when the email is missing or malformed, then 400', async () => {
    expect(await t.call('POST', '/user/notify/admin', { body: {} })).toMatchObject({ status: 400, body: { message: 'email is required' } });
    expect(await t.call('POST', '/user/notify/admin', { body: { email: 'x' } })).toMatchObject({ status: 400, body: { message: 'email: Please enter valid email address.' } });
  });

  it('when one address sends too many requests, then 429 with a message', async () => {
    const limited = await startTestApi();
    try {
      let last = 0;
      for (let i = 0; i < 21; i++) last = (await limited.call('POST', '/user/notify/admin', { body: { email: `flood${i}@example.com` } })).status;
      expect(last).toBe(429);
    } finally {
      await limited.dispose();
    }
  });

  it('when one address is asked about again and again from many sources, then the administrators get at most three mails each for it', async () => {
    const before = t.mails().length;
    const statuses: number[] = [];
    // Well under the per-IP limit (20 per 15 minutes): what stops them is the per-address limit (3 an hour).
    for (let i = 0; i < 5; i++) statuses.push((await t.call('POST', '/user/notify/admin', { body: { email: 'target@example.com' } })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(t.mails().length - before).toBe(3 * 2);
  });

  it('when the address is a link in disguise, then it is refused and nothing is mailed', async () => {
    const before = t.mails().length;
    expect(await t.call('POST', '/user/notify/admin', { body: { email: 'https://evil.example/login?x@a.bc' } })).toMatchObject({
      status: 400,
      body: { message: 'email: Please enter valid email address.' },
    });
    expect(t.mails().length).toBe(before);
  });

  describe('the mails access requests cause in an hour, in total', () => {
    it('when 20 requests from 20 sources ask about 20 addresses, then at most the hourly cap of mails go out, and the rest in one digest to the ADMINs at the end of the hour', async () => {
      const capped = await startTestApi({ ANONYMOUS_MAIL_PER_HOUR: '10', TRUST_PROXY: '1' });
      try {
        await capped.createUser({ email: 'a2@example.com', role: 'ADMIN', password: 'second admin password', firstName: 'Ada', lastName: 'Two' });
        await capped.createUser({ email: 'a3@example.com', role: 'ADMIN', password: 'third admin password', firstName: 'Abe', lastName: 'Three' });
        const addresses = Array.from({ length: 20 }, (_, i) => `asker${i}@example.com`);
        for (const [i, email] of addresses.entries()) {
          const answer = await capped.call('POST', '/user/notify/admin', { body: { email }, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
          expect(answer, email).toMatchObject({ status: 200, body: { message: 'Notified the administrator' } });
        }
        // Three ADMINs: three requests (9 mails) fit the cap of 10; the other 17 wait for the digest.
        const oneByOne = capped.mails();
        expect(oneByOne.length).toBeLessThanOrEqual(10);
        expect(oneByOne).toHaveLength(9);
        // Every request is still recorded.
        expect((await capped.store.readAll(0, 10_000)).filter((e) => e.type === 'AdministratorNotified')).toHaveLength(20);

        await capped.api.context.anonymousMail.flushDue();
        expect(capped.mails()).toHaveLength(9); // the hour is not over yet
        capped.clock.advance(60 * 60_000 + 1000);
        await capped.api.context.anonymousMail.flushDue();
        const [digest, ...more] = capped.mails().slice(9);
        expect(more).toEqual([]);
        expect(digest!.to.split(/,\s*/).sort()).toEqual([ADMIN_EMAIL, 'a2@example.com', 'a3@example.com'].sort());
        expect(digest!.subject).toBe('IFU Portal: requests and messages held back for a digest');
        expect(digest!.text).toContain('Requests for an account or its activation (the /sendRequest screen): 17');
        for (const email of addresses.slice(3)) expect(digest!.text).toContain(`for the address ${email}`);
        for (const email of addresses.slice(0, 3)) expect(digest!.text).not.toContain(`for the address ${email},`);

        // A new hour: mailed one by one again.
        await capped.call('POST', '/user/notify/admin', { body: { email: 'next.hour@example.com' }, headers: { 'x-forwarded-for': '203.0.113.200' } });
        expect(capped.mails().slice(10).map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, 'a2@example.com', 'a3@example.com'].sort());
      } finally {
        await capped.dispose();
      }
    });
  });
});
