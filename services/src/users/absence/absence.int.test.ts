import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

interface Person {
  id: string;
  email: string;
  token: string;
}

describe('a user’s absence and delegate over HTTP (/user/me/absence, /user/:id/absence)', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const person = async (role: 'USER' | 'ADMIN', firstName: string, lastName: string): Promise<Person> => {
    const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
    const id = await t.createUser({ email, role, password: 'a long password 1', firstName, lastName });
    return { id, email, token: await t.login(email, 'a long password 1') };
  };
  const day = (offset: number) => new Date(t.clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const declare = (token: string, body: Record<string, unknown>, who = 'me') => t.call('PUT', `/user/${who}/absence`, { token, body });

  it('a user declares their absence with an ADMIN as delegate, sees it, replaces it and ends it; each step is an event on their stream', async () => {
    const user = await person('USER', 'Uma', 'User');
    const deputy = await person('ADMIN', 'Dora', 'Deputy');
    expect((await t.call('GET', '/user/me/absence', { token: user.token })).body).toEqual({ absence: null });
    await spec.when(() => declare(user.token, { from: day(1), until: day(5), delegateId: deputy.id })).then({
      status: 200,
      body: { message: 'Absence saved', absence: { from: day(1), until: day(5), delegate: { id: deputy.id, name: 'Dora Deputy', email: deputy.email } } },
      events: [{ stream: `user-${user.id}`, type: 'AbsenceDeclared', data: { userId: user.id, from: day(1), until: day(5), delegateId: deputy.id, declaredBy: user.id } }],
    });
    expect((await t.call('GET', '/user/me/absence', { token: user.token })).body.absence).toMatchObject({ from: day(1), until: day(5) });
    // The same again records nothing; other days replace it.
    await spec.when(() => declare(user.token, { from: day(1), until: day(5), delegateId: deputy.id })).then({ status: 200, events: [] });
    await spec.when(() => declare(user.token, { from: day(0), until: day(2), delegateId: deputy.id })).then({ status: 200, events: [{ stream: `user-${user.id}`, type: 'AbsenceDeclared', data: { from: day(0), until: day(2) } }] });
    await spec.when(() => t.call('DELETE', '/user/me/absence', { token: user.token })).then({
      status: 200,
      body: { message: 'Absence ended', absence: null },
      events: [{ stream: `user-${user.id}`, type: 'AbsenceEnded', data: { userId: user.id, endedBy: user.id } }],
    });
    // Nothing left to end: nothing recorded.
    await spec.when(() => t.call('DELETE', '/user/me/absence', { token: user.token })).then({ status: 200, events: [] });
  });

  it('bad input is 400 naming the field, nothing stored', async () => {
    const user = await person('USER', 'Ben', 'User');
    const deputy = await person('ADMIN', 'Dan', 'Deputy');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ until: day(1), delegateId: deputy.id }, 'from: Enter the first day of the absence'],
      [{ from: day(1), delegateId: deputy.id }, 'until: Enter the last day of the absence'],
      [{ from: '01-12-2026', until: day(1), delegateId: deputy.id }, 'from must be a date like 2027-11-23'],
      [{ from: '2026-02-30', until: day(1), delegateId: deputy.id }, 'from must be a date like 2027-11-23'],
      [{ from: day(3), until: day(1), delegateId: deputy.id }, 'until: The last day must be on or after the first day'],
      [{ from: day(1), until: day(2) }, 'delegateId: Select a delegate'],
      [{ from: day(-5), until: day(-1), delegateId: deputy.id }, 'until: The last day must be today or later'],
      [{ from: day(0), until: day(400), delegateId: deputy.id }, 'until: An absence lasts at most 366 days'],
    ];
    for (const [body, message] of cases) await spec.when(() => declare(user.token, body)).thenNothingStored(400, message);
  });

  it('the delegate is an active ADMIN other than the user: a USER, themselves, a deactivated or unknown account are refused', async () => {
    const user = await person('ADMIN', 'Cleo', 'Admin');
    const other = await person('USER', 'Otis', 'User');
    const refusal = 'delegateId: choose an active ADMIN other than the absent user';
    await spec.when(() => declare(user.token, { from: day(0), until: day(1), delegateId: other.id })).thenNothingStored(400, refusal);
    await spec.when(() => declare(user.token, { from: day(0), until: day(1), delegateId: user.id })).thenNothingStored(400, refusal);
    await spec.when(() => declare(user.token, { from: day(0), until: day(1), delegateId: '00000000-0000-4000-8000-000000000000' })).thenNothingStored(400, refusal);
    const gone = await person('ADMIN', 'Gus', 'Gone');
    await spec
      .given({ stream: `user-${gone.id}`, events: [{ type: 'UserDeactivated', data: { userId: gone.id, at: t.clock.now().toISOString() } }] })
      .when(() => declare(user.token, { from: day(0), until: day(1), delegateId: gone.id }))
      .then({ status: 400, body: { message: refusal }, events: [] });
  });

  it("another user's absence: an ADMIN may declare and end it (recorded as theirs); a USER may not (403); an unknown user is 404", async () => {
    const user = await person('USER', 'Ivy', 'Ill');
    const colleague = await person('USER', 'Cal', 'Colleague');
    const deputy = await person('ADMIN', 'Dee', 'Deputy');
    const first = (await t.call('GET', '/user/me', { token: admin })).body.id as string;
    await spec.when(() => declare(admin, { from: day(0), until: day(3), delegateId: deputy.id }, user.id)).then({
      status: 200,
      body: { absence: { until: day(3), delegate: { id: deputy.id } } },
      events: [{ stream: `user-${user.id}`, type: 'AbsenceDeclared', data: { declaredBy: first } }],
    });
    expect((await t.call('GET', `/user/${user.id}/absence`, { token: admin })).body.absence).toMatchObject({ from: day(0) });
    await spec.when(() => declare(colleague.token, { from: day(0), until: day(3), delegateId: deputy.id }, user.id)).thenNothingStored(403, 'This needs the ADMIN role');
    expect(await t.call('GET', `/user/${user.id}/absence`, { token: colleague.token })).toMatchObject({ status: 403 });
    await spec.when(() => t.call('DELETE', `/user/${user.id}/absence`, { token: colleague.token })).thenNothingStored(403, 'This needs the ADMIN role');
    await spec.when(() => t.call('DELETE', `/user/${user.id}/absence`, { token: admin })).then({
      status: 200,
      events: [{ stream: `user-${user.id}`, type: 'AbsenceEnded', data: { endedBy: first } }],
    });
    await spec.when(() => declare(admin, { from: day(0), until: day(3), delegateId: deputy.id }, '00000000-0000-4000-8000-000000000000')).thenNothingStored(404, 'User not found');
    await spec.when(() => t.call('PUT', '/user/me/absence', { body: { from: day(0), until: day(1), delegateId: deputy.id } })).thenNothingStored(401, 'Authentication required');
  });

  it('the audit trail says who declared and ended it', async () => {
    const user = await person('USER', 'Ada', 'Away');
    const deputy = await person('ADMIN', 'Del', 'Deputy');
    await declare(user.token, { from: day(0), until: day(1), delegateId: deputy.id });
    const history = await t.call('GET', `/audit/history/user/${user.id}`, { token: admin });
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(`Declared an absence from ${day(0)} to ${day(1)}`);
  });
});
