import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_PREFERENCE_MESSAGES } from '@ifu/contracts';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { AuditDictionary } from '../../platform/audit-vocabulary';
import { usersVocabulary } from '../audit';

describe('PUT /user/me/mail-preference: a staff member chooses one mail for each task or a daily digest, for themselves', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const person = async (role: 'USER' | 'ADMIN') => {
    const email = `${unique(`${role.toLowerCase()}-`)}@example.com`;
    const id = await t.createUser({ email, role, password: 'a long password 1', firstName: 'Mia', lastName: 'Mailer' });
    return { id, email, token: await t.login(email, 'a long password 1') };
  };
  const choose = (token: string | undefined, body: unknown) => t.call('PUT', '/user/me/mail-preference', { ...(token ? { token } : {}), body });
  const me = async (token: string) => (await t.call('GET', '/user/me', { token })).body;

  it('a USER chooses the daily digest: recorded on their own stream, and /user/me says so; the same choice again records nothing', async () => {
    const user = await person('USER');
    expect((await me(user.token)).taskMail).toBe('each');
    const { events } = await spec.when(() => choose(user.token, { taskMail: 'daily-digest' })).then({
      status: 200,
      body: { message: MAIL_PREFERENCE_MESSAGES.saved, taskMail: 'daily-digest' },
      events: [{ stream: `user-${user.id}`, type: 'MailPreferenceChosen', data: { userId: user.id, taskMail: 'daily-digest' } }],
    });
    expect(events[0]!.metadata).toMatchObject({ actor: { type: 'user', userId: user.id } });
    expect(new AuditDictionary([usersVocabulary]).describe(events[0] as never).action).toBe('Chose one daily digest of the mails about their tasks');
    expect((await me(user.token)).taskMail).toBe('daily-digest');

    await spec.when(() => choose(user.token, { taskMail: 'daily-digest' })).then({ status: 200, body: { taskMail: 'daily-digest' }, events: [] });
  });

  it('an ADMIN chooses one mail each again', async () => {
    const admin = await person('ADMIN');
    await spec.when(() => choose(admin.token, { taskMail: 'daily-digest' })).then({ status: 200 });
    await spec.when(() => choose(admin.token, { taskMail: 'each' })).then({
      status: 200,
      body: { taskMail: 'each' },
      events: [{ stream: `user-${admin.id}`, type: 'MailPreferenceChosen', data: { taskMail: 'each' } }],
    });
    expect((await me(admin.token)).taskMail).toBe('each');
  });

  it('a choice that is missing or not one of the two is refused naming the field, and nothing is stored', async () => {
    const user = await person('USER');
    const message = "taskMail must be 'each' or 'daily-digest'";
    await spec.when(() => choose(user.token, {})).thenNothingStored(400, message);
    await spec.when(() => choose(user.token, { taskMail: 'weekly' })).thenNothingStored(400, message);
    await spec.when(() => choose(user.token, { taskMail: 'each\u0000' })).thenNothingStored(400, 'taskMail must not contain control characters');
    await spec.when(() => t.call('PUT', '/user/me/mail-preference', { token: user.token, raw: '[]' })).thenNothingStored(400, 'Request body must be a JSON object');
  });

  it('nobody chooses without a session, and a deactivated user’s session no longer can', async () => {
    await spec.when(() => choose(undefined, { taskMail: 'daily-digest' })).thenNothingStored(401, 'Authentication required');
    const user = await person('USER');
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const deactivated = await t.call('DELETE', '/user/delete', {
      token: admin,
      headers: await reviewedUser(t, admin, user.id),
      body: { id: user.id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    await spec.when(() => choose(user.token, { taskMail: 'daily-digest' })).thenNothingStored(401, 'Your session has ended. Please log in again.');
  });
});
