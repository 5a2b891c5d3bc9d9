import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '@ifu/projections';
import { arrangeApprovedCustomer } from '../../../test-support/document-arrangements';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { openTestDatabase, type TestDatabase } from '../../../test-support/test-database';
import { LocalFileStore } from '../files';
import { emailDigest, forgetVisitor, visitorFor } from '../public-portal';
import { takeBackup } from './backup';
import { BackupManifest, hashFile, signManifest } from './backup-format';
import { EVENT_LOG_TABLE, KEPT_TABLES, NOT_KEPT_TABLES, REBUILT_TABLES } from './backup-tables';
import { restoreBackup } from './restore';

/** Every row of a table as JSON text, in one order: two tables with the same rows give the same list. */
async function rowsOf(db: TestDatabase['db'], table: string): Promise<string[]> {
  const { rows } = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t`);
  return rows.map((r) => r.row).sort();
}

describe('what a backup does with each table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.dispose());

  it('when the migrations have run, then every table they made is the log, kept, rebuilt or deliberately not kept, and only one of these', async () => {
    const { rows } = await database.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
    );
    const classes = (name: string) =>
      [name === EVENT_LOG_TABLE, KEPT_TABLES.some((t) => t.name === name), REBUILT_TABLES.has(name), NOT_KEPT_TABLES.has(name)].filter(Boolean).length;
    expect(rows.map((r) => r.name).filter((name) => classes(name) !== 1)).toEqual([]);
    // And nothing is named that no migration makes (a table renamed since).
    const made = new Set(rows.map((r) => r.name));
    expect([...KEPT_TABLES.map((t) => t.name), ...REBUILT_TABLES.keys(), ...NOT_KEPT_TABLES.keys()].filter((name) => !made.has(name))).toEqual([]);
  });

  it("when a kept table is written to a backup, then every one of its columns is (a column added later is not left behind)", async () => {
    for (const table of KEPT_TABLES) {
      const { rows } = await database.db.query<{ name: string }>(
        'SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY 1',
        [table.name],
      );
      const written = table.select.split(',').map((column) => column.trim().split(/\s+/).at(-1)!);
      expect(written.sort(), table.name).toEqual(rows.map((r) => r.name));
    }
  });
});

/**
 * The backup and restore modules on the database the int tests run on (the embedded PGlite by default, the server
 * with TEST_DATABASE_URL): a product with users, an approved customer with its logo, a notice and a checkpoint is
 * backed up and restored into an empty schema and file store; the log, the kept tables and every read model come
 * back equal. The drill through the entry points, during writes, is backup.prod.test.ts.
 */
describe('a backup restored into an empty database and file store', () => {
  let t: TestApi;
  let target: TestDatabase;
  const backups = mkdtempSync(join(tmpdir(), 'ifu-backup-int-'));
  const targetFiles = mkdtempSync(join(tmpdir(), 'ifu-backup-int-files-'));
  const targetCheckpoints = join(targetFiles, 'restored-checkpoints.jsonl');

  beforeAll(async () => {
    t = await startTestApi();
    target = await openTestDatabase();
    const approver = { email: 'int.backup.approver@example.com', password: 'the approver password 2' };
    const approverId = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, { ...approver, id: approverId }, 'Embedded Backup Medical');
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect((await t.call('POST', '/user/addNotification', { token: admin, body: { notificationText: 'Kept through a restore' } })).status).toBe(200);
    // Two public visitors, one of them forgotten since: the other's key comes back byte for byte, the forgotten stays so.
    await visitorFor(t.database.db, t.api.context.secrets.linkSecret, 'kept.visitor@example.com');
    await visitorFor(t.database.db, t.api.context.secrets.linkSecret, 'forgotten.visitor@example.com');
    expect(await forgetVisitor(t.database.db, t.api.context.secrets.linkSecret, 'forgotten.visitor@example.com')).toBe(1);
    expect((await t.call('GET', '/audit/verify', { token: admin })).status).toBe(200);
  });

  afterAll(async () => {
    await t?.dispose();
    await target?.dispose();
    rmSync(backups, { recursive: true, force: true });
    rmSync(targetFiles, { recursive: true, force: true });
  });

  const targetStore = () => new LocalFileStore({ directory: targetFiles, publicBaseUrl: 'http://restored.test', signingKey: 'k'.repeat(43) });

  it('when it is restored, then the log, the kept tables, the files and every read model are the source’s, and the chain holds its checkpoint', async () => {
    const source = { db: t.database.db, files: t.api.context.files, checkpointsFile: t.api.context.config.AUDIT_CHECKPOINTS_FILE, auditKey: TEST_AUDIT_KEY };
    const directory = join(backups, 'one');
    const manifest = await takeBackup(source, directory, new Date());
    expect(manifest.log.position).toBe(await t.store.lastPosition());
    expect(manifest.files.count).toBe((await t.api.context.files.count()).stored);
    expect(manifest.files.count).toBeGreaterThan(0);
    expect(manifest.files.missing).toEqual([]);

    const report = await restoreBackup({ db: target.db, files: targetStore(), checkpointsFile: targetCheckpoints, auditKey: TEST_AUDIT_KEY }, directory, new Date());
    expect(report.verification).toMatchObject({ ok: true, checked: manifest.log.position, checkpointsCompared: 1 });
    expect(report.rebuilt.map((r) => r.position)).toEqual(allProjections.map(() => manifest.log.position));
    expect(readFileSync(targetCheckpoints, 'utf8').trim().split('\n')).toHaveLength(2);

    expect(await rowsOf(target.db, 'events')).toEqual(await rowsOf(t.database.db, 'events'));
    for (const table of KEPT_TABLES) expect(await rowsOf(target.db, table.name), table.name).toEqual(await rowsOf(t.database.db, table.name));
    expect((await rowsOf(target.db, 'user_credentials')).length).toBe(2);
    const keys = await target.db.query<{ email_digest: string; key: Buffer }>('SELECT email_digest, key FROM visitor_keys');
    expect(keys.rows.map((row) => row.email_digest)).toEqual([emailDigest(t.api.context.secrets.linkSecret, 'kept.visitor@example.com')]);
    const kept = await visitorFor(t.database.db, t.api.context.secrets.linkSecret, 'kept.visitor@example.com');
    expect(Buffer.from(keys.rows[0]!.key).equals(kept.key)).toBe(true);
    for (const projection of allProjections) {
      for (const table of projection.tables) expect(await rowsOf(target.db, table), table).toEqual(await rowsOf(t.database.db, table));
    }
    for await (const sha256 of t.api.context.files.listStored()) expect(existsSync(join(targetFiles, sha256)), sha256).toBe(true);
    expect(await targetStore().count()).toEqual({ stored: manifest.files.count, staged: 0 });

    // Restored once, the target is no longer empty: a second restore is refused before it writes anything.
    const events = (await rowsOf(target.db, 'events')).length;
    await expect(
      restoreBackup({ db: target.db, files: targetStore(), checkpointsFile: join(targetFiles, 'other.jsonl'), auditKey: TEST_AUDIT_KEY }, directory, new Date()),
    ).rejects.toThrow('the target is not empty (its table events has rows; its table user_credentials has rows');
    expect((await rowsOf(target.db, 'events')).length).toBe(events);
  });

  it('when an event was changed by someone holding the key, who signed the manifest again, then the chain refuses it and the load leaves the target empty', async () => {
    const source = { db: t.database.db, files: t.api.context.files, checkpointsFile: t.api.context.config.AUDIT_CHECKPOINTS_FILE, auditKey: TEST_AUDIT_KEY };
    const directory = join(backups, 're-signed');
    await takeBackup(source, directory, new Date());
    const eventsPath = join(directory, 'events.ndjson');
    const lines = readFileSync(eventsPath, 'utf8').trimEnd().split('\n');
    const changed = JSON.parse(lines[1]!) as { data: Record<string, unknown> };
    changed.data = { ...changed.data, changedAfterwards: true };
    lines[1] = JSON.stringify(changed);
    writeFileSync(eventsPath, `${lines.join('\n')}\n`);
    const { signature: _old, ...manifest } = BackupManifest.parse(JSON.parse(readFileSync(join(directory, 'manifest.json'), 'utf8')));
    const part = manifest.parts.find((p) => p.name === 'events.ndjson')!;
    Object.assign(part, await hashFile(eventsPath));
    writeFileSync(join(directory, 'manifest.json'), JSON.stringify(signManifest(TEST_AUDIT_KEY, manifest)));

    const empty = await openTestDatabase();
    const files = mkdtempSync(join(tmpdir(), 'ifu-backup-int-empty-'));
    try {
      const store = new LocalFileStore({ directory: files, publicBaseUrl: 'http://restored.test', signingKey: 'k'.repeat(43) });
      await expect(restoreBackup({ db: empty.db, files: store, checkpointsFile: join(files, 'c.jsonl'), auditKey: TEST_AUDIT_KEY }, directory, new Date())).rejects.toThrow(
        'events.ndjson: the hash chain breaks at position 2',
      );
      expect(await rowsOf(empty.db, 'events')).toEqual([]);
      expect(await rowsOf(empty.db, 'user_credentials')).toEqual([]);
      expect(await store.count()).toEqual({ stored: 0, staged: 0 });
    } finally {
      await empty.dispose();
      rmSync(files, { recursive: true, force: true });
    }
  });

  it('when a file the log names is not in the file store, then the backup names it as missing', async () => {
    const partial = mkdtempSync(join(tmpdir(), 'ifu-backup-int-partial-'));
    try {
      const sourceFiles = t.api.context.config.FILES_DIR;
      const stored: string[] = [];
      for await (const sha256 of t.api.context.files.listStored()) stored.push(sha256);
      const [lost, ...kept] = stored;
      for (const sha256 of kept) cpSync(join(sourceFiles, sha256), join(partial, sha256));
      const files = new LocalFileStore({ directory: partial, publicBaseUrl: 'http://source.test', signingKey: 'k'.repeat(43) });
      const source = { db: t.database.db, files, checkpointsFile: t.api.context.config.AUDIT_CHECKPOINTS_FILE, auditKey: TEST_AUDIT_KEY };
      const manifest = await takeBackup(source, join(backups, 'partial'), new Date());
      expect(manifest.files).toMatchObject({ count: kept.length, missing: [lost] });
    } finally {
      rmSync(partial, { recursive: true, force: true });
    }
  });

  it('when the backup directory is not empty, or holds no manifest, then nothing is written or restored', async () => {
    const source = { db: t.database.db, files: t.api.context.files, checkpointsFile: t.api.context.config.AUDIT_CHECKPOINTS_FILE, auditKey: TEST_AUDIT_KEY };
    await expect(takeBackup(source, join(backups, 'one'), new Date())).rejects.toThrow('is not empty: a backup is written into a new or empty directory');
    const empty = await openTestDatabase();
    try {
      await expect(
        restoreBackup({ db: empty.db, files: targetStore(), checkpointsFile: targetCheckpoints, auditKey: TEST_AUDIT_KEY }, backups, new Date()),
      ).rejects.toThrow('holds no manifest.json: not a backup, or a backup that did not finish');
    } finally {
      await empty.dispose();
    }
  });
});
