import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { checkReadModels, describeReadModelCheck } from './read-model-check';
import { expectSome } from '../../../test-support/list-expectations';

/**
 * `npm run audit:verify` compares every read model with a replay of the log and the sealed rows with their seals: each
 * row changed behind the product's back is named.
 */
describe('audit:verify: read models against a replay of the log', () => {
  let t: TestApi;
  let userId: string;
  let userEmail: string;
  const check = () => checkReadModels(t.api.context.db, t.store, t.api.context.seals, t.clock.now());

  beforeAll(async () => {
    t = await startTestApi();
    const approver = { email: `${unique('approver-')}@example.com`, password: 'approver password 1' };
    const approverId = await t.createUser({ ...approver, role: 'ADMIN' });
    userEmail = `${unique('author-')}@example.com`;
    userId = await t.createUser({ email: userEmail, role: 'USER', password: 'author password 1' });
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { id: approverId, ...approver }, unique('Replay Clinic '));
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author: { email: userEmail, password: 'author password 1' },
      approverId,
      customerId,
      productName: unique('Replay Catheter '),
      children: [{ lotNumber: unique('LOT-'), partNumber: 'P-1' }],
    });
    await arrangeDecision(t, { parentChangeId, approver: { id: approverId, ...approver }, approve: true });
    const adminToken = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const notice = await t.call('POST', '/user/addNotification', { token: adminToken, body: { notificationText: 'Replay notice' } });
    expect(notice.status).toBe(200);
    // A paper copy asked for and dispatched, and one still open (paper-copy-requests).
    const documentNumber = ((await t.call('GET', `/document/get/${parentChangeId}`, { token: adminToken })).body as { children: Array<{ documentNumber: string }> }).children[0]!.documentNumber;
    for (const dispatch of [true, false]) {
      const body = { name: 'Replay Reader', address: 'Replay Street 1', email: `${unique('reader-')}@example.com`, documentNumber, version: 1, quantity: 1 };
      const requested = await t.call('POST', '/module2/paperCopyRequest', { body });
      expect(requested.status, JSON.stringify(requested.body)).toBe(200);
      if (dispatch) expect((await t.call('POST', `/paperCopyRequests/${requested.body.requestId}/dispatch`, { token: adminToken })).status).toBe(200);
    }
    await t.login(userEmail, 'author password 1');
    await t.api.readModels.waitFor(await t.store.lastPosition(), ['user-accounts', 'customer-list', 'change-orders', 'document-search', 'notifications', 'paper-copy-requests', 'tasks']);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('when nothing was changed outside the product, then every read model equals its replay and every seal holds', async () => {
    const result = await check();
    expect(describeReadModelCheck(result)).toEqual([]);
    expect(result.compared.map((c) => c.table)).toEqual(
      expect.arrayContaining(['user_accounts', 'customer_list', 'change_orders', 'document_search', 'notifications', 'paper_copy_requests', 'task_records', 'tasks']),
    );
    expect(result.compared.find((c) => c.table === 'paper_copy_requests')!.rows).toBe(2);
    // The open paper copy, the approved change order (its author told, its periodic review) and the audit trail.
    expect(result.compared.find((c) => c.table === 'tasks')!.rows).toBe(4);
    expect(result.compared.find((c) => c.table === 'user_accounts')!.rows).toBeGreaterThanOrEqual(3);
  });

  it("when a user's role and a customer's contact are changed and a notice removed in the tables, then each such row is named with what differs", async () => {
    const db = t.api.context.db;
    await db.query("UPDATE user_accounts SET role = 'ADMIN' WHERE id = $1", [userId]);
    await db.query("UPDATE customer_list SET contact_email = 'mallory@example.com' WHERE id = (SELECT id FROM customer_list LIMIT 1)");
    await db.query('DELETE FROM notifications WHERE id = (SELECT min(id) FROM notifications)');
    try {
      const result = await check();
      const lines = describeReadModelCheck(result);
      expect(result.differences.find((d) => d.table === 'user_accounts')).toMatchObject({ key: { id: userId }, columns: ['role'], live: { role: 'ADMIN' }, replayed: { role: 'USER' } });
      expect(lines).toContainEqual(`Read model user_accounts row id="${userId}" differs from a replay of the log: role is "ADMIN", the log gives "USER"`);
      expect(result.differences.find((d) => d.table === 'customer_list')?.columns).toEqual(['contact_email']);
      expect(result.differences.find((d) => d.table === 'notifications')).toMatchObject({ live: null });
      expectSome(lines, (line) => line.startsWith('Read model notifications row') && line.endsWith('missing (a replay of the log has it)'));
    } finally {
      // Put the tables right through the product's own way: a rebuild from the log.
      const { rebuild, allProjections } = await import('@ifu/projections');
      for (const projection of allProjections) await rebuild(db, t.store, projection);
    }
    expect(describeReadModelCheck(await check())).toEqual([]);
  });

  it('when a task is given to someone else or removed in the table, then each such row is named', async () => {
    const db = t.api.context.db;
    await db.query("UPDATE tasks SET assignee_id = $1 WHERE kind = 'change-order-approved'", ['someone-else']);
    await db.query("DELETE FROM tasks WHERE kind = 'dispatch-paper-copy'");
    try {
      const result = await check();
      expect(result.differences.find((d) => d.table === 'tasks' && d.live?.kind === 'change-order-approved')).toMatchObject({ columns: ['assignee_id'], live: { assignee_id: 'someone-else' } });
      expect(result.differences.find((d) => d.table === 'tasks' && d.replayed?.kind === 'dispatch-paper-copy')).toMatchObject({ live: null });
    } finally {
      const { rebuild, tasksProjection } = await import('@ifu/projections');
      await rebuild(db, t.store, tasksProjection);
    }
    expect(describeReadModelCheck(await check())).toEqual([]);
  });

  it('when a password hash, a set-password token or a snapshot is written behind the product\'s back, then each is named', async () => {
    const db = t.api.context.db;
    const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM user_credentials WHERE user_id = $1', [userId]);
    const original = rows[0]!.password_hash;
    const planted = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('hex');
    await db.query("UPDATE user_credentials SET password_hash = '$argon2id$v=19$m=19456,t=2,p=1$planted' WHERE user_id = $1", [userId]);
    await db.query(
      "INSERT INTO password_tokens (token_hash, user_id, purpose, created_at, expires_at) VALUES ($1, $2, 'reset', now(), now() + interval '1 day')",
      [planted, userId],
    );
    await db.query(
      "INSERT INTO stream_snapshots (stream_id, state_key, version, state, seal) VALUES ($1, 'user:planted', 1, '{\"role\":\"ADMIN\"}', 'made-up')",
      [`user-${userId}`],
    );
    try {
      const lines = describeReadModelCheck(await check());
      expect(lines).toEqual(
        expect.arrayContaining([
          `Sealed row user_credentials user_id="${userId}": the stored password hash is not the one the log sealed`,
          `Sealed row password_tokens user_id="${userId}", purpose="reset": a usable link the log never issued (or no longer has open)`,
          `Sealed row stream_snapshots stream_id="user-${userId}", state_key="user:planted": the snapshot is not sealed with the audit key (it is not used)`,
        ]),
      );
    } finally {
      await db.query('UPDATE user_credentials SET password_hash = $2 WHERE user_id = $1', [userId, original]);
      await db.query('DELETE FROM password_tokens WHERE token_hash = $1', [planted]);
      await db.query("DELETE FROM stream_snapshots WHERE state_key = 'user:planted'");
    }
    expect(describeReadModelCheck(await check())).toEqual([]);
  });
});

describe('audit:verify on a new install', () => {
  it('when the store holds only its first administrator, then every read model equals its replay (a migration\'s initial rows included)', async () => {
    const t = await startTestApi();
    try {
      await t.api.readModels.waitFor(await t.store.lastPosition(), ['user-accounts', 'change-orders']);
      const result = await checkReadModels(t.api.context.db, t.store, t.api.context.seals, t.clock.now());
      expect(describeReadModelCheck(result)).toEqual([]);
      expect(result.compared.find((c) => c.table === 'change_order_totals')).toMatchObject({ rows: 1 });
    } finally {
      await t.dispose();
    }
  });
});
