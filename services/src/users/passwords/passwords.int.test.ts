import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, startTestApiAsAdmin, type TestApi } from '../../../../test-support/test-api';
import { expectSome } from '../../../../test-support/list-expectations';

describe('passwords over HTTP (forgot, set with the emailed link, change)', () => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => ({ t, admin } = await startTestApiAsAdmin()));
  afterAll(() => t?.dispose());

  const addUser = async (email: string) => {
    // A session of its own: tests move the clock past the inactivity limit.
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    // A name of its own: two active users may not share a printed name.
    const res = await t.call('POST', '/user/add', { token: admin, body: { email, firstName: 'Pat', lastName: unique('Word-'), isTrainingCompleted: true } });
    expect(res.status).toBe(200);
    return res.body.user.id as string;
  };
  /** A user added through Manage User, with the set-password link mailed to them: its address. */
  const givenNewUser = async () => {
    const email = `${unique('fresh-')}@example.com`;
    await addUser(email);
    return email;
  };
  /** A user who set their password through the link: its address. */
  const givenUserWithPassword = async (password = 'a good long passphrase') => {
    const email = await givenNewUser();
    expect((await t.call('POST', '/user/set/password', { body: { token: t.passwordLinkToken(email), password } })).status).toBe(200);
    return email;
  };

  describe('a new user sets a password through the emailed link', () => {
    it('when the user has no password yet, then verify-email says so and emails a link, without giving a token to the caller', async () => {
      const email = await givenNewUser();
      const mailsBefore = t.mails().length;
      t.clock.advance(61_000); // past the one-minute resend guard of the add mail
      const res = await t.call('POST', '/user/verify/email', { body: { email } });
      expect(res.body).toEqual({
        emailExist: true,
        userActive: true,
        passwordActive: false,
        passwordExpired: false,
        message: 'A link to set your password has been sent to your email.',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/token|setpassword/i);
      expect(t.mails().length).toBe(mailsBefore + 1);
    });

    it('when verify-email is asked again within a minute, then no second mail is sent', async () => {
      const email = await givenNewUser();
      const mailsBefore = t.mails().length;
      await t.call('POST', '/user/verify/email', { body: { email } });
      expect(t.mails().length).toBe(mailsBefore);
      t.clock.advance(61_000);
      await t.call('POST', '/user/verify/email', { body: { email } });
      expect(t.mails().length).toBe(mailsBefore + 1);
    });

    it('when the new password breaks the policy, then every rule it breaks has its message (not only the first), each next to the password field, and the link stays usable', async () => {
      const email = await givenNewUser();
      const token = t.passwordLinkToken(email);
      const cases: Array<[string, string[]]> = [
        ['short', ['Password must be at least 12 characters.', 'This password is too common. Choose a less predictable one.', 'This password is too easy to guess. Use a longer phrase of less common words.']],
        [email, ['Password must not be your email address.', 'This password is too easy to guess. Use a longer phrase of less common words.']],
        ['1qaz2wsx3edc', ['This password is too common. Choose a less predictable one.', 'This password is too easy to guess. Use a longer phrase of less common words.']],
      ];
      for (const [password, broken] of cases) {
        const answer = await t.call('POST', '/user/set/password', { body: { token, password } });
        expect(answer, password).toMatchObject({ status: 400, body: { code: 'password-policy', message: broken.join(' ') } });
        expect(answer.body.fields).toEqual(broken.map((message) => ({ field: 'password', message })));
      }
      expect((await t.call('POST', '/user/set/password', { body: { token, password: 'a good long passphrase' } })).status).toBe(200);
    });

    it('when the Reset Password page asks whether its link works, then an open link is 200 and a used, expired or made-up one 400 with the link message; nothing is recorded either way', async () => {
      const check = (token: unknown) => t.call('POST', '/user/set/password/check', { body: { token } });
      const invalid = { status: 400, body: { code: 'password-link-invalid', message: 'This link is not valid any more. Use Forgot Password? to get a new one.' } };
      const email = await givenNewUser();
      const token = t.passwordLinkToken(email);
      const before = await t.store.lastPosition();
      expect(await check(token)).toMatchObject({ status: 200, body: { message: 'This link is valid: choose your password.' } });
      expect(JSON.stringify((await check(token)).body)).not.toContain(email);
      expect(await check('made-up')).toMatchObject(invalid);
      expect(await t.store.lastPosition()).toBe(before);
      // Checking leaves it usable; once used, it is said to be spent.
      expect((await t.call('POST', '/user/set/password', { body: { token, password: 'a good long passphrase' } })).status).toBe(200);
      expect(await check(token)).toMatchObject(invalid);

      const later = t.passwordLinkToken(await givenNewUser());
      t.clock.advance(24 * 60 * 60_000 + 1000);
      expect(await check(later)).toMatchObject(invalid);
      expect(await check(undefined)).toMatchObject({ status: 400, body: { message: 'token is required' } });
      expect(await check('x'.repeat(201))).toMatchObject({ status: 400, body: { message: 'token is not valid' } });
    });

    it('when the link is used with a good password, then Password created successfully. and the user can log in; the link is then spent', async () => {
      const email = await givenNewUser();
      const token = t.passwordLinkToken(email);
      const res = await t.call('POST', '/user/set/password', { body: { token, password: 'a good long passphrase' } });
      expect(res).toMatchObject({ status: 200, body: { message: 'Password created successfully.' } });
      expect((await t.call('POST', '/user/get/token', { body: { username: email, password: 'a good long passphrase' } })).status).toBe(200);
      const again = await t.call('POST', '/user/set/password', { body: { token, password: 'another long passphrase' } });
      expect(again).toMatchObject({ status: 400, body: { message: 'This link is not valid any more. Use Forgot Password? to get a new one.' } });
    });

    it('when a link is older than 24 hours, then it no longer works', async () => {
      const email = await givenNewUser();
      const token = t.passwordLinkToken(email);
      t.clock.advance(24 * 60 * 60_000 + 1000);
      const res = await t.call('POST', '/user/set/password', { body: { token, password: 'a good long passphrase' } });
      expect(res).toMatchObject({ status: 400, body: { message: 'This link is not valid any more. Use Forgot Password? to get a new one.' } });
    });

    it('when the token is made up or missing, then 400', async () => {
      expect((await t.call('POST', '/user/set/password', { body: { token: 'made-up', password: 'a good long passphrase' } })).status).toBe(400);
      expect(await t.call('POST', '/user/set/password', { body: { password: 'a good long passphrase' } })).toMatchObject({ status: 400, body: { message: 'token is required' } });
      expect(await t.call('POST', '/user/set/password', { body: { token: 'x' } })).toMatchObject({ status: 400, body: { message: 'password: Enter New Password' } });
    });

    it('when passwords are set, then the log records it without the password or its hash', async () => {
      await givenUserWithPassword('a good long passphrase');
      const events = await t.store.readAll(0, 10_000);
      const serialized = JSON.stringify(events);
      expect(serialized).not.toContain('a good long passphrase');
      expect(serialized).not.toContain('$argon2');
      expectSome(events, (e) => e.type === 'PasswordSet' && e.data.via === 'set-password-link');
    });
  });

  describe('POST /user/forgot/password', () => {
    it('when the email has an account, then a reset link is mailed; when not, the answer is the same and nothing is mailed', async () => {
      const email = await givenUserWithPassword();
      t.clock.advance(61_000);
      const before = t.mails().length;
      const known = await t.call('POST', '/user/forgot/password', { body: { email } });
      await t.api.context.work.settled(); // the mail goes out after the answer
      expect(t.mails().length).toBe(before + 1);
      expect(t.mails().at(-1)?.subject).toBe('IFU Portal: set a new password');
      const unknown = await t.call('POST', '/user/forgot/password', { body: { email: 'nobody@example.com' } });
      await t.api.context.work.settled();
      expect(t.mails().length).toBe(before + 1);
      expect(known.body).toEqual(unknown.body);
      expect(known.body).toEqual({ message: 'If this email belongs to an account, a link to set a new password has been sent to it.' });
      expect(await t.call('POST', '/user/forgot/password', { body: { email: 'bad' } })).toMatchObject({ status: 400, body: { message: 'email: Please enter valid email address.' } });
    });

    it('when the address has an account or not, then the answer comes before any lookup or mail, so its time tells nothing', async () => {
      const email = await givenUserWithPassword();
      t.clock.advance(61_000);
      const before = t.mails().length;
      const answered = await t.call('POST', '/user/forgot/password', { body: { email } });
      // Answered while the mail was still to be written: the work is queued, not awaited.
      const mailsWhenAnswered = t.mails().length;
      await t.api.context.work.settled();
      expect(answered.status).toBe(200);
      expect(mailsWhenAnswered).toBe(before);
      expect(t.mails().length).toBe(before + 1);
    });
  });

  describe('POST /user/change/password', () => {
    it('when the logged-in user gives their email, current and a new good password, then it changes and other sessions end', async () => {
      const email = `${unique('changer-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'the first password' });
      const token = await t.login(email, 'the first password');
      const otherDevice = await t.login(email, 'the first password');
      const res = await t.call('POST', '/user/change/password', {
        token,
        body: { email: email.toUpperCase(), oldPassword: 'the first password', newPassword: 'the second password' },
      });
      expect(res).toMatchObject({ status: 200, body: { message: 'Password changed successfully.' } });
      expect((await t.call('GET', '/user/me', { token })).status).toBe(200);
      expect((await t.call('GET', '/user/me', { token: otherDevice })).status).toBe(401);
      expect((await t.call('POST', '/user/get/token', { body: { username: email, password: 'the second password' } })).status).toBe(200);
    });

    it('when the rules are broken, then each gets its message', async () => {
      const email = `${unique('changer-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'the second password' });
      const token = await t.login(email, 'the second password');
      const change = (body: unknown) => t.call('POST', '/user/change/password', { token, body });
      expect(await change({ email: 'someone.else@example.com', oldPassword: 'the second password', newPassword: 'the third password' })).toMatchObject({ status: 400, body: { message: 'UserName is Wrong' } });
      expect(await change({ oldPassword: 'x', newPassword: 'the third password' })).toMatchObject({ status: 400, body: { message: 'email: Enter the UserName' } });
      expect(await change({ email, newPassword: 'the third password' })).toMatchObject({ status: 400, body: { message: 'oldPassword: Enter Old Password' } });
      expect(await change({ email, oldPassword: 'the second password' })).toMatchObject({ status: 400, body: { message: 'newPassword: Enter New Password' } });
      // Every rule the new password breaks, each next to the New Password field.
      const short = await change({ email, oldPassword: 'the second password', newPassword: 'short' });
      expect(short).toMatchObject({ status: 400, body: { message: expect.stringMatching(/^Password must be at least 12 characters\. /) } });
      expect(short.body.fields).toContainEqual({ field: 'newPassword', message: 'Password must be at least 12 characters.' });
      expect(short.body.fields.length).toBeGreaterThan(1);
      // A wrong current password is refused like any re-entered credential: 403 (a 401 would log the browser out).
      expect(await change({ email, oldPassword: 'not the password', newPassword: 'the third password' })).toMatchObject({ status: 403, body: { message: 'The current password is not correct.' } });
      expect(await change({ email, oldPassword: 'the second password', newPassword: 'the second password' })).toMatchObject({ status: 400, body: { message: 'The new password must be different from the current one.' } });
    });

    it('when the current password is wrong five times, then the account locks like a login does', async () => {
      await t.createUser({ email: 'guesser@example.com', role: 'USER', password: 'guesser password 1' });
      const token = await t.login('guesser@example.com', 'guesser password 1');
      for (let i = 0; i < 5; i++) {
        await t.call('POST', '/user/change/password', { token, body: { email: 'guesser@example.com', oldPassword: `guess ${i}`, newPassword: 'a brand new password' } });
      }
      const login = await t.call('POST', '/user/get/token', { body: { username: 'guesser@example.com', password: 'guesser password 1' } });
      expect(login.status).toBe(423);
    });

    it('when the current password is wrong, then that is the answer, before the new one is judged', async () => {
      const email = `${unique('changer-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'the second password' });
      const token = await t.login(email, 'the second password');
      const res = await t.call('POST', '/user/change/password', { token, body: { email, oldPassword: 'not the password', newPassword: 'short' } });
      expect(res).toMatchObject({ status: 403, body: { message: 'The current password is not correct.' } });
    });

    it('when anonymous, then 401', async () => {
      expect((await t.call('POST', '/user/change/password', { body: { email: 'a@b.co', oldPassword: 'x', newPassword: 'y' } })).status).toBe(401);
    });
  });

  /**
   * The bounds a hostile password is held to: it is answered within 200 ms and /health within 50 ms meanwhile (a
   * 64-character repeated phrase can hold an event loop for 13 s).
   */
  describe('a hostile password does not freeze the API', () => {
    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    };
    /**
     * The slowest /health answer while `work` runs, asked every 20 ms and timed from when it was due: the API runs in
     * this process, so a blocked event loop delays the asking as much as the answer.
     */
    const healthWhile = async <T>(work: () => Promise<T>) => {
      let slowest = 0;
      let done = false;
      const probing = (async () => {
        while (!done) {
          const due = performance.now() + 20;
          await new Promise((resolve) => setTimeout(resolve, 20));
          expect((await t.call('GET', '/health')).status).toBe(200);
          slowest = Math.max(slowest, performance.now() - due);
        }
      })();
      try {
        return { outcome: await work(), slowest };
      } finally {
        done = true;
        await probing;
      }
    };
    const hostile = (length: number) => 'aB3$'.repeat(Math.ceil(length / 4)).slice(0, length);

    it('when a 1 KB password comes to change-password or set-password, then it is refused as too long, and /health answers meanwhile (the passwords bench section times both)', async () => {
      const email = `${unique('hostile-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'the first password' });
      const token = await t.login(email, 'the first password');
      const linked = await givenNewUser();
      await t.call('GET', '/health'); // warm
      const { outcome } = await healthWhile(async () => [
        await timed(() => t.call('POST', '/user/change/password', { token, body: { email, oldPassword: 'the first password', newPassword: hostile(1024) } })),
        await timed(() => t.call('POST', '/user/set/password', { body: { token: t.passwordLinkToken(linked), password: hostile(1024) } })),
      ]);
      // Every /health asked meanwhile answered 200 (healthWhile). How fast is the bench's (npm run bench -- --only
      // passwords, against an idle baseline): a timed assertion here would fail on a busy machine, not on slow code.
      for (const { result } of outcome) {
        expect(result).toMatchObject({ status: 400, body: { message: expect.stringContaining('Password must be at most 128 characters.') } });
      }
    });

    it('when the longest allowed hostile phrase is judged, then /health keeps answering and the phrase is refused', async () => {
      const email = `${unique('hostile-')}@example.com`;
      await t.createUser({ email, role: 'USER', password: 'the first password' });
      const token = await t.login(email, 'the first password');
      const { outcome } = await healthWhile(() =>
        timed(() => t.call('POST', '/user/change/password', { token, body: { email, oldPassword: 'the first password', newPassword: hostile(128) } })),
      );
      expect(outcome.result.status).toBe(400);
      // How long the estimate and /health take is the bench's (--only passwords), measured against an idle baseline.
    });
  });

  describe('the set-password links anonymous calls cause in an hour, in total', () => {
    it('when forgot-password and verify-email ask for more links in an hour than the cap, then the rest are not sent and counted in the log; the answers do not change; staff mail is not capped', async () => {
      const lines: Array<{ msg: string; kind?: string; notSentThisHour?: number }> = [];
      const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
      const capped = await startTestApi({ ANONYMOUS_MAIL_PER_HOUR: '2' }, { logger });
      try {
        const users = await Promise.all([1, 2, 3].map(async (i) => {
          const email = `capped.${i}@example.com`;
          await capped.createUser({ email, role: 'USER', password: `capped user password ${i}`, firstName: `Cap${i}`, lastName: 'User' });
          return email;
        }));
        const forgot = async (email: string) => {
          const answer = await capped.call('POST', '/user/forgot/password', { body: { email } });
          await capped.api.context.work.settled();
          return answer;
        };
        // Addresses without an account send nothing and use up nothing.
        for (let i = 0; i < 3; i++) expect((await forgot(`nobody.${i}@example.com`)).status).toBe(200);
        const answers = [];
        for (const email of users) answers.push(await forgot(email));
        expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
        expect(capped.mails().map((m) => m.to)).toEqual(users.slice(0, 2));
        expect(lines).toContainEqual(expect.objectContaining({ msg: 'anonymous mail budget spent: mail not sent', kind: 'password-link', notSentThisHour: 1 }));
        // Nor is a link issued that nobody was mailed.
        expect((await capped.store.readAll(0, 10_000)).filter((e) => e.type === 'PasswordLinkIssued')).toHaveLength(2);

        // verify-email's set-password link draws on the same budget; its answer is the spec's.
        const fresh = 'capped.fresh@example.com';
        await capped.createUser({ email: fresh, role: 'USER', firstName: 'Fresh', lastName: 'Capped' });
        expect((await capped.call('POST', '/user/verify/email', { body: { email: fresh } })).body).toMatchObject({ emailExist: true, passwordActive: false });
        expect(capped.mails()).toHaveLength(2);
        expect(lines).toContainEqual(expect.objectContaining({ kind: 'password-link', notSentThisHour: 2 }));

        // Manage User's mail is not anonymous: not capped.
        const admin = await capped.login(ADMIN_EMAIL, ADMIN_PASSWORD);
        const added = await capped.call('POST', '/user/add', { token: admin, body: { email: 'capped.added@example.com', firstName: 'Added', lastName: 'Capped', isTrainingCompleted: true } });
        expect(added.status).toBe(200);
        expect(capped.mails().at(-1)?.to).toBe('capped.added@example.com');

        // The next hour, links go out again.
        capped.clock.advance(60 * 60_000 + 1000);
        await forgot(users[2]!);
        expect(capped.mails().at(-1)?.to).toBe(users[2]);
      } finally {
        await capped.dispose();
      }
    });
  });
});
