import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { expectNone } from '../../../../test-support/list-expectations';

/** Nobody takes over an account by changing its address; the user accepts and confirms. */
describe('a change of email or name over HTTP (PUT /user/modify, POST /user/confirm/change)', () => {
  let t: TestApi;
  /** A fresh ADMIN session for each test: some tests move the clock past the session timeout. */
  let admin: string;
  beforeAll(async () => {
    t = await startTestApi();
  });
  beforeEach(async () => {
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const PASSWORD = 'a long enough passphrase for tests';
  async function givenUser(role: 'USER' | 'ADMIN' = 'USER') {
    const email = unique('owner') + '@example.com';
    const id = await t.createUser({ email, role, password: PASSWORD, firstName: 'Olivia', lastName: 'Owner' });
    return { id, email };
  }
  const modify = (body: Record<string, unknown>, token = admin) =>
    t.call('PUT', '/user/modify', { token, body: { firstName: 'Olivia', lastName: 'Owner', role: 'USER', isTrainingCompleted: true, ...body } });
  const confirm = (token: unknown) => t.call('POST', '/user/confirm/change', { body: { token } });
  const listed = async (id: string) => ((await t.call('GET', '/user/list/user', { token: admin })).body.userList as Array<{ id: string }>).find((u) => u.id === id);

  it('when an ADMIN changes a user\'s address, then it takes effect only after the user accepts from the old address and confirms from the new one', async () => {
    const { id, email } = await givenUser();
    const userSession = await t.login(email, PASSWORD);
    const newEmail = unique('moved') + '@example.com';

    const asked = await modify({ id, email: newEmail });
    expect(asked.status).toBe(200);
    expect(asked.body.user).toMatchObject({ email, pendingIdentityChange: { email: newEmail, changed: ['email'] } });
    expectNone(t.mails(), (m) => m.to.includes(newEmail));
    const acceptToken = t.mailedToken(email, '/user/confirm/');

    await apiSpec(t).when(() => confirm(acceptToken)).then({
      status: 200,
      body: { message: 'Change accepted. To finish, confirm the new address with the link just sent to it.' },
      events: [{ stream: `user-${id}`, type: 'IdentityChangeAccepted' }],
    });
    expect(await listed(id)).toMatchObject({ email });
    expect(await confirm(acceptToken)).toMatchObject({ status: 400, body: { message: 'This confirmation link is not valid any more.' } });

    // A set-password link already mailed to the old address stops working once the address moves.
    t.clock.advance(61_000);
    await t.call('POST', '/user/forgot/password', { body: { email } });
    await t.api.context.work.settled();
    const oldAddressLink = t.passwordLinkToken(email);

    const confirmToken = t.mailedToken(newEmail, '/user/confirm/');
    await apiSpec(t).when(() => confirm(confirmToken)).then({
      status: 200,
      body: { message: 'Your account now uses its new email address. Log in with it.' },
      events: [
        { stream: `user-email-${newEmail}`, type: 'EmailClaimed', data: { email: newEmail, userId: id } },
        { stream: `user-${id}`, type: 'UserModified', data: { email: newEmail, changed: ['email'], via: 'identity-change' } },
        { stream: `user-email-${email}`, type: 'EmailReleased', data: { email, userId: id } },
        // The set-password link mailed to the old address is closed in the log (its row follows).
        { stream: `user-credentials-${id}`, type: 'EmailedLinksClosed', data: { userId: id, reason: 'email-changed' } },
      ],
    });
    expect(await listed(id)).toMatchObject({ email: newEmail, pendingIdentityChange: null });
    expect(t.mails().at(-1)).toMatchObject({ to: expect.stringContaining(email), subject: 'IFU Portal: your account uses another email address now' });
    // The old session ended; the new address logs in; the old one is free for someone else.
    expect((await t.call('GET', '/user/me', { token: userSession })).status).toBe(401);
    expect(await t.login(newEmail, PASSWORD)).toEqual(expect.any(String));
    expect((await t.call('POST', '/user/set/password', { body: { token: oldAddressLink, password: 'Another long passphrase 42' } })).status).toBe(400);
    expect((await t.call('POST', '/user/add', { token: admin, body: { email, firstName: 'New', lastName: 'Holder', isTrainingCompleted: true } })).status).toBe(200);
  });

  it('the takeover of finding 2: when an ADMIN points another ADMIN\'s account at their own address, then the first step changes nothing, no password link reaches the attacker, and the victim keeps the account', async () => {
    const { id, email } = await givenUser('ADMIN');
    const attackerAddress = unique('attacker') + '@example.com';
    const first = await modify({ id, email: attackerAddress, role: 'ADMIN' });
    expect(first.body.user).toMatchObject({ email, pendingIdentityChange: { email: attackerAddress } });
    t.clock.advance(61_000);
    const mailsBefore = t.mails().length;
    await t.call('POST', '/user/forgot/password', { body: { email: attackerAddress } });
    await t.api.context.work.settled();
    expect(t.mails().slice(mailsBefore).filter((m) => m.to.includes(attackerAddress))).toEqual([]);
    expect(await t.login(email, PASSWORD)).toEqual(expect.any(String));
    // Nor can a user who is not ADMIN ask for the change at all.
    const author = await givenUser();
    const authorToken = await t.login(author.email, PASSWORD);
    expect((await modify({ id, email: attackerAddress, role: 'ADMIN' }, authorToken)).status).toBe(403);
    expect(await listed(id)).toMatchObject({ email });
  });

  it('when an ADMIN changes a name alone, then the user\'s acceptance applies it', async () => {
    const { id, email } = await givenUser();
    expect((await modify({ id, email, lastName: 'Renamed' })).body.user).toMatchObject({ lastName: 'Owner', pendingIdentityChange: { lastName: 'Renamed', changed: ['lastName'] } });
    const res = await confirm(t.mailedToken(email, '/user/confirm/'));
    expect(res).toMatchObject({ status: 200, body: { message: 'Your account details are changed.' } });
    expect(await listed(id)).toMatchObject({ lastName: 'Renamed', pendingIdentityChange: null });
  });

  it('when admins change their own address, then the new address confirms it and the old one is told', async () => {
    const self = await givenUser('ADMIN');
    const token = await t.login(self.email, PASSWORD);
    const newEmail = unique('self') + '@example.com';
    const asked = await modify({ id: self.id, email: newEmail, role: 'ADMIN', firstName: 'Ophelia' }, token);
    // Their own name applies at once; the address waits.
    expect(asked.body.user).toMatchObject({ email: self.email, firstName: 'Ophelia', pendingIdentityChange: { email: newEmail, changed: ['email'] } });
    expect(t.mails().filter((m) => m.to.includes(self.email)).at(-1)?.subject).toBe('IFU Portal: a change of your email address was asked for');
    expect(await confirm(t.mailedToken(newEmail, '/user/confirm/'))).toMatchObject({ status: 200 });
    expect(await listed(self.id)).toMatchObject({ email: newEmail, firstName: 'Ophelia' });
  });

  it('when a newer change replaces a waiting one, then the older link does nothing', async () => {
    const { id, email } = await givenUser();
    await modify({ id, email: unique('first') + '@example.com' });
    const older = t.mailedToken(email, '/user/confirm/');
    await modify({ id, email: unique('second') + '@example.com' });
    expect(await confirm(older)).toMatchObject({ status: 400, body: { code: 'identity-change-invalid' } });
  });

  it('when the new address was taken meanwhile, then confirming is 409 and the link still works once the address is free', async () => {
    const { id, email } = await givenUser();
    const wanted = unique('contested') + '@example.com';
    await modify({ id, email: wanted });
    await confirm(t.mailedToken(email, '/user/confirm/'));
    const confirmToken = t.mailedToken(wanted, '/user/confirm/');
    const other = await t.call('POST', '/user/add', { token: admin, body: { email: wanted, firstName: 'Quick', lastName: 'Taker', isTrainingCompleted: true } });
    expect(other.status).toBe(200);
    await apiSpec(t)
      .when(() => confirm(confirmToken))
      .thenNothingStored(409, 'A user with this email already exists');
    expect(await listed(id)).toMatchObject({ email });
  });

  it('when the link has expired, then 400', async () => {
    const { id, email } = await givenUser();
    await modify({ id, email, firstName: 'Later' });
    const token = t.mailedToken(email, '/user/confirm/');
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect(await confirm(token)).toMatchObject({ status: 400, body: { message: 'This confirmation link is not valid any more.' } });
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await listed(id)).toMatchObject({ firstName: 'Olivia', pendingIdentityChange: null });
  });

  it.each([
    ['no token', {}, 'token is required'],
    ['a number', { token: 5 }, 'token must be a string'],
    ['an unknown token', { token: 'x'.repeat(43) }, 'This confirmation link is not valid any more.'],
    ['an overlong token', { token: 'x'.repeat(201) }, 'token is not valid'],
  ])('when the request has %s, then 400 and nothing is stored', async (_what, body, message) => {
    await apiSpec(t)
      .when(() => t.call('POST', '/user/confirm/change', { body }))
      .thenNothingStored(400, message);
  });

  it('when a set-password token is sent as a confirmation, then it is refused', async () => {
    const added = await t.call('POST', '/user/add', { token: admin, body: { email: unique('fresh') + '@example.com', firstName: 'F', lastName: 'R', isTrainingCompleted: true } });
    const setToken = t.passwordLinkToken(added.body.user.email);
    expect(await confirm(setToken)).toMatchObject({ status: 400, body: { code: 'identity-change-invalid' } });
    expect(await t.call('POST', '/user/set/password', { body: { token: setToken, password: 'Another long passphrase 42' } })).toMatchObject({ status: 200 });
  });
});
