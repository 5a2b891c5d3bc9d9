import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStreamId } from '@ifu/contracts';
import { eventHash } from '@ifu/storage/event-store/hash-chain';
import { arrangeRegisteredCustomer } from '../../../test-support/document-arrangements';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { checkReadModels, describeReadModelCheck, quarantineEvent } from '../audit';
import { hashPassword } from '../auth';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';

import '../../../test-support/provided-context';
import { skipWithoutServer } from '../../../test-support/test-database';

/**
 * Someone who can write to the database as the API's own role (the documented two-role setup,
 * docs/security.md) changed the approver's password hash and a user's role, and then signed as the approver and acted
 * as an ADMIN. The facts a signature and an authorization rely on now come from the hash-chained log; the same
 * tamperings are refused, and `audit:verify` names each row.
 */
describe.skipIf(skipWithoutServer())("a database writer with the API's own role", () => {
  let t: TestApi;
  const approver = { email: `${unique('approver-')}@example.com`, password: 'the approver password' };
  const author = { email: `${unique('author-')}@example.com`, password: 'the author password 1' };
  let approverId: string;
  let authorId: string;
  /** As the API's role: what the penetration test did. */
  const asApiRole = (sql: string, params: unknown[] = []) => t.apiRole!.db.query(sql, params);
  const audit = async () => describeReadModelCheck(await checkReadModels(t.api.context.db, t.store, t.api.context.seals, t.clock.now()));

  beforeAll(async () => {
    t = await startTestApi({}, { asApiRole: true });
    approverId = await t.createUser({ ...approver, role: 'ADMIN', firstName: 'Alma', lastName: 'Approver' });
    authorId = await t.createUser({ ...author, role: 'USER' });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when the API runs as its own role, then it owns nothing and that role may write the read models (the writer of the test)', async () => {
    const { rows } = await asApiRole('SELECT current_user AS role, has_table_privilege(current_user, $1, $2) AS may', ['user_credentials', 'UPDATE']);
    expect(rows[0]).toEqual({ role: t.apiRole!.role, may: true });
    await expect(asApiRole("UPDATE events SET type = 'X'")).rejects.toThrow(/permission denied/);
  });

  it("when the approver's password hash is replaced, then the writer can neither log in nor sign as the approver, and audit:verify names the row", async () => {
    const customerId = await arrangeRegisteredCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approverId, unique('Tamper Clinic '));
    const approverSession = await t.login(approver.email, approver.password);
    const { rows } = await asApiRole('SELECT password_hash FROM user_credentials WHERE user_id = $1', [approverId]);
    const original = (rows[0] as { password_hash: string }).password_hash;
    const chosen = 'a password the writer chose';
    const updated = await asApiRole('UPDATE user_credentials SET password_hash = $2 WHERE user_id = $1', [approverId, await hashPassword(chosen, 'test')]);
    expect(updated.rowCount).toBe(1);
    try {
      expect(await t.call('POST', '/user/get/token', { body: { username: approver.email, password: chosen } })).toMatchObject({
        status: 401,
        body: { message: 'Authentication failure' },
      });
      const approval = await t.call('POST', '/customer/approve/add', {
        token: approverSession,
        headers: await reviewedCustomer(t, approverSession, customerId),
        body: { customerId, customerApproverId: approverId, customerApproval: true, changeDescription: 'Approved', changeJustification: '', username: approver.email, password: chosen },
      });
      expect(approval).toMatchObject({ status: 403, body: { code: 'signature-refused' } });
      expect(await audit()).toContain(`Sealed row user_credentials user_id="${approverId}": the stored password hash is not the one the log sealed`);
    } finally {
      await asApiRole('UPDATE user_credentials SET password_hash = $2 WHERE user_id = $1', [approverId, original]);
    }
    expect(await t.call('POST', '/user/get/token', { body: { username: approver.email, password: approver.password } })).toMatchObject({ status: 200 });
  });

  it("when a USER's row in user_accounts says ADMIN, then nothing an ADMIN may do opens to them, and audit:verify names the row", async () => {
    const token = await t.login(author.email, author.password);
    // The read model has applied the sign-in first, so that the projector does not write the row over meanwhile.
    await t.api.readModels.waitFor(await t.store.lastPosition(), ['user-accounts']);
    const updated = await asApiRole("UPDATE user_accounts SET role = 'ADMIN' WHERE id = $1", [authorId]);
    expect(updated.rowCount).toBe(1);
    try {
      expect(await t.call('GET', '/user/list/user', { token })).toMatchObject({ status: 403, body: { code: 'admin-only' } });
      expect((await t.call('GET', '/user/me', { token })).body).toMatchObject({ role: 'USER' });
      expect((await t.call('POST', '/user/get/token', { body: { username: author.email, password: author.password } })).body).toMatchObject({ role: 'USER' });
      await t.api.readModels.waitFor(await t.store.lastPosition(), ['user-accounts']);
      expect(await audit()).toContain(`Read model user_accounts row id="${authorId}" differs from a replay of the log: role is "ADMIN", the log gives "USER"`);
    } finally {
      await asApiRole("UPDATE user_accounts SET role = 'USER' WHERE id = $1", [authorId]);
    }
  });

  it('when an event is appended through the append function with a hash made without the audit key, then a decision on that stream is refused and the chain check names it', async () => {
    const victim = { email: `${unique('victim-')}@example.com`, password: 'the victim password' };
    const victimId = await t.createUser({ ...victim, role: 'USER' });
    const token = await t.login(victim.email, victim.password);
    const stream = userStreamId(victimId);
    const { version, position } = (
      await asApiRole(
        `SELECT (SELECT max(stream_version) FROM events WHERE stream_id = $1) AS version, (SELECT max(position) FROM events) AS position`,
        [stream],
      )
    ).rows[0] as { version: number; position: string };
    const data = { userId: victimId, email: victim.email, firstName: 'Test', lastName: 'User', role: 'ADMIN', isTrainingCompleted: true, changed: ['role'] };
    // The best the writer can do without the key: any hash, here one made with a key of their own.
    const forgedHash = eventHash(randomBytes(32).toString('hex'), '0'.repeat(64), {
      position: Number(position) + 1, streamId: stream, streamVersion: version + 1, eventId: randomUUID(), type: 'UserModified', data, metadata: {} as never, recordedAt: new Date().toISOString(),
    });
    await asApiRole(
      `SELECT append_events($1, $2, $3, ARRAY[gen_random_uuid()], ARRAY['UserModified'], ARRAY[$4::jsonb], ARRAY['{}'::jsonb], now(), ARRAY[$5], false)`,
      [stream, version, Number(position), JSON.stringify(data), forgedHash],
    );
    expect(await t.call('GET', '/user/list/user', { token })).toMatchObject({ status: 500, body: { code: 'record-history-broken' } });
    expect(await t.store.verifyChain()).toMatchObject({ ok: false, firstBrokenStream: stream, firstBrokenType: 'UserModified' });
    // The whole log waits for the operator: /health names the break; the quarantine lets it go on.
    expect(await t.call('GET', '/health')).toMatchObject({ status: 503, body: { code: 'event-log-broken' } });
    await quarantineEvent(t.database.db, TEST_AUDIT_KEY, Number(position) + 1, 'made-up hash, appended by the test as the API role', new Date());
    expect((await t.call('GET', '/health')).status).toBe(200);
    expect((await t.call('GET', '/user/list/user', { token })).status).toBe(403);
  });

  it('when a set-password token is planted in password_tokens for the approver, then the link is refused and changes nothing', async () => {
    const token = randomBytes(32).toString('base64url');
    await asApiRole(
      "INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, 'reset', now(), now() + interval '1 day')",
      [createHash('sha256').update(token).digest('hex'), approverId],
    );
    const before = await t.store.lastPosition();
    expect(await t.call('POST', '/user/set/password', { body: { token, password: 'the writer wants this one' } })).toMatchObject({
      status: 400,
      body: { code: 'password-link-invalid' },
    });
    expect(await t.store.lastPosition()).toBe(before);
    expect(await t.call('POST', '/user/get/token', { body: { username: approver.email, password: approver.password } })).toMatchObject({ status: 200 });
  });
});
