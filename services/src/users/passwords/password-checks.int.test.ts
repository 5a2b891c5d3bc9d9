import { PASSWORD_MESSAGES } from '@ifu/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

/**
 * One strength worker serves every password change of an API process, each estimate up to its deadline: a user
 * sending many hostile changes at once made everyone else's wait in line behind them. Callers are told apart by
 * X-Forwarded-For, as behind the product's proxy.
 */
describe('one password check at a time per user and per address', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The estimator's slowest kind of input: it runs to the deadline and is refused as not checkable in time. */
  const hostile = 'aB3$'.repeat(32);
  const busy = { status: 429, body: { code: 'password-check-busy', message: 'A password check is already running for your account or from your address. Try again in a moment.' } };
  const checked = (answer: { status: number; body: { message?: string } }) =>
    answer.status === 400 && [PASSWORD_MESSAGES.checkTooSlow, PASSWORD_MESSAGES.tooGuessable].some((message) => message === answer.body.message);

  const givenUser = async (password = 'the first password 1') => {
    const email = `${unique('checks-')}@example.com`;
    await t.createUser({ email, role: 'USER', password, firstName: 'Chen', lastName: unique('Check-') });
    return { email, password, token: await t.login(email, password) };
  };
  const changePassword = (user: { email: string; password: string; token: string }, newPassword: string, from: string) =>
    t.call('POST', '/user/change/password', {
      token: user.token,
      body: { email: user.email, oldPassword: user.password, newPassword },
      headers: { 'x-forwarded-for': from },
    });

  it('when one user sends twelve hostile changes at once, then one is checked and the rest are refused at once; another user changes theirs meanwhile', async () => {
    const [attacker, other] = await Promise.all([givenUser(), givenUser()]);
    const [answers, otherAnswer] = await Promise.all([
      Promise.all(Array.from({ length: 12 }, () => changePassword(attacker, hostile, '203.0.113.50'))),
      changePassword(other, 'violet tractor mumbles ferns 42', '198.51.100.60'),
    ]);

    expect(answers.filter(checked)).toHaveLength(1);
    const refused = answers.filter((answer) => !checked(answer));
    expect(refused).toHaveLength(11);
    for (const answer of refused) expect(answer).toMatchObject(busy);
    expect(otherAnswer.status).toBe(200);
    // Not a lasting lock: once the check has ended, the user's next change is checked.
    expect((await changePassword(attacker, 'an ordinary new passphrase 7', '203.0.113.50')).status).toBe(200);
  });

  it('when two users change their passwords from one address at once (one through an emailed link), then one is checked and the other refused', async () => {
    const signedIn = await givenUser();
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const linked = `${unique('linked-')}@example.com`;
    const added = await t.call('POST', '/user/add', { token: admin, body: { email: linked, firstName: 'Lin', lastName: unique('Ked-'), isTrainingCompleted: true } });
    expect(added.status).toBe(200);
    const from = '203.0.113.70';

    const answers = await Promise.all([
      changePassword(signedIn, hostile, from),
      t.call('POST', '/user/set/password', { body: { token: t.passwordLinkToken(linked), password: hostile }, headers: { 'x-forwarded-for': from } }),
    ]);

    expect(answers.filter(checked)).toHaveLength(1);
    expect(answers.find((answer) => !checked(answer))).toMatchObject(busy);
  });
});
