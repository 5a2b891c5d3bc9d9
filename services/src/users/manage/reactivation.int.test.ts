import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApiAsAdmin, type TestApi } from '../../../../test-support/test-api';

/** A deactivated user is reactivated by an ADMIN's signed command, and sets a fresh password. */
describe('POST /user/reactivate over HTTP (signed reactivation)', () => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => ({ t, admin } = await startTestApiAsAdmin()));
  afterAll(() => t?.dispose());

  const signed = { username: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  const deactivate = async (id: string) =>
    t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, ...signed } });
  /** A reactivation as the Manage User dialog sends it: with the version the list showed (`headers` replaces it). */
  const reactivate = async (id: string, token = admin, credentials: Record<string, unknown> = signed, headers?: Record<string, string>) =>
    t.call('POST', '/user/reactivate', { token, headers: headers ?? (await reviewedUser(t, admin, id)), body: { id, ...credentials } });
  const row = async (id: string) =>
    ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<Record<string, unknown>>).find((u) => u.id === id);

  /** A user who had a password and was deactivated. */
  async function deactivatedUser(password = 'a returning user password') {
    const email = `${unique('back-')}@example.com`;
    const id = await t.createUser({ email, role: 'USER', password, lastName: unique('Back-') });
    expect((await deactivate(id)).status).toBe(200);
    return { id, email, password };
  }

  it('when an ADMIN reactivates a deactivated user with their own credentials, then the signed event is recorded, the list shows them active, and a set-password link is mailed', async () => {
    const user = await deactivatedUser();
    const { answer, events } = await apiSpec(t)
      .when(() => reactivate(user.id))
      .then({
        status: 200,
        body: { message: 'User reactivated. They set a new password with the link emailed to them.', user: { id: user.id, status: 'ACTIVE', userActive: true, passwordActive: false } },
        events: [
          { stream: `user-credentials-${user.id}`, type: 'PasswordRevoked', data: { userId: user.id, reason: 'reactivated' } },
          { stream: /^printed-name-/, type: 'PrintedNameClaimed', data: { userId: user.id } },
          {
            stream: `user-${user.id}`,
            type: 'UserReactivated',
            data: { userId: user.id, newPasswordRequired: true, signature: { email: ADMIN_EMAIL, name: 'System Administrator', meaning: 'reactivation', subject: { stream: `user-${user.id}`, version: 2 } } },
          },
          { stream: `user-credentials-${user.id}`, type: 'PasswordLinkIssued', data: { purpose: 'reactivated' } },
        ],
      });
    expect(events.find((e) => e.type === 'UserReactivated')!.metadata.actor).toMatchObject({ type: 'user', email: ADMIN_EMAIL });
    expect(answer.headers?.get('etag')).toBe('"3"');
    expect(await row(user.id)).toMatchObject({ status: 'ACTIVE', passwordActive: false, passwordSetDate: null });
    expect(t.mails().at(-1)).toMatchObject({ to: user.email, subject: 'IFU Portal: your account is active again, set a new password' });
  });

  it('when the reactivated user logs in with their old password, then it is refused; after setting a new one through the link they log in', async () => {
    const user = await deactivatedUser();
    expect((await reactivate(user.id)).status).toBe(200);
    expect(await t.call('POST', '/user/get/token', { body: { username: user.email, password: user.password } })).toMatchObject({ status: 403, body: { code: 'password-expired' } });
    // The login's first step sees no usable password: it says a link was sent, never the password step.
    expect(await t.call('POST', '/user/verify/email', { body: { email: user.email } })).toMatchObject({ body: { emailExist: true, userActive: true, passwordActive: false } });
    const token = t.passwordLinkToken(user.email);
    expect((await t.call('POST', '/user/set/password', { body: { token, password: 'a brand new passphrase here' } })).status).toBe(200);
    expect((await t.call('POST', '/user/get/token', { body: { username: user.email, password: 'a brand new passphrase here' } })).status).toBe(200);
    expect(await row(user.id)).toMatchObject({ status: 'ACTIVE', passwordActive: true });
  });

  it("when the reactivated user asks at login for a link later, then the mail says the account was reactivated, not created", async () => {
    const user = await deactivatedUser();
    expect((await reactivate(user.id)).status).toBe(200);
    t.clock.advance(2 * 60_000); // past the minute between two links
    expect(await t.call('POST', '/user/verify/email', { body: { email: user.email } })).toMatchObject({ body: { passwordActive: false } });
    expect(t.mails().at(-1)).toMatchObject({ to: user.email, subject: 'IFU Portal: your account is active again, set a new password' });
    expect(t.mails().at(-1)!.text).toContain('An administrator reactivated your IFU Portal account.');
  });

  it('when the user is active, then 409 with a clear message and nothing is stored', async () => {
    const id = await t.createUser({ email: `${unique('active-')}@example.com`, role: 'USER', password: 'an active user password' });
    await apiSpec(t).when(() => reactivate(id)).thenNothingStored(409, 'This user is already active: only a deactivated user can be reactivated.');
  });

  it("when the ADMIN's password is wrong, then 403, the failure counts toward their lockout, and the user stays inactive", async () => {
    const user = await deactivatedUser();
    await apiSpec(t)
      .when(() => reactivate(user.id, admin, { username: ADMIN_EMAIL, password: 'not the password' }))
      .then({
        status: 403,
        body: { message: 'Signature refused: enter your own username and password.' },
        events: [{ stream: /^user-credentials-/, type: 'CredentialCheckFailed', data: { purpose: 'signature', reason: 'wrong-password' } }],
      });
    expect(await row(user.id)).toMatchObject({ status: 'INACTIVE' });
  });

  it("when another account's valid credentials sign, then 403 like a wrong password", async () => {
    const user = await deactivatedUser();
    await t.createUser({ email: 'other.signer@example.com', role: 'ADMIN', password: 'other signer password' });
    const answer = await reactivate(user.id, admin, { username: 'other.signer@example.com', password: 'other signer password' });
    expect(answer).toMatchObject({ status: 403, body: { message: 'Signature refused: enter your own username and password.' } });
    expect(await row(user.id)).toMatchObject({ status: 'INACTIVE' });
  });

  it('when a field is missing, then 400 naming it and nothing is stored', async () => {
    const user = await deactivatedUser();
    await apiSpec(t).when(() => reactivate(user.id, admin, {})).thenNothingStored(400, 'username: Enter Username and Password; password: Enter Username and Password');
    await apiSpec(t)
      .when(() => t.call('POST', '/user/reactivate', { token: admin, headers: { 'if-match': '"2"' }, body: { ...signed } }))
      .thenNothingStored(400, 'id is required');
  });

  it('when the user does not exist, then 404', async () => {
    await apiSpec(t).when(() => reactivate('no-such-user', admin, signed, { 'if-match': '"1"' })).thenNothingStored(404, 'User not found');
  });

  it('when no version reviewed is named, or the user changed since, then 409 and nothing is stored', async () => {
    const user = await deactivatedUser();
    // Without If-Match the reactivation is bound to the version the ADMIN last opened (the list before the
    // deactivation), which the deactivation overtook: 409 saying what happened after they opened it.
    const unseen = await apiSpec(t).when(() => reactivate(user.id, admin, signed, {})).thenNothingStored(409, expect.any(String) as unknown as string);
    expect(unseen.body).toMatchObject({ code: 'changed-since-review', message: expect.stringMatching(/^This record changed after you opened it: .*Deactivated user/) });
    const stale = await apiSpec(t).when(() => reactivate(user.id, admin, signed, { 'if-match': '"1"' })).thenNothingStored(409, expect.any(String) as unknown as string);
    expect(stale.body).toMatchObject({ code: 'changed-since-review', message: expect.stringContaining('Deactivated user') });
  });

  it('when another active user has taken the printed name meanwhile, then 409 and nothing is stored', async () => {
    const lastName = unique('Twin-');
    const first = await t.createUser({ email: `${unique('twin-')}@example.com`, role: 'USER', password: 'first twin password', firstName: 'Tess', lastName });
    expect((await deactivate(first)).status).toBe(200);
    await t.createUser({ email: `${unique('twin-')}@example.com`, role: 'USER', password: 'second twin password', firstName: 'Tess', lastName });
    const answer = await apiSpec(t).when(() => reactivate(first)).thenNothingStored(409, expect.any(String) as unknown as string);
    expect(answer.body.code).toBe('printed-name-taken');
  });

  it('when an edit sends userActive true for a deactivated user, then 409 pointing to Reactivate, and nothing is stored', async () => {
    const user = await deactivatedUser();
    await apiSpec(t)
      .when(() =>
        t.call('PUT', '/user/modify', { token: admin, body: { id: user.id, email: user.email, firstName: 'Test', lastName: 'User', isTrainingCompleted: true, userActive: true } }),
      )
      .thenNothingStored(409, 'userActive: a deactivated user is reactivated with Reactivate in the users list, signed with your username and password.');
  });

  describe('permissions', () => {
    it('when called without a token, then 401; as a USER, then 403 and nothing is stored', async () => {
      const user = await deactivatedUser();
      await t.createUser({ email: 'reactivating.user@example.com', role: 'USER', password: 'reactivating user password' });
      const plain = await t.login('reactivating.user@example.com', 'reactivating user password');
      expect((await t.call('POST', '/user/reactivate', { body: { id: user.id, ...signed } })).status).toBe(401);
      await apiSpec(t)
        .when(() => reactivate(user.id, plain, { username: 'reactivating.user@example.com', password: 'reactivating user password' }))
        .thenNothingStored(403, 'This needs the ADMIN role');
    });

    it('when the ADMIN was deactivated after logging in, then they are refused and nothing is stored', async () => {
      const user = await deactivatedUser();
      const otherId = await t.createUser({ email: 'leaving.admin@example.com', role: 'ADMIN', password: 'leaving admin password' });
      const other = await t.login('leaving.admin@example.com', 'leaving admin password');
      const seen = await reviewedUser(t, admin, user.id);
      expect((await deactivate(otherId)).status).toBe(200);
      const answer = await apiSpec(t)
        .when(() => reactivate(user.id, other, { username: 'leaving.admin@example.com', password: 'leaving admin password' }, seen))
        .thenNothingStored(401, expect.any(String) as unknown as string);
      expect(answer.body.code).toMatch(/session-ended|account-not-active/);
      expect(await row(user.id)).toMatchObject({ status: 'INACTIVE' });
    });

    it('when the ADMIN lost the ADMIN role after logging in, then 403 and nothing is stored', async () => {
      const user = await deactivatedUser();
      const demotedId = await t.createUser({ email: 'demoted.admin@example.com', role: 'ADMIN', password: 'demoted admin password', lastName: 'Demoted' });
      const demoted = await t.login('demoted.admin@example.com', 'demoted admin password');
      const modify = await t.call('PUT', '/user/modify', {
        token: admin,
        body: { id: demotedId, email: 'demoted.admin@example.com', firstName: 'Test', lastName: 'Demoted', role: 'USER', isTrainingCompleted: true },
      });
      expect(modify.status).toBe(200);
      await apiSpec(t)
        .when(() => reactivate(user.id, demoted, { username: 'demoted.admin@example.com', password: 'demoted admin password' }))
        .thenNothingStored(403, 'This needs the ADMIN role');
    });
  });

  // The list: a change of email or name waiting for the user's acceptance.
  it("when an ADMIN changes a user's email, then the list answers the pending change until it takes effect", async () => {
    const email = `${unique('pending-')}@example.com`;
    const id = await t.createUser({ email, role: 'USER', password: 'pending user password', lastName: 'Pending' });
    const newEmail = `${unique('moved-')}@example.com`;
    const modify = await t.call('PUT', '/user/modify', { token: admin, body: { id, email: newEmail, firstName: 'Test', lastName: 'Pending', isTrainingCompleted: true } });
    expect(modify.status).toBe(200);
    const listed = ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<Record<string, unknown>>).find((u) => u.id === id);
    expect(listed).toMatchObject({ email, pendingIdentityChange: { email: newEmail, firstName: 'Test', lastName: 'Pending', changed: ['email'] } });
    // Accepted from the old address, confirmed from the new one: the change applies and is no longer pending.
    expect((await t.call('POST', '/user/confirm/change', { body: { token: t.mailedToken(email, '/user/confirm/') } })).status).toBe(200);
    expect(await row(id)).toMatchObject({ email, pendingIdentityChange: { email: newEmail } });
    expect((await t.call('POST', '/user/confirm/change', { body: { token: t.mailedToken(newEmail, '/user/confirm/') } })).status).toBe(200);
    expect(await row(id)).toMatchObject({ email: newEmail, pendingIdentityChange: null });
  });
});
