import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, sharedSecrets, startApiProcess } from '../../../test-support/api-process';
import { callApi, logIn, mailedToken } from '../../../test-support/http-client';
import { PNG_1X1 } from '../../../test-support/images';
import { type ReplicaCluster, startReplicaCluster } from '../../../test-support/replica-cluster';
import { skipUnless } from '../../../test-support/machine-needs';


const ADMIN = { email: 'first.admin@example.com', password: 'correct horse battery staple' };
const APPROVER = { email: 'bea.approver@example.com', password: 'violet tractor nimbus quarry 4821' };

/**
 * Two API instances on one primary with DATABASE_READ_URL naming its streaming replica (clusters of
 * the test's own, test-support/replica-cluster.ts). The replica's replay is held to tell which server answered: what
 * the primary has and the replica does not show is seen only by reads that went to the primary.
 */
describe.skipIf(skipUnless(['postgres-server']))('replica reads with two API instances (DATABASE_READ_URL)', () => {
  let cluster: ReplicaCluster;
  let dataDir: string;
  let first: ChildServer; // runs the projections
  let second: ChildServer; // does not: it waits on the checkpoints, as a second instance in production does
  let admin: string;
  let approver: { id: string; token: string };
  let customerId: string;
  const customerName = `Replica Clinic ${Date.now()}`;

  const call = (api: ChildServer, method: string, path: string, options: Parameters<typeof callApi>[3] = {}) => callApi(api.url, method, path, options);
  const login = (api: ChildServer, email: string, password: string) => logIn(api.url, email, password);
  const mailedPasswordToken = (email: string) => mailedToken(dataDir, email, '/user/setpassword/');
  /** The customer's status in the list a caller gets from `api`, or undefined when it is not listed. */
  const listedStatus = async (api: ChildServer, token: string) => {
    const res = await call(api, 'GET', `/customer/list/?search=${encodeURIComponent(customerName)}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.customerList as Array<{ id: string; status: string }>).find((c) => c.id === customerId)?.status;
  };
  /** Whether an anonymous visitor of the public portal finds the customer among the approved ones. */
  const publiclyListed = async (api: ChildServer) => {
    const res = await call(api, 'GET', '/module2/getApprovedCustomers');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.customerList as Array<{ id: string }>).some((c) => c.id === customerId);
  };

  beforeAll(async () => {
    cluster = await startReplicaCluster();
    dataDir = mkdtempSync(join(tmpdir(), 'ifu-replica-api-'));
    const env = {
      ...sharedSecrets(),
      DATABASE_URL: cluster.primaryUrl,
      DATABASE_READ_URL: cluster.replicaUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_DELAY_MS: '0',
      // The replica's failure is a warning, its return an info line: both are looked for.
      LOG_LEVEL: 'info',
    };
    // One after the other: the first migrates the database and creates the first administrator.
    first = await startApiProcess({ ...env, RUN_PROJECTIONS: 'true' });
    second = await startApiProcess({ ...env, RUN_PROJECTIONS: 'false' });

    admin = await login(first, ADMIN.email, ADMIN.password);
    const added = await call(first, 'POST', '/user/add', { token: admin, body: { email: APPROVER.email, firstName: 'Bea', lastName: 'Approver', role: 'ADMIN', isTrainingCompleted: true } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const set = await call(second, 'POST', '/user/set/password', { body: { token: await mailedPasswordToken(APPROVER.email), password: APPROVER.password } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    approver = { id: added.body.user.id as string, token: await login(second, APPROVER.email, APPROVER.password) };

    const form = new FormData();
    for (const [key, value] of Object.entries({
      customerName,
      contactInformation: '+1 555 010 2030',
      contactEmail: 'contact@replica-clinic.example',
      countryExclusionList: '',
      customerWebsiteLink: 'https://replica-clinic.example',
      approverId: approver.id,
    })) {
      form.set(key, value);
    }
    form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
    const customer = await call(first, 'POST', '/customer/add', { token: admin, form });
    expect(customer.status, JSON.stringify(customer.body)).toBe(200);
    customerId = customer.body.customer.id as string;
  });

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the replica holds its replay, then a user sees their own approval at once on either instance, another user and anonymous visitors see the replica until it replays, and then everyone sees it', async () => {
    await cluster.caughtUp();
    for (const api of [first, second]) {
      expect(await listedStatus(api, admin)).toBe('REQUIRE_APPROVAL');
      expect(await publiclyListed(api)).toBe(false);
    }
    await cluster.pauseReplay();

    // The approver decides on the first instance; their next reads may land on either.
    const reviewed = await call(first, 'GET', `/customer/get/${customerId}`, { token: approver.token });
    const approved = await call(first, 'POST', '/customer/approve/add', {
      token: approver.token,
      headers: { 'if-match': reviewed.headers.get('etag')! },
      body: { customerId, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Approved', username: APPROVER.email, password: APPROVER.password },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approvedRows = "SELECT count(*) AS count FROM customer_list WHERE id = $1 AND status = 'APPROVED'";
    expect((await cluster.onPrimary<{ count: string }>(approvedRows, [customerId]))[0]?.count).toBe('1');
    expect((await cluster.onReplica<{ count: string }>(approvedRows, [customerId]))[0]?.count).toBe('0');

    for (const api of [second, first]) {
      // Read-your-writes: the approver's position is not replayed, so their list comes from the primary.
      expect(await listedStatus(api, approver.token)).toBe('APPROVED');
      // Another user, and a visitor, read the replica, which has not replayed the approval.
      expect(await listedStatus(api, admin)).toBe('REQUIRE_APPROVAL');
      expect(await publiclyListed(api)).toBe(false);
    }
    // Every other routed read answers from the standby too (a statement that wrote would fail there: 25006, 500).
    for (const api of [first, second]) {
      for (const path of ['/document/getDocumentList?tab=all', '/user/list/user', '/user/approvers', '/user/listNotification', '/paperCopyRequests?status=all', `/document/getProductByCustomer/${customerId}`]) {
        expect((await call(api, 'GET', path, { token: admin })).status, path).toBe(200);
      }
      expect((await call(api, 'POST', '/document/searchDocuments', { token: admin, body: { keywords: 'leaflet' } })).status).toBe(200);
      expect((await call(api, 'GET', '/p/CO-2026-00001-01', { headers: { accept: 'application/json' } })).status).toBe(404);
      expect((await call(api, 'GET', '/module2/paperCopyDocument/CO-2026-00001-01')).status).toBe(404);
      expect((await call(api, 'GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`)).status).toBe(404);
    }
    // A single record (what a signed decision reviews) is always read from the primary.
    expect((await call(second, 'GET', `/customer/get/${customerId}`, { token: admin })).body.status).toBe('APPROVED');

    await cluster.resumeReplay();
    await cluster.caughtUp();
    for (const api of [first, second]) {
      expect(await listedStatus(api, admin)).toBe('APPROVED');
      expect(await publiclyListed(api)).toBe(true);
      // Replayed past the approver's write: their reads are the replica's again, which now has it.
      expect(await listedStatus(api, approver.token)).toBe('APPROVED');
    }
    const [position] = await cluster.onPrimary<{ user_id: string }>('SELECT user_id FROM user_write_positions WHERE user_id = $1', [approver.id]);
    expect(position?.user_id).toBe(approver.id);
  });

  it('when the replica is stopped, then searches, lists and public pages still answer, from the primary, and the instance says so in its log', async () => {
    await cluster.stopReplica();
    for (const api of [first, second]) {
      expect(await listedStatus(api, admin)).toBe('APPROVED');
      expect(await listedStatus(api, approver.token)).toBe('APPROVED');
      expect(await publiclyListed(api)).toBe(true);
      const search = await call(api, 'POST', '/document/searchDocuments', { token: admin, body: { keywords: 'leaflet' } });
      expect(search.status, JSON.stringify(search.body)).toBe(200);
      expect(api.output()).toContain('replica reads failed: the primary answers them');
    }
  });

  it('when the replica is back, then reads go to it again once the pause after its failure is over', async () => {
    await cluster.startReplica();
    await cluster.caughtUp();
    await cluster.pauseReplay();
    // A change only the primary has while the replay is held: the customer page of a visitor tells which server answered.
    const opened = await call(first, 'PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const page = async (api: ChildServer) => {
      const res = await call(api, 'GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.openAccess as boolean;
    };
    for (const api of [first, second]) {
      // Up to REPLICA_RETRY_AFTER_MS after the failure the primary answers (open access on); then the replica (off).
      const deadline = Date.now() + 30_000;
      while ((await page(api)) && Date.now() < deadline) await sleep(250);
      expect(await page(api)).toBe(false);
      expect(api.output()).toContain('replica reads answer again');
    }
    // The ADMIN who opened it sees it in their list on either instance, from the primary.
    const listed = await call(second, 'GET', `/customer/list/?search=${encodeURIComponent(customerName)}`, { token: admin });
    expect((listed.body.customerList as Array<{ id: string; openAccess: boolean }>).find((c) => c.id === customerId)?.openAccess).toBe(true);
    await cluster.resumeReplay();
    await cluster.caughtUp();
    for (const api of [first, second]) expect(await page(api)).toBe(true);
  });
});
