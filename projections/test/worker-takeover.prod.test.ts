import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '@ifu/storage/storage';
import { checkReadModels, describeReadModelCheck } from '../../services/src/audit/read-model-check';
import { Seals } from '../../services/src/platform/seals';
import { type ChildProcessHandle, type ChildServer, sharedSecrets } from '../../test-support/api-process';
import { PNG_1X1 } from '../../test-support/images';
import { killLeaderAndMeasure, ledBy, startApiWithWorkers, startProjectionWorker } from '../../test-support/projection-workers';
import { createServerDatabase, type ServerDatabase } from '../../test-support/server-database';
import { allProjections } from '../src/registry';
import { completeLogIn } from '../../test-support/http-client';
import { skipUnless } from '../../test-support/machine-needs';


const ADMIN = { email: 'takeover.admin@example.com', password: 'takeover horse battery staple' };
/** The bound: a standby takes over within 5 s of a `kill -9` on the leader. */
const TAKEOVER_BOUND_MS = 5000;

async function send(api: ChildServer, token: string, method: string, path: string, body: FormData | object): Promise<Record<string, unknown>> {
  const init: RequestInit =
    body instanceof FormData
      ? { method, body, headers: { authorization: `Bearer ${token}` } }
      : { method, body: JSON.stringify(body), headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
  // Bounded: a request that hangs fails the test with its path instead of the test's timeout.
  const response = await fetch(`${api.url}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

describe.skipIf(skipUnless(['postgres-server']))('projection workers: take-over after kill -9 (real PostgreSQL, real processes)', () => {
  let database: ServerDatabase;
  let dataDir: string;
  let api: ChildServer;
  const workers: ChildProcessHandle[] = [];
  let token: string;
  let approverId: string;
  let written = 0;

  /** One write through the API, which answers once the read model it names has applied it: users, then customers. */
  async function write(): Promise<void> {
    const n = written++;
    if (n % 3 === 2) {
      const form = new FormData();
      form.set('customerName', `Takeover Customer ${n}`);
      form.set('contactInformation', '4930901820');
      form.set('contactEmail', `customer${n}@example.com`);
      form.set('countryExclusionList', 'DE,US');
      form.set('customerWebsiteLink', 'https://example.com');
      form.set('approverId', approverId);
      form.set('customerLogo', new Blob([new Uint8Array(PNG_1X1)], { type: 'image/png' }), 'logo.png');
      await send(api, token, 'POST', '/customer/add', form);
    } else {
      await send(api, token, 'POST', '/user/add', { email: `user${n}@example.com`, firstName: 'Take', lastName: `Over ${n}`, role: 'USER', isTrainingCompleted: true });
    }
  }

  beforeAll(async () => {
    database = await createServerDatabase('ifu_takeover');
    dataDir = mkdtempSync(join(tmpdir(), 'ifu-takeover-'));
    // The first worker before the API: the API's start (its first admin) waits for the read models.
    workers.push(await startProjectionWorker(database.url));
    api = await startApiWithWorkers(database.url, dataDir, ADMIN);
    workers.push(await startProjectionWorker(database.url));
    const login = await fetch(`${api.url}/user/get/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
    });
    // An ADMIN sets up a second factor at the first login: the test helpers do it as a person would.
    token = await completeLogIn(api.url, ADMIN.email, await login.json());
    const approver = await send(api, token, 'POST', '/user/add', { email: 'approver@example.com', firstName: 'Appro', lastName: 'Ver', role: 'ADMIN', isTrainingCompleted: true });
    approverId = (approver.user as { id: string }).id;
  });

  afterAll(async () => {
    for (const worker of workers) await worker.stop('SIGKILL');
    await api?.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the leading worker is killed mid-stream, then the standby leads within 5 s and every read model equals a replay of the log', async () => {
    const [first, second] = workers as [ChildProcessHandle, ChildProcessHandle];
    const names = allProjections.map((p) => p.name);
    // The first worker leads every projection; the second stands by for each (each logged with its pid).
    expect([...ledBy(first)].sort()).toEqual([...names].sort());
    expect(ledBy(second).size).toBe(0);
    for (const name of names) await second.waitForLine(new RegExp(`"projection":"${name}".*"msg":"standing by for the projection"`));

    // A stream of writes; the leader is killed in the middle of it.
    let streaming = true;
    let failed: unknown;
    const stream = (async () => {
      while (streaming) await write();
    })().catch((error: unknown) => {
      failed = error;
    });
    /** Waits until `n` writes were made; a write that failed ends the wait with its error (not the test's timeout). */
    const writtenUpTo = async (n: number) => {
      while (written < n) {
        if (failed !== undefined) throw failed;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    await writtenUpTo(20);
    const takeover = await killLeaderAndMeasure(database.url, first, second, write);
    console.log(
      `[worker-takeover] after kill -9: locks freed ${takeover.locksFreedAfterMs} ms, standby leads ${takeover.leadsAfterMs} ms, a write made at the kill read back ${takeover.writeReadBackMs} ms`,
    );
    expect(takeover.leadsAfterMs).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    expect(takeover.writeReadBackMs).toBeLessThanOrEqual(TAKEOVER_BOUND_MS);
    const writtenAtKill = written;
    await writtenUpTo(writtenAtKill + 20);
    streaming = false;
    await stream;
    if (failed !== undefined) throw failed;

    // A worker started afterwards stands by: one leader per projection.
    const third = await startProjectionWorker(database.url);
    workers.push(third);
    expect(ledBy(third).size).toBe(0);
    expect([...ledBy(second)].sort()).toEqual([...names].sort());

    // The survivor stops (saving its progress); every read model is compared with a replay of the whole log.
    await second.stop('SIGTERM');
    await third.stop('SIGTERM');
    const storage: Storage = await openStorage({ databaseUrl: database.url, dataDir, auditKey: sharedSecrets().AUDIT_KEY });
    try {
      const last = await storage.store.lastPosition();
      const check = await checkReadModels(storage.db, storage.store, new Seals(sharedSecrets().AUDIT_KEY!), new Date());
      expect(describeReadModelCheck(check)).toEqual([]);
      expect(new Set(check.compared.map((c) => c.projection))).toEqual(new Set(names));
      // Compared up to the end of the log: every read model had caught up with every write.
      expect(check.compared.filter((c) => c.position !== last)).toEqual([]);
      const users = await storage.db.query<{ n: string }>('SELECT count(*) AS n FROM user_accounts');
      // The bootstrap admin, the approver, and every user the stream added (no write was lost at the kill).
      expect(Number(users.rows[0]!.n)).toBe(2 + Array.from({ length: written }, (_, n) => n).filter((n) => n % 3 !== 2).length);
    } finally {
      await storage.close();
    }
  });
});
