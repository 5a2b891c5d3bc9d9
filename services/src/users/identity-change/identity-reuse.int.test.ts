import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

/**
 * 21 CFR 11.100(a): an electronic signature is never reused by or reassigned to anyone else. An account's address is
 * its identification code; a deactivated account keeps it (only a change of the account's own address releases it),
 * so its signatures can never come to name someone else.
 */
describe('an identity is never reused (21 CFR 11.100(a))', () => {
  let t: TestApi;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApi();
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const signed = { username: ADMIN_EMAIL, password: ADMIN_PASSWORD };

  async function deactivatedUser() {
    const email = `${unique('former-')}@example.com`;
    const id = await t.createUser({ email, role: 'USER', password: 'former user password', lastName: unique('Former-') });
    const answer = await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, ...signed } });
    expect(answer.status).toBe(200);
    return { id, email };
  }

  it("when a user was deactivated, then a new account with their address (any case) is refused with 409 and nothing is stored", async () => {
    const former = await deactivatedUser();
    await apiSpec(t)
      .when(() => t.call('POST', '/user/add', { token: admin, body: { email: former.email.toUpperCase(), firstName: 'New', lastName: unique('Person-'), isTrainingCompleted: true } }))
      .thenNothingStored(409, 'A user with this email already exists');
  });

  it("when an ADMIN gives another user a deactivated user's address, then 409 and nothing is stored", async () => {
    const former = await deactivatedUser();
    const lastName = unique('Other-');
    const other = await t.createUser({ email: `${unique('other-')}@example.com`, role: 'USER', lastName });
    await apiSpec(t)
      .when(() => t.call('PUT', '/user/modify', { token: admin, body: { id: other, email: former.email, firstName: 'Test', lastName, isTrainingCompleted: true } }))
      .thenNothingStored(409, 'A user with this email already exists');
  });
});
