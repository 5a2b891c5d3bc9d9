import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Role, userStreamId } from '@ifu/contracts';
import { openPostgres } from '@ifu/storage/database/postgres';
import { startApi, type RunningApi } from '../api-server';
import { setPassword } from '../auth';
import { loadConfig } from '../platform/config';
import { createLogger } from '../platform/logger';
import { userDecider, claimEmail } from '../users';
import { startApiProcess, sharedSecrets, type ChildServer } from '../../../test-support/api-process';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision } from '../../../test-support/document-arrangements';
import { freePort } from '../../../test-support/free-port';
import { createServerDatabase, type ServerDatabase } from '../../../test-support/server-database';
import type { TestApi } from '../../../test-support/test-api';
import { BackupManifest } from './backup-format';
import { completeLogIn } from '../../../test-support/http-client';
import { skipUnless } from '../../../test-support/machine-needs';


const ROOT = resolve(import.meta.dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const SECRETS = sharedSecrets();
const ADMIN = { email: 'backup.admin@example.com', password: 'the first admin password' };
const APPROVER = { email: 'backup.approver@example.com', password: 'the approver password 1' };

/** Runs one of the product's command-line entry points in a process of its own, as an operator would. */
function runCli(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(TSX, [resolve(ROOT, entry), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', LOG_FORMAT: 'json', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

const installation = (database: ServerDatabase, dataDir: string) => ({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...SECRETS });

async function call(url: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function login(url: string, who: { email: string; password: string }): Promise<string> {
  const answer = await call(url, 'POST', '/user/get/token', undefined, { username: who.email, password: who.password });
  if (answer.status !== 200) throw new Error(`login of ${who.email} at ${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  // An ADMIN sets up a second factor at the first login, and gives a code after: the helpers do both.
  return completeLogIn(url, who.email, answer.body);
}

/** An answer with what differs between two installations by design taken out: their addresses and the signed links' expiry. */
const comparable = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value)
      .replace(/http:\/\/(localhost|127\.0\.0\.1):\d+/g, '<api>')
      .replace(/(expires|signature)=[^&"]+/g, '$1=<signed>'),
  ) as unknown;

const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');

/**
 * A backup taken while notices keep being added, restored into another database and file store
 * with the real `npm run backup` and `npm run restore` entry points; the restored product answers the same, ends its
 * log exactly at the manifest's position, and passes the real `audit:verify`.
 */
describe.skipIf(skipUnless(['postgres-server']))('the backup and restore drill', () => {
  let source: ServerDatabase;
  let target: ServerDatabase;
  let spare: ServerDatabase;
  const sourceDir = mkdtempSync(join(tmpdir(), 'ifu-backup-source-'));
  const targetDir = mkdtempSync(join(tmpdir(), 'ifu-backup-target-'));
  const spareDir = mkdtempSync(join(tmpdir(), 'ifu-backup-spare-'));
  const backups = mkdtempSync(join(tmpdir(), 'ifu-backups-'));
  const backupDir = join(backups, 'taken');
  let api: RunningApi;
  let restored: ChildServer | undefined;
  let parentChangeId: string;

  beforeAll(async () => {
    [source, target, spare] = await Promise.all([createServerDatabase('ifu_backup_a'), createServerDatabase('ifu_backup_b'), createServerDatabase('ifu_backup_c')]);
    const port = await freePort();
    const config = loadConfig({
      ...installation(source, sourceDir),
      API_PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_DELAY_MS: '0',
      LOG_LEVEL: 'silent',
    });
    api = await startApi(config, { logger: createLogger({ level: 'silent', format: 'json' }), host: '127.0.0.1' });
    const approverId = await arrangeUser(api, APPROVER, 'ADMIN');
    const url = `http://127.0.0.1:${api.port}`;
    // The arrangements of the int tests need only these parts of a TestApi.
    const product = {
      url,
      api,
      login: (email: string, password: string) => login(url, { email, password }),
      async call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...(options.body ? { 'content-type': 'application/json' } : {}) },
          body: options.body ? JSON.stringify(options.body) : undefined,
        });
        const text = await response.text();
        return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined, headers: response.headers };
      },
    } as unknown as TestApi;
    const customerId = await arrangeApprovedCustomer(product, ADMIN, { ...APPROVER, id: approverId }, 'Backup Medical');
    ({ parentChangeId } = await arrangeChangeOrder(product, {
      author: ADMIN,
      approverId,
      customerId,
      productName: 'Backup Pump',
      children: [{ lotNumber: 'LOT-BACKUP-1', partNumber: 'PN-1', pdfLines: ['Instructions kept through a restore'] }],
    }));
    await arrangeDecision(product, { parentChangeId, approver: { ...APPROVER, id: approverId }, approve: true });
    // A signed checkpoint before the backup: the restore compares it with the restored log.
    expect((await call(url, 'GET', '/audit/verify', await login(url, ADMIN))).status).toBe(200);
  });

  afterAll(async () => {
    await restored?.stop();
    await api?.stop();
    await Promise.all([source, target, spare].filter(Boolean).map((database) => database.drop()));
    for (const dir of [sourceDir, targetDir, spareDir, backups]) rmSync(dir, { recursive: true, force: true });
  });

  const sourceUrl = () => `http://127.0.0.1:${api.port}`;

  /** The reads compared between the two installations, as the first ADMIN sees them. */
  async function reads(url: string, token: string) {
    const paths = ['/user/list/user', '/customer/list/', '/document/getDocumentList?tab=all', `/document/get/${parentChangeId}`];
    const answers: Record<string, unknown> = {};
    for (const path of paths) {
      const answer = await call(url, 'GET', path, token);
      expect(answer.status, path).toBe(200);
      answers[path] = comparable(answer.body);
    }
    // The reader's own sign-in is a record of its own, made on each installation at its own time.
    const users = answers['/user/list/user'] as { userList: Array<{ email: string; lastLoginDate?: unknown }> };
    for (const user of users.userList) if (user.email === ADMIN.email) delete user.lastLoginDate;
    return answers;
  }

  async function downloadedBytes(url: string, token: string): Promise<string> {
    const view = await call(url, 'GET', `/document/get/${parentChangeId}`, token);
    const [child] = (view.body as { children: Array<{ childDocumentId: string }> }).children;
    const link = await call(url, 'GET', `/document/getDocumentDownload/${child!.childDocumentId}`, token);
    expect(link.status).toBe(200);
    const file = await fetch((link.body as { documentPath: string }).documentPath);
    expect(file.status).toBe(200);
    return sha256(await file.arrayBuffer());
  }

  it('when a backup is taken while notices are added, then the restore answers the same, ends at its position, and audit:verify passes', async () => {
    const adminToken = await login(sourceUrl(), ADMIN);
    const before = await reads(sourceUrl(), adminToken);

    let writing = true;
    let added = 0;
    const writer = (async () => {
      while (writing) {
        const answer = await call(sourceUrl(), 'POST', '/user/addNotification', adminToken, { notificationText: `Notice ${added + 1} written during the backup` });
        if (answer.status !== 200) throw new Error(`a notice was refused: ${answer.status} ${JSON.stringify(answer.body)}`);
        added += 1;
      }
    })();
    while (added < 3) await new Promise((wake) => setTimeout(wake, 20));
    const addedBeforeBackup = added;
    const backup = await runCli('services/src/backup/backup-cli.ts', ['--to', backupDir], installation(source, sourceDir));
    const addedWhenDone = added;
    writing = false;
    await writer;
    expect(backup.output).toContain('Backup written to');
    expect(backup.code, backup.output).toBe(0);
    expect(addedWhenDone, 'notices kept being added while the backup ran').toBeGreaterThan(addedBeforeBackup);

    const manifest = BackupManifest.parse(JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')));
    // The logo (the customer's and the change order's are one PNG, stored once), the supporting file, the child's PDF.
    expect(manifest.files).toMatchObject({ count: 3, missing: [] });
    const sourceDb = openPostgres({ connectionString: source.url, max: 1 });
    const targetDb = openPostgres({ connectionString: target.url, max: 1 });
    try {
      const atPosition = await sourceDb.query<{ hash: string }>('SELECT hash FROM events WHERE position = $1', [manifest.log.position]);
      expect(atPosition.rows[0]?.hash).toBe(manifest.log.lastHash);
      expect(Number((await sourceDb.query<{ n: string }>('SELECT max(position) AS n FROM events')).rows[0]!.n)).toBeGreaterThan(manifest.log.position);

      const restore = await runCli('services/src/backup/restore-cli.ts', ['--from', backupDir], installation(target, targetDir));
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/Event log intact: \d+ events re-hashed; [1-9]\d* backed-up checkpoints hold/);

      // Before anything else runs on it: the restored log is the source's, exactly up to the manifest's position.
      const tail = await targetDb.query<{ position: string; hash: string }>('SELECT position, hash FROM events ORDER BY position DESC LIMIT 1');
      expect({ position: Number(tail.rows[0]!.position), hash: tail.rows[0]!.hash }).toEqual({ position: manifest.log.position, hash: manifest.log.lastHash });
      const sourceHashes = await sourceDb.query<{ hash: string }>('SELECT hash FROM events WHERE position <= $1 ORDER BY position', [manifest.log.position]);
      const targetHashes = await targetDb.query<{ hash: string }>('SELECT hash FROM events ORDER BY position');
      expect(targetHashes.rows).toEqual(sourceHashes.rows);

      restored = await startApiProcess({ ...installation(target, targetDir), LOGIN_DELAY_MS: '0' });
      // The password hashes came back with the log: the same people sign in with the same passwords.
      const restoredToken = await login(restored.url, ADMIN);
      expect(await reads(restored.url, restoredToken)).toEqual(before);
      expect(await downloadedBytes(restored.url, restoredToken)).toBe(await downloadedBytes(sourceUrl(), adminToken));

      // Notices: the restored ones are the first of those added, with every one added before the backup began.
      const notices = (url: string, token: string) =>
        call(url, 'GET', '/user/listNotification', token).then((answer) => (answer.body as { list: Array<{ id: number; notificationText: string }> }).list);
      const restoredNotices = await notices(restored.url, restoredToken);
      const sourceNotices = await notices(sourceUrl(), adminToken);
      expect(restoredNotices.length).toBeGreaterThanOrEqual(addedBeforeBackup);
      expect(restoredNotices.length).toBeLessThanOrEqual(addedWhenDone);
      const byId = (list: typeof sourceNotices) => [...list].sort((a, b) => a.id - b.id).map(({ id, notificationText }) => ({ id, notificationText }));
      expect(byId(restoredNotices)).toEqual(byId(sourceNotices).slice(0, restoredNotices.length));

      const verify = await runCli('services/src/audit/verify-cli.ts', [], installation(target, targetDir));
      expect(verify.output).toContain('Event log intact');
      expect(verify.output).toContain('Read models equal a replay of the log');
      expect(verify.code, verify.output).toBe(0);

      // A second restore into the now-used target is refused, and changes nothing.
      const count = async () => Number((await targetDb.query<{ n: string }>('SELECT count(*) AS n FROM events')).rows[0]!.n);
      const eventsBefore = await count();
      const again = await runCli('services/src/backup/restore-cli.ts', ['--from', backupDir], installation(target, targetDir));
      expect(again.code).toBe(1);
      expect(again.output).toContain('Restore refused: the target is not empty (its table events has rows');
      expect(await count()).toBe(eventsBefore);
    } finally {
      await sourceDb.close();
      await targetDb.close();
    }
  });

  /** A copy of the backup with `change` applied to it. */
  function tampered(name: string, change: (dir: string) => void): string {
    const dir = join(backups, name);
    cpSync(backupDir, dir, { recursive: true });
    change(dir);
    return dir;
  }

  const flipLastByteBeforeNewline = (path: string) => {
    const bytes = readFileSync(path);
    const at = bytes.length - 3;
    bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
    writeFileSync(path, bytes);
  };

  it('when a part or a file of the backup was changed, or the audit key is another, then the restore is refused naming it, and the target stays empty', async () => {
    const spareDb = openPostgres({ connectionString: spare.url, max: 1 });
    try {
      const untouched = async () => (await spareDb.query<{ events: string | null }>(`SELECT to_regclass('events') AS events`)).rows[0]!.events;

      const events = tampered('events-changed', (dir) => flipLastByteBeforeNewline(join(dir, 'events.ndjson')));
      const refusedEvents = await runCli('services/src/backup/restore-cli.ts', ['--from', events], installation(spare, spareDir));
      expect(refusedEvents.code).toBe(1);
      expect(refusedEvents.output).toContain('Restore refused: events.ndjson was changed or cut since the backup was taken');
      expect(await untouched()).toBeNull();

      const { sha256: fileName } = JSON.parse(readFileSync(join(backupDir, 'files.ndjson'), 'utf8').split('\n')[0]!) as { sha256: string };
      const file = tampered('file-changed', (dir) => writeFileSync(join(dir, 'files', fileName), 'not the bytes that were backed up'));
      const refusedFile = await runCli('services/src/backup/restore-cli.ts', ['--from', file], installation(spare, spareDir));
      expect(refusedFile.code).toBe(1);
      expect(refusedFile.output).toContain(`Restore refused: files/${fileName} was changed since the backup was taken`);
      expect(await untouched()).toBeNull();

      // Someone without the key rewrote a part and the manifest's hash of it: the manifest's signature no longer holds.
      const rewritten = tampered('events-and-manifest-changed', (dir) => {
        flipLastByteBeforeNewline(join(dir, 'events.ndjson'));
        const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { parts: Array<{ name: string; sha256: string }> };
        manifest.parts.find((part) => part.name === 'events.ndjson')!.sha256 = createHash('sha256').update(readFileSync(join(dir, 'events.ndjson'))).digest('hex');
        writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
      });
      const refusedRewrite = await runCli('services/src/backup/restore-cli.ts', ['--from', rewritten], installation(spare, spareDir));
      expect(refusedRewrite.code).toBe(1);
      expect(refusedRewrite.output).toContain('Restore refused: manifest.json is not signed with this AUDIT_KEY');
      expect(await untouched()).toBeNull();

      const otherKey = { ...installation(spare, spareDir), AUDIT_KEY: `another-audit-key-${randomUUID()}` };
      const refusedKey = await runCli('services/src/backup/restore-cli.ts', ['--from', backupDir], otherKey);
      expect(refusedKey.code).toBe(1);
      expect(refusedKey.output).toContain('Restore refused: manifest.json is not signed with this AUDIT_KEY: restore with the audit key the backed-up installation ran with');
      expect(await untouched()).toBeNull();
    } finally {
      await spareDb.close();
    }
  });
});

/** An active account with a password, made through the product's pipeline as the int tests' `createUser` does. */
async function arrangeUser(api: RunningApi, who: { email: string; password: string }, role: Role): Promise<string> {
  const userId = randomUUID();
  const run = api.context.commands.begin({ actor: { type: 'system', name: 'test-arrangement' }, correlationId: randomUUID(), ip: null, userAgent: null });
  await claimEmail(api.context, run, who.email, userId);
  await run.execute({
    stream: userStreamId(userId),
    decider: userDecider,
    command: { type: 'RegisterUser', userId, email: who.email, firstName: 'Backup', lastName: role === 'ADMIN' ? 'Approver' : 'User', role, isTrainingCompleted: true },
  });
  await setPassword(api.context, run, userId, who.password, { via: 'bootstrap' }, run.now);
  await run.settle(['user-accounts']);
  return userId;
}
