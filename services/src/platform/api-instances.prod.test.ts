import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, sharedSecrets, startApiProcess } from '../../../test-support/api-process';
import { addUserWithPassword, callApi, logIn } from '../../../test-support/http-client';
import { type Nginx, startNginx } from '../../../test-support/nginx';
import { createServerDatabase, type ServerDatabase } from '../../../test-support/server-database';
import { skipUnless } from '../../../test-support/machine-needs';
import { expectEvery } from '../../../test-support/list-expectations';

const FIRST_ADMIN = { email: 'first.admin@example.com', password: 'first admin password 1' };
const RIVAL_ADMIN = { email: 'rival.admin@example.com', password: 'rival admin password 1' };

/**
 * Two API processes behind nginx on loopback, sharing one PostgreSQL database and one files directory:
 * nothing one instance needs lives in the other's memory.
 */
describe.skipIf(skipUnless(['postgres-server', 'nginx']))('two API instances behind nginx', () => {
  let database: ServerDatabase;
  let dataDir: string;
  let instances: ChildServer[];
  let nginx: Nginx;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createServerDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'ifu-instances-'));
    env = {
      ...sharedSecrets(),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: FIRST_ADMIN.email,
      ADMIN_PASSWORD: FIRST_ADMIN.password,
      LOGIN_DELAY_MS: '0',
      TRUST_PROXY: '1',
    };
    // One after the other: the first migrates and creates the first administrator, the second finds both done.
    instances = [await startApiProcess(env)];
    instances.push(await startApiProcess(env));
    nginx = await startNginx(instances.map((i) => i.port));
  });

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all((instances ?? []).map((i) => i.stop()));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('when requests go through nginx, then they alternate between the instances and each is answered', async () => {
    const served = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const answer = await callApi(nginx.url, 'GET', '/ready');
      expect(answer.status).toBe(200);
      served.add(answer.headers.get('x-upstream') ?? '');
    }
    expect([...served].sort()).toEqual(instances.map((i) => `127.0.0.1:${i.port}`).sort());
  });

  it('when a command is answered by one instance, then the other shows its result at once (read-your-writes)', async () => {
    const [one, two] = instances.map((i) => i.url) as [string, string];
    const token = await logIn(one, FIRST_ADMIN.email, FIRST_ADMIN.password);
    for (let i = 0; i < 5; i++) {
      const text = `Maintenance window ${i}`;
      const added = await callApi(i % 2 ? two : one, 'POST', '/user/addNotification', { token, body: { customerID: null, productID: null, notificationText: text } });
      expect(added.status).toBe(200);
      const listed = await callApi(i % 2 ? one : two, 'GET', '/user/listNotification', { token });
      expect(listed.body.list.map((n: { notificationText: string }) => n.notificationText)).toContain(text);
    }
  });

  it('when a caller alternates between instances, then the rate limit counts every request once, wherever it landed', async () => {
    // POST /user/unlock allows 20 requests per address in 15 minutes; the limit is counted in the database.
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const answer = await callApi(instances[i % 2]!.url, 'POST', '/user/unlock', { body: { token: 'not-a-token' } });
      statuses.push(answer.status);
    }
    expectEvery(statuses.slice(0, 20), (s) => s !== 429);
    expect(statuses[20]).toBe(429);
  });

  it('when two ADMINs deactivate each other at once on different instances, then exactly one succeeds and one ADMIN stays active', async () => {
    const [one, two] = instances.map((i) => i.url) as [string, string];
    const first = await logIn(one, FIRST_ADMIN.email, FIRST_ADMIN.password);
    const rivalId = await addUserWithPassword(one, first, dataDir, { ...RIVAL_ADMIN, firstName: 'Rival', lastName: 'Admin', role: 'ADMIN' });
    const rival = await logIn(two, RIVAL_ADMIN.email, RIVAL_ADMIN.password);
    const firstId = (await callApi(one, 'GET', '/user/me', { token: first })).body.id as string;
    const versionOf = async (token: string, id: string) => {
      const list = (await callApi(one, 'GET', '/user/list/user', { token })).body.userList as Array<{ id: string; version: number }>;
      return { 'if-match': `"${list.find((u) => u.id === id)!.version}"` };
    };
    const [rivalSeen, firstSeen] = [await versionOf(first, rivalId), await versionOf(rival, firstId)];
    const [byFirst, byRival] = await Promise.all([
      callApi(one, 'DELETE', '/user/delete', { token: first, headers: rivalSeen, body: { id: rivalId, username: FIRST_ADMIN.email, password: FIRST_ADMIN.password } }),
      callApi(two, 'DELETE', '/user/delete', { token: rival, headers: firstSeen, body: { id: firstId, username: RIVAL_ADMIN.email, password: RIVAL_ADMIN.password } }),
    ]);
    const statuses = [byFirst.status, byRival.status].sort();
    expect(statuses[0], JSON.stringify([byFirst.body, byRival.body])).toBe(200);
    // The loser is refused: logged out (401), no longer active to sign (403), or the last active ADMIN (409).
    expect([401, 403, 409]).toContain(statuses[1]);
    const winner = byFirst.status === 200 ? first : rival;
    for (const url of [one, two]) {
      const users = (await callApi(url, 'GET', '/user/list/user', { token: winner })).body.userList as Array<{ role: string; status: string }>;
      expect(users.filter((u) => u.role === 'ADMIN' && u.status === 'ACTIVE')).toHaveLength(1);
    }
  });
});
