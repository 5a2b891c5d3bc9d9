import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

describe('Manage User over HTTP (GET /user/list/user, POST /user/add, PUT /user/modify, DELETE /user/delete)', () => {
  let t: TestApi;
  let admin: string;
  let adminId: string;
  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    adminId = (await t.call('GET', '/user/me', { token: admin })).body.id;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const add = (body: unknown, token = admin) => t.call('POST', '/user/add', { body, token });
  /** The admin's own credentials: every deactivation is signed. */
  const signed = { username: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  /** A deactivation as the Manage User dialog sends it: with the user's version the list showed (`headers` replaces it). */
  const deactivate = async (id: string, token = admin, credentials: Record<string, unknown> = signed, headers?: Record<string, string>) =>
    t.call('DELETE', '/user/delete', { token, headers: headers ?? (await reviewedUser(t, admin, id)), body: { id, ...credentials } });
  const newUser = { email: 'New.Author@Example.com', firstName: 'Nina', lastName: 'Author', isTrainingCompleted: true };

  describe('POST /user/add', () => {
    it('when an ADMIN adds a user, then it is listed as an active USER without a password, and the set-password link is mailed', async () => {
      const res = await add({ ...newUser, password: 'ignored-by-the-server', userActive: false, passwordActive: true });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Nina Author User added successfully!!');
      expect(res.body.user).toMatchObject({ email: 'new.author@example.com', role: 'USER', status: 'ACTIVE', passwordActive: false });
      const list = await t.call('GET', '/user/list/user', { token: admin });
      expect(list.body.userList.map((u: { email: string }) => u.email)).toContain('new.author@example.com');
      const mail = t.mails().at(-1)!;
      expect(mail).toMatchObject({ to: 'new.author@example.com', subject: 'Your IFU Portal account: set your password' });
      expect(mail.text).toMatch(/http:\/\/localhost:3000\/user\/setpassword\/[\w-]{43}/);
      const events = (await t.store.readStream(`user-${res.body.user.id}`)).map((e) => e.type);
      expect(events).toEqual(['UserRegistered']);
      expect((await t.store.readStream(`user-credentials-${res.body.user.id}`)).map((e) => e.type)).toEqual(['PasswordLinkIssued']);
      const registered = (await t.store.readStream(`user-${res.body.user.id}`))[0]!;
      expect(registered.metadata.actor).toMatchObject({ type: 'user', email: ADMIN_EMAIL });
    });

    it('when the email is already used (any case), then 409 and nothing new is written', async () => {
      const email = `${unique('taken-')}@example.com`;
      const lastName = unique('Taken-');
      expect((await add({ ...newUser, email, lastName })).status).toBe(200);
      await apiSpec(t)
        .when(() => add({ ...newUser, email: email.toUpperCase(), lastName }))
        .thenNothingStored(409, 'A user with this email already exists');
    });

    it('when three creations of one address run at once, then exactly one wins and the others are 409 (issue 19: all three had won)', async () => {
      const email = `${unique('raced-')}@example.com`;
      const answers = await Promise.all([1, 2, 3].map((i) => add({ ...newUser, email, lastName: unique(`Raced${i}-`) })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.message).toBe('A user with this email already exists');
      const list = await t.call('GET', '/user/list/user', { token: admin });
      expect(list.body.userList.filter((u: { email: string }) => u.email === email)).toHaveLength(1);
    });

    it('when the Admin box is ticked, then the user gets the ADMIN role', async () => {
      const res = await add({ email: 'second.admin@example.com', firstName: 'Sid', lastName: 'Second', role: 'ADMIN', isTrainingCompleted: true });
      expect(res.body.user.role).toBe('ADMIN');
    });

    const invalid: Array<[string, unknown, string]> = [
      ['no first name', { ...newUser, email: 'a1@example.com', firstName: '' }, 'firstName: Enter First Name'],
      ['a numeric first name', { ...newUser, email: 'a2@example.com', firstName: '12345' }, 'firstName: Should not be a Number'],
      ['no last name', { ...newUser, email: 'a3@example.com', lastName: undefined }, 'lastName: Enter Last Name'],
      ['no email', { ...newUser, email: undefined }, 'email: Enter Email'],
      ['a malformed email', { ...newUser, email: 'nope' }, 'email: Invalid Email Address'],
      ['training not completed', { ...newUser, email: 'a4@example.com', isTrainingCompleted: false }, 'isTrainingCompleted: Training is required'],
      ['an unknown role', { ...newUser, email: 'a5@example.com', role: 'ROOT' }, 'role: Invalid option: expected one of "USER"|"ADMIN"'],
    ];
    for (const [what, body, message] of invalid) {
      it(`when the request has ${what}, then 400 '${message}' and nothing is written`, async () => {
        const before = await t.store.lastPosition();
        const res = await add(body);
        expect(res).toMatchObject({ status: 400, body: { message } });
        expect(await t.store.lastPosition()).toBe(before);
      });
    }
  });

  describe('PUT /user/modify', () => {
    it('when an ADMIN changes the role, then it applies at once; a new name and email wait for the user (identity-change.int.test.ts)', async () => {
      const created = await add({ email: 'editable@example.com', firstName: 'Eddie', lastName: 'Edit', isTrainingCompleted: true });
      const id = created.body.user.id;
      const res = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id, email: 'edited@example.com', firstName: 'Edward', lastName: 'Edited', role: 'ADMIN', isTrainingCompleted: true },
      });
      expect(res).toMatchObject({
        status: 200,
        body: {
          message: 'User updated successfully!! The change of email or name takes effect once the user accepts it from their mailbox.',
          user: {
            email: 'editable@example.com',
            firstName: 'Eddie',
            role: 'ADMIN',
            pendingIdentityChange: { email: 'edited@example.com', firstName: 'Edward', lastName: 'Edited', changed: ['email', 'firstName', 'lastName'] },
          },
        },
      });
      const modified = (await t.store.readStream(`user-${id}`)).find((e) => e.type === 'UserModified')!;
      expect(modified.data.changed).toEqual(['role']);
    });

    it('when the new email belongs to someone else, then 409', async () => {
      const created = await add({ email: 'clash@example.com', firstName: 'Cla', lastName: 'Sh', isTrainingCompleted: true });
      const res = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: created.body.user.id, email: ADMIN_EMAIL, firstName: 'Cla', lastName: 'Sh', isTrainingCompleted: true },
      });
      expect(res).toMatchObject({ status: 409, body: { message: 'A user with this email already exists' } });
    });

    it('when an admin removes their own ADMIN role, then 403', async () => {
      const res = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: adminId, email: ADMIN_EMAIL, firstName: 'System', lastName: 'Administrator', role: 'USER', isTrainingCompleted: true },
      });
      expect(res).toMatchObject({ status: 403, body: { message: 'You cannot remove the ADMIN role from your own account' } });
    });

    it('when the user does not exist, then 404', async () => {
      const res = await t.call('PUT', '/user/modify', { token: admin, body: { id: 'no-such-id', ...newUser, email: 'ghost@example.com' } });
      expect(res).toMatchObject({ status: 404, body: { message: 'User not found' } });
    });

    it('when the id is missing, then 400 naming it', async () => {
      expect(await t.call('PUT', '/user/modify', { token: admin, body: newUser })).toMatchObject({ status: 400, body: { message: 'id is required' } });
    });
  });

  describe('DELETE /user/delete (deactivation)', () => {
    it('when an ADMIN deactivates a user, then their open session ends at once, they show INACTIVE, and can be reactivated', async () => {
      await t.createUser({ email: 'leaving@example.com', role: 'USER', password: 'leaving user password' });
      const userToken = await t.login('leaving@example.com', 'leaving user password');
      const id = (await t.call('GET', '/user/me', { token: userToken })).body.id;
      const { events } = await apiSpec(t).when(() => deactivate(id)).then({
        status: 200,
        body: { message: 'User deleted succesfully.' },
        events: [
          { stream: `user-${id}`, type: 'UserDeactivated', data: { signature: { email: ADMIN_EMAIL, meaning: 'deactivation', subject: { stream: `user-${id}`, version: 1 } } } },
        ],
      });
      expect((events[0]!.data.signature as { name: string }).name).toBe('System Administrator');
      expect((await t.call('GET', '/user/me', { token: userToken })).status).toBe(401);
      const row = (await t.call('GET', '/user/list/user', { token: admin })).body.userList.find((u: { id: string }) => u.id === id);
      expect(row).toMatchObject({ status: 'INACTIVE', userActive: false });
      expect((await t.call('POST', '/user/get/token', { body: { username: 'leaving@example.com', password: 'leaving user password' } })).status).toBe(401);
      expect(await t.call('POST', '/user/verify/email', { body: { email: 'leaving@example.com' } })).toMatchObject({ body: { emailExist: true, userActive: false } });

      // Reactivation is signed (reactivation.int.test.ts): the old password then no longer works.
      const back = await t.call('POST', '/user/reactivate', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, ...signed } });
      expect(back.body.user.status).toBe('ACTIVE');
      expect((await t.call('POST', '/user/get/token', { body: { username: 'leaving@example.com', password: 'leaving user password' } })).status).toBe(403);
    });

    it('when an admin deactivates themself, then 403', async () => {
      expect(await deactivate(adminId)).toMatchObject({
        status: 403,
        body: { message: 'You cannot deactivate your own account' },
      });
    });

    it("when the deactivation is not signed with the admin's own credentials, then it is refused, counted, and the user stays active", async () => {
      const id = await t.createUser({ email: `${unique('kept-')}@example.com`, role: 'USER', password: 'kept user password' });
      expect(await deactivate(id, admin, {})).toMatchObject({ status: 400, body: { message: 'username: Enter Username and Password; password: Enter Username and Password' } });
      await apiSpec(t)
        .when(() => deactivate(id, admin, { username: ADMIN_EMAIL, password: 'not the password' }))
        .then({ status: 403, body: { message: 'Signature refused: enter your own username and password.' }, events: [{ stream: /^user-/, type: 'CredentialCheckFailed', data: { purpose: 'signature' } }] });
      const row = (await t.call('GET', '/user/list/user', { token: admin })).body.userList.find((u: { id: string }) => u.id === id);
      expect(row.status).toBe('ACTIVE');
    });

    it('when two admins deactivate each other at the same time, then one wins and the last active ADMIN stays', async () => {
      // A log of its own: the rule counts every active ADMIN.
      const own = await startTestApi();
      try {
        const first = await own.login(ADMIN_EMAIL, ADMIN_PASSWORD);
        const firstId = (await own.call('GET', '/user/me', { token: first })).body.id;
        const rivalId = await own.createUser({ email: 'rival.admin@example.com', role: 'ADMIN', password: 'rival admin password' });
        const rival = await own.login('rival.admin@example.com', 'rival admin password');
        const [rivalSeen, firstSeen] = [await reviewedUser(own, first, rivalId), await reviewedUser(own, rival, firstId)];
        const [one, two] = await Promise.all([
          own.call('DELETE', '/user/delete', { token: first, headers: rivalSeen, body: { id: rivalId, ...signed } }),
          own.call('DELETE', '/user/delete', { token: rival, headers: firstSeen, body: { id: firstId, username: 'rival.admin@example.com', password: 'rival admin password' } }),
        ]);
        const statuses = [one.status, two.status].sort();
        expect(statuses[0]).toBe(200);
        // The loser is refused: logged out (401), no longer active to sign (403), or the last active ADMIN (409).
        expect([401, 403, 409]).toContain(statuses[1]);
        const admins = ((await own.call('GET', '/user/list/user', { token: one.status === 200 ? first : rival })).body.userList as Array<{ role: string; status: string }>)
          .filter((u) => u.role === 'ADMIN' && u.status === 'ACTIVE');
        expect(admins).toHaveLength(1);
      } finally {
        await own.dispose();
      }
    });

    it('when the deactivation names no version reviewed (no If-Match, or *): bound to the version last opened in the list; 409 when never opened or changed since, saying what changed; the user stays active', async () => {
      const email = `${unique('reviewed-')}@example.com`;
      const id = await t.createUser({ email, role: 'USER', password: 'reviewed user password' });
      const message = 'Open the record before you sign: a signed decision is bound to the record as you last opened it (or to the version you send as If-Match, as its ETag gave it). You have not opened this one. Open it, review it, then decide again.';
      for (const headers of [{}, { 'if-match': '*' }] as Array<Record<string, string>>) await apiSpec(t).when(() => deactivate(id, admin, signed, headers)).thenNothingStored(409, message);
      const seen = await reviewedUser(t, admin, id);
      const promoted = await t.call('PUT', '/user/modify', { token: admin, body: { id, email, firstName: 'Test', lastName: 'User', role: 'ADMIN', isTrainingCompleted: true } });
      expect(promoted.status).toBe(200);
      const sinceOpened = await apiSpec(t).when(() => deactivate(id, admin, signed, {})).thenNothingStored(409, expect.any(String) as unknown as string);
      expect(sinceOpened.body).toMatchObject({ code: 'changed-since-review', message: expect.stringMatching(/^This record changed after you opened it: .*Updated user: Role/) });
      const stale = await apiSpec(t).when(() => deactivate(id, admin, signed, seen)).thenNothingStored(409, expect.any(String) as unknown as string);
      expect(stale.body).toMatchObject({ code: 'changed-since-review', message: expect.stringContaining('Updated user: Role') });
      const row = (await t.call('GET', '/user/list/user', { token: admin })).body.userList.find((u: { id: string }) => u.id === id);
      expect(row).toMatchObject({ status: 'ACTIVE', role: 'ADMIN' });
      // Opened again (the list above): the spec's call without If-Match deactivates the user as shown.
      const { events } = await apiSpec(t).when(() => deactivate(id, admin, signed, {})).then({ status: 200 });
      expect(events.find((e) => e.type === 'UserDeactivated')?.data).toMatchObject({ signature: { subject: { stream: `user-${id}`, boundBy: 'recorded-view' } } });
    });

    it('when the body has no id, then 400', async () => {
      expect(await t.call('DELETE', '/user/delete', { token: admin, body: { ...signed } })).toMatchObject({ status: 400, body: { message: 'id is required' } });
    });

    it("when the ADMIN gives a reason, then it is recorded in the event (trimmed) and the audit report shows it; the spec's payload records none", async () => {
      const reason = 'Left the company on 30 November';
      const withReason = await t.createUser({ email: `${unique('reasoned-')}@example.com`, role: 'USER', password: 'reasoned user password' });
      await apiSpec(t)
        .when(() => deactivate(withReason, admin, { ...signed, reason: `${reason}  ` }))
        .then({ status: 200, events: [{ stream: `user-${withReason}`, type: 'UserDeactivated', data: { reason, signature: { meaning: 'deactivation' } } }] });
      const without = await t.createUser({ email: `${unique('unreasoned-')}@example.com`, role: 'USER', password: 'unreasoned user password' });
      expect((await deactivate(without)).status).toBe(200);
      const [event] = (await t.store.readStream(`user-${without}`)).filter((e) => e.type === 'UserDeactivated');
      expect(event!.data).not.toHaveProperty('reason');

      const today = new Date();
      const day = `${String(today.getUTCDate()).padStart(2, '0')}-${today.toLocaleString('en', { month: 'short', timeZone: 'UTC' })}-${today.getUTCFullYear()}`;
      const csv = await (await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      const row = csv.split(/\r?\n/).find((line) => line.includes(`,user,${withReason},`) && line.includes('Deactivated user'));
      expect(row).toContain(`Deactivated user (electronic signature),user,${withReason},`);
      expect(row).toContain(`,deactivation,${reason},`);
    });

    it.each([
      ['a reason of 256 characters', 'x'.repeat(256), "reason: Reason can't be more than 255 characters."],
      ['a reason holding a control character', 'left\u001b[31m', 'reason must not contain control characters'],
      ['a reason that is no text', ['left'], 'reason must be a string'],
    ])('when the deactivation has %s, then 400 naming the field, the password not checked and the user stays active', async (_case, reason, message) => {
      const id = await t.createUser({ email: `${unique('kept-')}@example.com`, role: 'USER', password: 'kept user password' });
      await apiSpec(t).when(() => deactivate(id, admin, { ...signed, password: 'not checked', reason })).thenNothingStored(400, message);
    });
  });

  describe('permissions: anonymous 401, USER 403, ADMIN allowed', () => {
    it('when each Manage User endpoint is called without a token or as a USER, then 401 and 403', async () => {
      await t.createUser({ email: 'plain@example.com', role: 'USER', password: 'plain user password' });
      const user = await t.login('plain@example.com', 'plain user password');
      const calls: Array<[string, string, unknown]> = [
        ['GET', '/user/list/user', undefined],
        ['POST', '/user/add', { ...newUser, email: 'perm@example.com' }],
        ['PUT', '/user/modify', { id: adminId, ...newUser }],
        ['DELETE', '/user/delete', { id: adminId, ...signed }],
        ['POST', '/user/reactivate', { id: adminId, ...signed }],
        ['GET', '/user/create/report?from=01-Jan-2026&to=31-Dec-2026', undefined],
      ];
      for (const [method, path, body] of calls) {
        expect((await t.call(method, path, { body })).status, `${method} ${path} anonymous`).toBe(401);
        const asUser = await t.call(method, path, { body, token: user });
        expect(asUser.status, `${method} ${path} as USER`).toBe(403);
        expect(asUser.body.message).toBe('This needs the ADMIN role');
      }
    });
  });

  describe('when the read models cannot follow', () => {
    it('when a read model refuses a row and so stops the projectors, then a command answers a clear 503 (its event is recorded), never a server error', async () => {
      const own = await startTestApi({ READ_MODEL_WAIT_MS: '300' });
      try {
        const token = await own.login(ADMIN_EMAIL, ADMIN_PASSWORD);
        const tail = await own.store.lastPosition();
        // The projector fails on the read model's own table (a stray event in the log is a broken chain link,
        // which stops everything: docs/security.md).
        await own.database.db.exec(`CREATE FUNCTION refuse_user_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'stray'; END $$;
          CREATE TRIGGER refuse_user_rows BEFORE INSERT ON user_accounts FOR EACH ROW EXECUTE FUNCTION refuse_user_rows();`);
        const res = await own.call('POST', '/user/add', { token, body: { email: 'late@example.com', firstName: 'Late', lastName: 'Reader', isTrainingCompleted: true } });
        expect(res).toMatchObject({ status: 503, body: { code: 'read-models-late', message: 'The change was saved but the screens are slow to show it. Reload in a moment.' } });
        expect((await own.store.readAll(tail, 1000)).map((e) => e.type)).toContain('UserRegistered');
      } finally {
        await own.dispose();
      }
    });
  });
});
