import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUDIT_KEY } from '../../../../test-support/audit-key';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { verifyAndCheckpoint, checkReadModels, describeReadModelCheck } from '../../audit';
import { setPassword, followTheLogForAll } from '../../auth';
import { CommandPipeline, Snapshots } from '../../platform/command-pipeline';

/**
 * `npm run audit:verify` after ordinary use of the emailed links: the `password_tokens` table follows the log, so a
 * link the log closed is never left usable in the table (the verifier would name it as a link the log never issued).
 * On the PostgreSQL server the API runs as its own restricted role (docs/security.md).
 */
describe('emailed links: the table follows the log, so audit:verify passes after ordinary use', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await startTestApi({}, { asApiRole: Boolean(process.env.TEST_DATABASE_URL) });
  });
  afterAll(() => t?.dispose());

  /** What `npm run audit:verify` reports (its two halves: the chain, then read models and sealed rows); [] when clean. */
  const auditVerify = async () => {
    await t.api.context.work.settled();
    const now = t.clock.now();
    const chain = await verifyAndCheckpoint(t.store, TEST_AUDIT_KEY, t.api.context.config.AUDIT_CHECKPOINTS_FILE, now);
    const check = await checkReadModels(t.api.context.db, t.store, t.api.context.seals, now);
    return [...(chain.ok ? [] : [`Event log BROKEN: ${chain.reason}`]), ...describeReadModelCheck(check)];
  };

  it('when a user asks for a reset link and then changes their password while logged in, then audit:verify passes and the link no longer works', async () => {
    const email = `${unique('forgetful-')}@example.com`;
    await t.createUser({ email, role: 'USER', password: 'the first long password' });
    expect((await t.call('POST', '/user/forgot/password', { body: { email } })).status).toBe(200);
    await t.api.context.work.settled();
    const token = t.passwordLinkToken(email);

    const session = await t.login(email, 'the first long password');
    const changed = await t.call('POST', '/user/change/password', {
      token: session,
      body: { email, oldPassword: 'the first long password', newPassword: 'the second long password' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    expect(await auditVerify()).toEqual([]);
    const used = await t.call('POST', '/user/set/password', { body: { token, password: 'a third long password' } });
    expect(used.status).toBe(400);
    expect(await auditVerify()).toEqual([]);
  });

  const PASSWORD = 'the first long password';
  const givenUser = async () => {
    const email = `${unique('linked-')}@example.com`;
    const id = await t.createUser({ email, role: 'USER', password: PASSWORD, firstName: 'Lina', lastName: unique('Link-') });
    return { id, email };
  };
  const forgot = async (email: string) => {
    expect((await t.call('POST', '/user/forgot/password', { body: { email } })).status).toBe(200);
    await t.api.context.work.settled();
    return t.passwordLinkToken(email);
  };
  const credentialEvents = async (id: string) => (await t.store.readStream(`user-credentials-${id}`)).map((event) => event.type);
  const signed = { username: ADMIN_EMAIL, password: ADMIN_PASSWORD };

  it('when a set-password link is used twice at the same moment, then exactly one use sets the password, and audit:verify passes', async () => {
    const { email } = await givenUser();
    const token = await forgot(email);
    const answers = await Promise.all(
      ['the racing password one', 'the racing password two'].map((password) => t.call('POST', '/user/set/password', { body: { token, password } })),
    );
    // The second use is refused by the log (400), or, when it comes while the first one's strength check runs, by the
    // one-check-at-a-time limit (429): either way exactly one sets the password.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 429]).toContain(statuses[1]);
    expect(await auditVerify()).toEqual([]);
    // And once the race is over, the link is spent in the log.
    expect((await t.call('POST', '/user/set/password', { body: { token, password: 'the racing password three' } })).status).toBe(400);
  });

  it("when the user's address changes, then the log closes the links mailed to the old one, they no longer work, and audit:verify passes", async () => {
    const { id, email } = await givenUser();
    const token = await forgot(email);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const newEmail = `${unique('moved-')}@example.com`;
    const asked = await t.call('PUT', '/user/modify', { token: admin, body: { id, email: newEmail, firstName: 'Lina', lastName: 'Moved', role: 'USER', isTrainingCompleted: true } });
    expect(asked.status).toBe(200);
    expect((await t.call('POST', '/user/confirm/change', { body: { token: t.mailedToken(email, '/user/confirm/') } })).status).toBe(200);
    expect((await t.call('POST', '/user/confirm/change', { body: { token: t.mailedToken(newEmail, '/user/confirm/') } })).status).toBe(200);

    expect((await credentialEvents(id)).slice(-1)).toEqual(['EmailedLinksClosed']);
    expect((await t.call('POST', '/user/set/password', { body: { token, password: 'a password for the old address' } })).status).toBe(400);
    expect(await auditVerify()).toEqual([]);
  });

  it('when a user is reactivated within a minute of a link, then the old link is closed and a fresh one is mailed at once; audit:verify passes', async () => {
    const { id, email } = await givenUser();
    const old = await forgot(email);
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, ...signed } })).status).toBe(200);
    const mailsBefore = t.mails().length;
    expect((await t.call('POST', '/user/reactivate', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, ...signed } })).status).toBe(200);

    expect(t.mails().slice(mailsBefore)).toEqual([expect.objectContaining({ subject: 'IFU Portal: your account is active again, set a new password' })]);
    const fresh = t.passwordLinkToken(email);
    expect(fresh).not.toBe(old);
    expect((await t.call('POST', '/user/set/password', { body: { token: old, password: 'a password from before' } })).status).toBe(400);
    expect(await auditVerify()).toEqual([]);
    expect((await t.call('POST', '/user/set/password', { body: { token: fresh, password: 'a password after reactivation' } })).status).toBe(200);
    expect(await auditVerify()).toEqual([]);
  });

  it('when a stop came between a step that closed a link and its follow-up, then the next start voids the row, and audit:verify passes again', async () => {
    const { id, email } = await givenUser();
    await forgot(email);
    // The step without its follow-up: a pipeline as the API's, less the follower.
    const { db, seals, readModels } = { ...t.api.context, readModels: t.api.readModels };
    const bare = new CommandPipeline(t.store, new Snapshots(db, seals), readModels, t.clock.now);
    await setPassword(t.api.context, bare.begin({ actor: { type: 'system', name: 'test-arrangement' }, correlationId: randomUUID(), ip: null, userAgent: null }), id, 'a password set just before a stop', { via: 'change' });
    expect(await auditVerify()).toEqual([expect.stringMatching(/^Sealed row password_tokens .* purpose="reset": a usable link the log never issued \(or no longer has open\)$/)]);

    expect(await followTheLogForAll(t.api.context, t.clock.now())).toBe(1);
    expect(await auditVerify()).toEqual([]);
  });

  it('when a link row was written behind the product\'s back, then following the log leaves it for audit:verify to name (it never works)', async () => {
    const { id, email } = await givenUser();
    const forged = randomBytes(32).toString('base64url');
    await t.database.db.query(
      "INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, 'reset', now(), now() + interval '1 day')",
      [createHash('sha256').update(forged).digest('hex'), id],
    );
    const named = [expect.stringMatching(new RegExp(`^Sealed row password_tokens user_id="${id}", purpose="reset"`))];
    expect(await auditVerify()).toEqual(named);
    // Link steps of that user, and the start-up's pass over every user, follow the log: the forged row stays.
    await forgot(email);
    const session = await t.login(email, PASSWORD);
    expect((await t.call('POST', '/user/change/password', { token: session, body: { email, oldPassword: PASSWORD, newPassword: 'the second long password' } })).status).toBe(200);
    await followTheLogForAll(t.api.context, t.clock.now());
    expect(await auditVerify()).toEqual(named);
    expect((await t.call('POST', '/user/set/password', { body: { token: forged, password: 'a forged link password' } })).status).toBe(400);
    await t.database.db.query('DELETE FROM password_tokens WHERE user_id = $1', [id]);
  });
});
