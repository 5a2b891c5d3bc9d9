import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolSecondFactor } from '../../../test-support/http-client';
import { reviewedUser } from '../../../test-support/reviewed-versions';
import { codeAt, type HeldFactor, timeStepOf } from '../../../test-support/second-factor';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from '../audit';
import { auditDictionary } from '../features';

/** The mails the API sent through a real SMTP conversation (smtp-server, as mail/mailer.int.test.ts). */
interface Received {
  to: string[];
  raw: string;
}

async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8').replace(/=\r?\n/g, '') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { received, port: (server.server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A TOTP second factor for staff; an ADMIN must have one. */
describe('the second factor over HTTP', () => {
  let t: TestApi;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let admin: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    // The helper enrols the first ADMIN at its first login (the product demands it).
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
    await smtp?.close();
  });

  const passwordStep = (email: string, password: string) => t.call('POST', '/user/get/token', { body: { username: email, password } });
  const codeStep = (challenge: string, code: string) => t.call('POST', '/user/get/token/second-factor', { body: { challenge, code } });
  const now = () => t.clock.now();
  const eventsSince = async (position: number) => t.store.readAll(position, 10_000);
  const listed = async (id: string) =>
    ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<Record<string, unknown>>).find((u) => u.id === id);

  /** A new staff member with a password and a session (no factor). */
  async function staff(role: 'USER' | 'ADMIN' = 'USER') {
    const email = `${unique(role === 'ADMIN' ? 'admin-' : 'user-')}@example.com`;
    const password = 'a long staff passphrase';
    const id = await t.createUser({ email, role, password, lastName: unique('Staff-') });
    const login = await passwordStep(email, password);
    expect(login.status).toBe(200);
    return { id, email, password, token: login.body.message as string };
  }

  /** A staff member with an enrolled factor (through the API, as the screen does), and a fresh session. */
  async function enrolled(role: 'USER' | 'ADMIN' = 'USER') {
    const who = await staff(role);
    const factor = await enrolSecondFactor(t.url, who.token, who.email, now);
    return { ...who, factor };
  }

  /** The password step of a user with a factor: its challenge. */
  async function challengeOf(who: { email: string; password: string }) {
    const answer = await passwordStep(who.email, who.password);
    expect(answer).toMatchObject({ status: 200, body: { secondFactorRequired: true, message: 'Enter the 6-digit code from your authenticator app' } });
    return answer.body.challenge as string;
  }

  /** A code of a step after every one the factor gave (within the one-step tolerance). */
  async function freshCode(factor: HeldFactor) {
    const step = Math.max(timeStepOf(now()) - 1, factor.lastStep + 1);
    if (step > timeStepOf(now()) + 1) throw new Error('this test used up the time steps the product accepts now');
    factor.lastStep = step;
    return codeAt(factor.secret, step);
  }

  describe('enrolment', () => {
    it('when a USER starts an enrolment, then the secret is shown as text and as a QR code, kept encrypted, and neither the log nor the table holds it in clear', async () => {
      const who = await staff();
      const before = await t.store.lastPosition();
      const started = await t.call('POST', '/user/second-factor/enrolment', { token: who.token });
      expect(started).toMatchObject({
        status: 200,
        body: { enrolmentId: expect.any(String), secret: expect.stringMatching(/^[A-Z2-7]{32}$/), qrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/) },
      });
      expect(started.headers.get('cache-control')).toBe('no-store');
      const { secret, otpauthUri } = started.body as { secret: string; otpauthUri: string };
      expect(otpauthUri).toBe(`otpauth://totp/IFU%20Portal:${encodeURIComponent(who.email)}?secret=${secret}&issuer=IFU%20Portal`);
      const events = await eventsSince(before);
      expect(events.map((e) => e.type)).toEqual(['SecondFactorEnrolmentStarted']);
      expect(JSON.stringify(events)).not.toContain(secret);
      const { rows } = await t.database.db.query<{ secret_box: string }>('SELECT secret_box FROM second_factor_secrets WHERE user_id = $1', [who.id]);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.secret_box).not.toContain(secret);
      // Not in force until confirmed.
      expect(await listed(who.id)).toMatchObject({ secondFactorEnrolled: false });
      expect((await passwordStep(who.email, who.password)).body).not.toHaveProperty('secondFactorRequired');
    });

    it('when the enrolment is confirmed with a wrong code, then 400 naming the code, the refusal is recorded and no factor is in force', async () => {
      const who = await staff();
      const { enrolmentId, secret } = (await t.call('POST', '/user/second-factor/enrolment', { token: who.token })).body;
      const wrong = (await codeAt(secret, timeStepOf(now()) + 5)) as string;
      const { answer } = await apiSpec(t)
        .when(() => t.call('POST', '/user/second-factor/enrolment/confirm', { token: who.token, body: { enrolmentId, code: wrong } }))
        .then({
          status: 400,
          body: { message: 'code: this is not the current code for the secret shown. Check that your device shows the right time, then enter the newest code.' },
          events: [{ stream: `user-credentials-${who.id}`, type: 'SecondFactorCodeRefused', data: { purpose: 'enrolment', reason: 'wrong-code' } }],
        });
      expect(answer.status).toBe(400);
      expect(await listed(who.id)).toMatchObject({ secondFactorEnrolled: false });
    });

    it('when a code is malformed or the enrolment unknown, then 400 or 409 and nothing is stored', async () => {
      const who = await staff();
      const { enrolmentId } = (await t.call('POST', '/user/second-factor/enrolment', { token: who.token })).body;
      const confirm = (body: unknown) => t.call('POST', '/user/second-factor/enrolment/confirm', { token: who.token, body });
      await apiSpec(t).when(() => confirm({ enrolmentId, code: '12345' })).thenNothingStored(400, 'code: Enter the 6-digit code your authenticator app shows');
      await apiSpec(t).when(() => confirm({ enrolmentId })).thenNothingStored(400, 'code: Enter the 6-digit code your authenticator app shows');
      await apiSpec(t).when(() => confirm({ enrolmentId, code: '1'.repeat(200) })).thenNothingStored(400, 'code: Enter the 6-digit code your authenticator app shows');
      await apiSpec(t)
        .when(() => confirm({ enrolmentId: 'f0000000-0000-4000-8000-000000000000', code: '123456' }))
        .thenNothingStored(409, 'This set-up is no longer open (it was completed, or a newer one was started). Start again.');
    });

    it('when it is confirmed with a current code, then ten recovery codes are answered once, SecondFactorEnrolled is recorded without the secret, and the user list shows the factor', async () => {
      const who = await staff();
      const started = (await t.call('POST', '/user/second-factor/enrolment', { token: who.token })).body as { enrolmentId: string; secret: string };
      const code = await codeAt(started.secret, timeStepOf(now()));
      const { answer, events } = await apiSpec(t)
        .when(() => t.call('POST', '/user/second-factor/enrolment/confirm', { token: who.token, body: { enrolmentId: started.enrolmentId, code } }))
        .then({
          status: 200,
          body: { message: 'Your second factor is set up. Keep your recovery codes somewhere safe: each works once, and they are not shown again.' },
          events: [
            { stream: `user-credentials-${who.id}`, type: 'SecondFactorCodeAccepted', data: { purpose: 'enrolment', timeStep: timeStepOf(now()) } },
            { stream: `user-${who.id}`, type: 'SecondFactorEnrolled', data: { userId: who.id, enrolmentId: started.enrolmentId, recoveryCodes: 10, factorSeal: expect.any(String) } },
          ],
        });
      const codes = answer.body.recoveryCodes as string[];
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const recovery of codes) expect(recovery).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{4}$/);
      const logged = JSON.stringify(events);
      expect(logged).not.toContain(started.secret);
      for (const recovery of codes) expect(logged).not.toContain(recovery);
      const { rows } = await t.database.db.query<{ recovery_hashes: string }>('SELECT recovery_hashes FROM second_factor_secrets WHERE user_id = $1', [who.id]);
      expect(rows).toHaveLength(1);
      for (const recovery of codes) expect(rows[0]!.recovery_hashes).not.toContain(recovery.replace(/-/g, ''));
      expect(await listed(who.id)).toMatchObject({ secondFactorEnrolled: true });
      expect((await t.call('GET', '/user/me', { token: who.token })).body).toMatchObject({ secondFactorEnrolled: true, secondFactorRequired: false });
      // Once only: a second enrolment needs a reset first.
      await apiSpec(t)
        .when(() => t.call('POST', '/user/second-factor/enrolment', { token: who.token }))
        .thenNothingStored(409, 'Your second factor is already set up. If you lost your authenticator app, another ADMIN can reset it.');
    });

    it('when enrolment is asked without a session, then 401', async () => {
      expect(await t.call('POST', '/user/second-factor/enrolment')).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    });
  });

  describe('login with a second factor', () => {
    it('when a user with a factor gives the right password, then no session is opened: the answer is a challenge, and the right code opens the session', async () => {
      const who = await enrolled();
      const before = await t.store.lastPosition();
      const challenge = await challengeOf(who);
      expect(challenge.split('.')).toHaveLength(3);
      // The challenge is no bearer token.
      expect(await t.call('GET', '/user/me', { token: challenge })).toMatchObject({ status: 401 });
      expect((await eventsSince(before)).map((e) => e.type)).toEqual([]);
      const answer = await codeStep(challenge, await freshCode(who.factor));
      expect(answer).toMatchObject({ status: 200, body: { role: 'USER', email: who.email, id: who.id } });
      expect((await t.call('GET', '/user/me', { token: answer.body.message })).status).toBe(200);
      const events = await eventsSince(before);
      expect(events.map((e) => [e.streamId, e.type])).toEqual([
        [`user-credentials-${who.id}`, 'SecondFactorCodeAccepted'],
        [`user-credentials-${who.id}`, 'LoginSucceeded'],
      ]);
      expect(events[1]!.metadata.actor).toMatchObject({ type: 'user', email: who.email });
    });

    it('when a user without a factor logs in, then the password alone opens the session, as before', async () => {
      const who = await staff();
      const answer = await passwordStep(who.email, who.password);
      expect(answer).toMatchObject({ status: 200, body: { role: 'USER', email: who.email } });
      expect(answer.body).not.toHaveProperty('secondFactorEnrolmentRequired');
      expect((await t.call('GET', '/document/getDocumentList', { token: answer.body.message })).status).toBe(200);
    });

    it('when the password is wrong, then 401 as before and no challenge', async () => {
      const who = await enrolled();
      expect(await passwordStep(who.email, 'not the password at all')).toMatchObject({ status: 401, body: { message: 'Authentication failure' } });
    });

    it('when the code is wrong, then 401, the refusal is recorded and no session is opened', async () => {
      const who = await enrolled();
      const challenge = await challengeOf(who);
      const wrong = (await codeAt(who.factor.secret, timeStepOf(now()) + 7)) as string;
      await apiSpec(t)
        .when(() => codeStep(challenge, wrong))
        .then({
          status: 401,
          body: { message: 'The code is not correct. Enter the current 6-digit code from your authenticator app, or one of your recovery codes.' },
          events: [{ stream: `user-credentials-${who.id}`, type: 'SecondFactorCodeRefused', data: { purpose: 'login', reason: 'wrong-code' } }],
        });
    });

    it('when the challenge is forged, expired or missing, or the code malformed, then it is refused and nothing is stored', async () => {
      const who = await enrolled();
      const challenge = await challengeOf(who);
      await apiSpec(t).when(() => codeStep('a.b.c', '123456')).thenNothingStored(401, 'Your login has expired or your second factor was changed. Please log in again.');
      await apiSpec(t).when(() => t.call('POST', '/user/get/token/second-factor', { body: { code: '123456' } })).thenNothingStored(400, 'challenge is required');
      await apiSpec(t)
        .when(() => codeStep(challenge, 'abc'))
        .thenNothingStored(400, 'code: Enter the 6-digit code from your authenticator app, or one of your recovery codes');
      // A session token is no challenge.
      await apiSpec(t).when(() => codeStep(admin, '123456')).thenNothingStored(401, 'Your login has expired or your second factor was changed. Please log in again.');
      t.clock.advance(6 * 60_000);
      try {
        await apiSpec(t).when(() => codeStep(challenge, '123456')).thenNothingStored(401, 'Your login has expired or your second factor was changed. Please log in again.');
      } finally {
        t.clock.advance(-6 * 60_000);
      }
    });

    it('when a code already used is given again in its time step, then it is refused even with a fresh challenge (the step is kept in the log)', async () => {
      const who = await enrolled();
      const code = await freshCode(who.factor);
      expect((await codeStep(await challengeOf(who), code)).status).toBe(200);
      await apiSpec(t)
        .when(async () => codeStep(await challengeOf(who), code))
        .then({
          status: 401,
          body: { message: 'This code was used already. Wait for the next code in your authenticator app.' },
          events: [{ stream: `user-credentials-${who.id}`, type: 'SecondFactorCodeRefused', data: { purpose: 'login', reason: 'replayed-code' } }],
        });
      // An earlier step than the one used is refused too, though within the tolerance.
      const earlier = (await codeAt(who.factor.secret, who.factor.lastStep - 1)) as string;
      expect((await codeStep(await challengeOf(who), earlier)).body).toMatchObject({ message: 'This code was used already. Wait for the next code in your authenticator app.' });
    });

    it('when a recovery code is given instead of a code, then it opens a session once; the same recovery code again is refused', async () => {
      const who = await enrolled();
      const recovery = who.factor.recoveryCodes[3]!;
      const { events } = await apiSpec(t)
        .when(async () => codeStep(await challengeOf(who), recovery.toUpperCase().replace(/-/g, ' ')))
        .then({ status: 200, body: { email: who.email } });
      expect(events.map((e) => e.type)).toEqual(['RecoveryCodeUsed', 'LoginSucceeded']);
      expect(events[0]!.data).toMatchObject({ index: 4 });
      await apiSpec(t)
        .when(async () => codeStep(await challengeOf(who), recovery))
        .then({
          status: 401,
          body: { message: 'This recovery code was used already: each one works once.' },
          events: [{ stream: `user-credentials-${who.id}`, type: 'SecondFactorCodeRefused', data: { reason: 'replayed-code' } }],
        });
      // Another one still works.
      expect((await codeStep(await challengeOf(who), who.factor.recoveryCodes[4]!)).status).toBe(200);
    });

    it('when a challenge already opened a session, then it opens no other: a later code or a recovery code with it is refused and nothing is stored', async () => {
      const who = await enrolled();
      const challenge = await challengeOf(who);
      expect((await codeStep(challenge, await freshCode(who.factor))).status).toBe(200);
      const expired = 'Your login has expired or your second factor was changed. Please log in again.';
      // The next code of the authenticator app, well within the challenge's five minutes.
      t.clock.advance(30_000);
      await apiSpec(t)
        .when(async () => codeStep(challenge, await freshCode(who.factor)))
        .thenNothingStored(401, expired);
      await apiSpec(t)
        .when(async () => codeStep(challenge, who.factor.recoveryCodes[0]!))
        .thenNothingStored(401, expired);
      // The password step again gives a challenge that works.
      expect((await codeStep(await challengeOf(who), who.factor.recoveryCodes[0]!)).status).toBe(200);
    });

    it('when one challenge comes with two right codes at once, then exactly one session is opened (the log decides, not one process)', async () => {
      const who = await enrolled();
      const challenge = await challengeOf(who);
      const answers = await Promise.all([codeStep(challenge, await freshCode(who.factor)), codeStep(challenge, who.factor.recoveryCodes[1]!)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    });

    it('when five wrong codes come for one user, then the sixth attempt is refused with 429 even with the right code; other users are not affected', async () => {
      const who = await enrolled();
      const challenge = await challengeOf(who);
      const wrong = (await codeAt(who.factor.secret, timeStepOf(now()) + 9)) as string;
      for (let i = 0; i < 5; i++) expect((await codeStep(challenge, wrong)).status).toBe(401);
      await apiSpec(t)
        .when(async () => codeStep(challenge, await freshCode(who.factor)))
        .thenNothingStored(429, 'Too many wrong codes for this account. Please wait 15 minutes and try again.');
      const other = await enrolled();
      expect((await codeStep(await challengeOf(other), await freshCode(other.factor))).status).toBe(200);
    });
  });

  describe('an ADMIN must have a second factor', () => {
    it('when an ADMIN without a factor logs in, then the session may only enrol (and read /user/me, log out): every other route is refused with a clear message until enrolled', async () => {
      const who = await staff('ADMIN');
      const login = await passwordStep(who.email, who.password);
      expect(login.body).toMatchObject({ role: 'ADMIN', secondFactorEnrolmentRequired: true });
      const refused = {
        status: 403,
        body: { code: 'second-factor-enrolment-required', message: 'Your account has the ADMIN role: set up your second factor (an authenticator app) before you do anything else.' },
      };
      for (const [method, path] of [
        ['GET', '/user/list/user'],
        ['GET', '/document/getDocumentList'],
        ['GET', '/audit/verify'],
        ['GET', '/user/approvers'],
        ['POST', '/user/change/password'],
      ] as const) {
        await apiSpec(t).when(() => t.call(method, path, { token: who.token, ...(method === 'POST' ? { body: {} } : {}) })).thenNothingStored(refused.status, refused.body.message);
      }
      expect(await t.call('GET', '/user/me', { token: who.token })).toMatchObject({ status: 200, body: { secondFactorEnrolled: false, secondFactorRequired: true } });
      await enrolSecondFactor(t.url, who.token, who.email, now);
      expect((await t.call('GET', '/user/list/user', { token: who.token })).status).toBe(200);
      expect((await t.call('POST', '/user/logout', { token: who.token })).status).toBe(200);
    });

    it('when a USER without a factor is made ADMIN, then their session is refused at once until they enrol', async () => {
      const who = await staff('USER');
      expect((await t.call('GET', '/document/getDocumentList', { token: who.token })).status).toBe(200);
      const row = await listed(who.id);
      const promoted = await t.call('PUT', '/user/modify', {
        token: admin,
        headers: await reviewedUser(t, admin, who.id),
        body: { id: who.id, email: who.email, firstName: row!.firstName, lastName: row!.lastName, role: 'ADMIN', isTrainingCompleted: true },
      });
      expect(promoted.status).toBe(200);
      expect(await t.call('GET', '/document/getDocumentList', { token: who.token })).toMatchObject({ status: 403, body: { code: 'second-factor-enrolment-required' } });
    });
  });

  const reset = async (id: string, token = admin, credentials: Record<string, unknown> = { username: ADMIN_EMAIL, password: ADMIN_PASSWORD }) =>
    t.call('POST', '/user/second-factor/reset', { token, headers: await reviewedUser(t, admin, id), body: { id, ...credentials } });

  describe('an ADMIN resets another user\'s factor (signed)', () => {
    it('when an ADMIN resets an ADMIN\'s factor with their own credentials, then the signed event is recorded, the factor is gone, the user is mailed and must enrol again at the next login', async () => {
      const who = await enrolled('ADMIN');
      const version = (await listed(who.id))!.version as number;
      const { events } = await apiSpec(t)
        .when(() => reset(who.id, admin))
        .then({
          status: 200,
          body: { message: "The user's second factor was removed. They set up a new one at their next login (an ADMIN must)." },
          events: [
            {
              stream: `user-${who.id}`,
              type: 'SecondFactorReset',
              data: { userId: who.id, signature: { email: ADMIN_EMAIL, name: 'System Administrator', meaning: 'factor-reset', subject: { stream: `user-${who.id}`, version } } },
            },
          ],
        });
      expect(events[0]!.metadata.actor).toMatchObject({ type: 'user', email: ADMIN_EMAIL });
      const mail = smtp.received.filter((m) => m.to.includes(who.email)).at(-1);
      expect(mail?.raw).toContain('Subject: IFU Portal: your second factor was reset');
      expect(mail?.raw).toContain('System Administrator reset the second factor');
      expect(await listed(who.id)).toMatchObject({ secondFactorEnrolled: false });
      const { rows } = await t.database.db.query('SELECT 1 FROM second_factor_secrets WHERE user_id = $1', [who.id]);
      expect(rows).toEqual([]);
      // Their sessions ended; the next login asks for no code but for an enrolment, and nothing else works until then.
      expect((await t.call('GET', '/user/me', { token: who.token })).status).toBe(401);
      const again = await passwordStep(who.email, who.password);
      expect(again.body).toMatchObject({ secondFactorEnrolmentRequired: true });
      expect((await t.call('GET', '/user/list/user', { token: again.body.message })).status).toBe(403);
      expect((await t.call('POST', '/user/second-factor/enrolment', { token: again.body.message })).status).toBe(200);
    });

    it('when a USER asks to reset a factor, then 403 and nothing is stored', async () => {
      const who = await enrolled();
      const user = await staff();
      await apiSpec(t).when(() => reset(who.id, user.token, { username: user.email, password: user.password })).thenNothingStored(403, 'This needs the ADMIN role');
    });

    it('when an ADMIN asks to reset their own factor, then 403 and nothing is stored (another ADMIN must)', async () => {
      const me = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
      await apiSpec(t).when(() => reset(me, admin)).thenNothingStored(403, 'You cannot reset your own second factor: another ADMIN must do it.');
    });

    it('when the signing password is wrong, then 403, the failed signature counts toward lockout and the factor stays', async () => {
      const who = await enrolled();
      await apiSpec(t)
        .when(() => reset(who.id, admin, { username: ADMIN_EMAIL, password: 'not my password at all' }))
        .then({
          status: 403,
          body: { message: 'Signature refused: enter your own username and password.' },
          events: [{ stream: /^user-credentials-/, type: 'CredentialCheckFailed', data: { purpose: 'signature', reason: 'wrong-password' } }],
        });
      expect(await listed(who.id)).toMatchObject({ secondFactorEnrolled: true });
    });

    it('when the user has no factor, the version is missing, or a field is missing, then it is refused and nothing is stored', async () => {
      const user = await staff();
      await apiSpec(t).when(() => reset(user.id, admin)).thenNothingStored(409, 'This user has no second factor to reset.');
      const who = await enrolled();
      await apiSpec(t)
        .when(() => t.call('POST', '/user/second-factor/reset', { token: admin, body: { id: who.id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } }))
        .thenNothingStored(
          409,
          'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.',
        );
      await apiSpec(t).when(() => reset(who.id, admin, {})).thenNothingStored(400, 'username: Enter Username and Password; password: Enter Username and Password');
    });
  });

  it('every second-factor event reads in words in the audit trail, and the audit CSV shows them', async () => {
    const before = await t.store.lastPosition();
    const who = await enrolled();
    await codeStep(await challengeOf(who), await freshCode(who.factor));
    await codeStep(await challengeOf(who), who.factor.recoveryCodes[0]!);
    await codeStep(await challengeOf(who), '000000');
    expect((await reset(who.id)).status).toBe(200);
    const dictionary = auditDictionary();
    const lines = (await eventsSince(before)).filter((e) => e.data.userId === who.id && (e.type.includes('SecondFactor') || e.type === 'RecoveryCodeUsed')).map((e) => dictionary.describe(e).action);
    expect(lines).toEqual([
      'Started setting up a second factor (authenticator app); not in force until confirmed with a code',
      'Second factor: code accepted to confirm the set-up',
      'Set up a second factor (authenticator app), confirmed with a code; 10 single-use recovery codes issued',
      'Second factor: code accepted at login',
      'Second factor: recovery code 1 of 10 used at login (it no longer works)',
      'Second factor: code refused at login (wrong code)',
      'Reset the second factor (signed); the user sets up a new one',
    ]);
    const day = formatAuditDate(now());
    const csv = await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } });
    const text = await csv.text();
    expect(text).toContain('Second factor: recovery code 1 of 10 used at login (it no longer works)');
    expect(text).toContain('Reset the second factor (signed); the user sets up a new one');
  });
});
