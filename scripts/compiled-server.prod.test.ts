import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PASSWORD_MESSAGES } from '@ifu/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildProcessHandle, type ChildServer, sharedSecrets, startApiProcess, startProcess } from '../test-support/api-process';
import { makePdf } from '../test-support/documents';
import { createServerDatabase, type ServerDatabase } from '../test-support/server-database';
import { buildServer, SERVER_DIST } from './build-server';
import { completeLogIn } from '../test-support/http-client';
import { skipUnless } from '../test-support/machine-needs';

/**
 * The compiled production build: `npm run build:server` output run by plain `node`, no tsx, as the
 * image runs it. The API and the projections worker are separate processes on one PostgreSQL database; the API leaves
 * the read models to the worker (RUN_PROJECTIONS=false). What the bundles must find beside themselves is exercised:
 * the migrations (.sql), the PDF text extraction's child process, the password strength's worker thread and the
 * common-passwords list.
 */

const ADMIN = { email: 'compiled.admin@example-ifu.de', password: 'compiled server horse battery staple' };
const NEW_PASSWORD = 'granite lantern orchard velvet 42';
const MARKER = 'Quartzfeather compiled extraction';

/** Bounded polling for work another process does after its answer (no timing is asserted). */
async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(200);
  }
}


describe.skipIf(skipUnless(['postgres-server']))('the compiled server and worker, run by node', () => {
  let database: ServerDatabase;
  let sql: pg.Client;
  let api: ChildServer;
  let worker: ChildProcessHandle;
  let dataDir: string;
  let auditDir: string;
  let apiEnv: Record<string, string>;

  const output = () => `api:\n${api?.output() ?? ''}\nworker:\n${worker?.output() ?? ''}`;
  const login = async (password: string) => {
    const response = await fetch(`${api.url}/user/get/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN.email, password }),
    });
    const body = (await response.json()) as { message: string };
    expect(response.status, output()).toBe(200);
    // An ADMIN sets up a second factor at the first login, and gives a code after: the helpers do both.
    return completeLogIn(api.url, ADMIN.email, body);
  };
  const checkpointsBehind = async () => {
    const { rows } = await sql.query<{ behind: string }>(
      'SELECT count(*) AS behind FROM projection_checkpoints WHERE position < (SELECT coalesce(max(position), 0) FROM events)',
    );
    return Number(rows[0]!.behind);
  };

  beforeAll(async () => {
    await buildServer();
    database = await createServerDatabase('ifu_compiled');
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'ifu-compiled-data-'));
    auditDir = mkdtempSync(join(tmpdir(), 'ifu-compiled-audit-'));
    // The worker first: the API's bootstrap of the first administrator waits until the read models have its events,
    // and with RUN_PROJECTIONS=false only the worker projects them.
    worker = await startProcess('dist/server/worker.js', { DATABASE_URL: database.url, AUDIT_KEY: sharedSecrets().AUDIT_KEY }, /projections worker running/);
    apiEnv = {
      ...sharedSecrets(),
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      RUN_PROJECTIONS: 'false',
      DATA_DIR: dataDir,
      AUDIT_CHECKPOINTS_FILE: join(auditDir, 'audit-checkpoints.jsonl'),
      // Production demands a mail server; nothing here sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    };
    api = await startApiProcess(apiEnv, { entry: 'dist/server/server.js' });
  });

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    await sql?.end();
    await database?.drop();
    for (const dir of [dataDir, auditDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('when the compiled API starts, then it is ready, migrated, and its process runs node on dist/server/server.js', async () => {
    expect((await fetch(`${api.url}/ready`)).status).toBe(200);
    expect(api.process.spawnargs.join(' ')).toMatch(/dist\/server\/server\.js$/);
    expect(api.process.spawnargs.join(' ')).not.toContain('tsx');
    // Every feature's migrations were found beside the bundle (one directory each, not one for all).
    const { rows } = await sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('events', 'document_file_text', 'projection_checkpoints')`,
    );
    expect(rows.map((row) => row.table_name).sort()).toEqual(['document_file_text', 'events', 'projection_checkpoints']);
  });

  it('when the API appends with RUN_PROJECTIONS=false, then the compiled worker keeps every read model at the log', async () => {
    expect(worker.process.spawnargs.join(' ')).toMatch(/dist\/server\/worker\.js$/);
    expect(worker.output()).not.toMatch(/projection failed/);
    // The bootstrap administrator's events, appended by the API and projected by the worker alone.
    const { rows } = await sql.query<{ events: string }>('SELECT count(*) AS events FROM events');
    expect(Number(rows[0]!.events)).toBeGreaterThan(0);
    await eventually(async () => ((await checkpointsBehind()) === 0 ? true : undefined), 'the worker catching up');
    const { rows: projected } = await sql.query<{ email: string }>('SELECT email FROM user_accounts');
    expect(projected.map((row) => row.email)).toEqual([ADMIN.email]);
  });

  it('when the administrator logs in and changes the password, then the strength worker thread judges it and the worker projects it', async () => {
    const token = await login(ADMIN.password);
    const change = (newPassword: string) =>
      fetch(`${api.url}/user/change/password`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.email, oldPassword: ADMIN.password, newPassword }),
      });
    // One of the shipped list's (data/common-passwords.txt, read beside the bundle).
    const common = await change('aaaaaaaaaaaaaaaaaaaa');
    expect(common.status, output()).toBe(400);
    // Every rule that fails is named (here the list's and the estimate's).
    expect(((await common.json()) as { message: string }).message).toContain(PASSWORD_MESSAGES.tooCommon);
    // Long, not on the list, but guessable: refused by the zxcvbn estimate in its worker thread (a missing script
    // would be an error or the "too slow" message, not this one).
    const guessable = await change('compiledcompiledcompiled');
    expect(guessable.status, output()).toBe(400);
    expect(((await guessable.json()) as { message: string }).message).toContain(PASSWORD_MESSAGES.tooGuessable);
    const strong = await change(NEW_PASSWORD);
    expect(strong.status, output()).toBe(200);
    expect(await strong.json()).toEqual({ message: PASSWORD_MESSAGES.changed });
    await login(NEW_PASSWORD);
    await eventually(async () => ((await checkpointsBehind()) === 0 ? true : undefined), 'the worker projecting the change');
  });

  it('when a PDF is uploaded, then its text is extracted by the compiled child process', async () => {
    const token = await login(NEW_PASSWORD);
    const pdf = await makePdf(MARKER, 'Instructions for use');
    const sha256 = createHash('sha256').update(pdf).digest('hex');
    const form = new FormData();
    form.set('isParent', 'false');
    form.set('childMainDocument', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'IFU compiled.pdf');
    const response = await fetch(`${api.url}/document/addDocumentFiles`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status, output()).toBe(200);
    expect(((await response.json()) as { uploadChildDocumentFileId?: string }).uploadChildDocumentFileId).toEqual(expect.any(String));
    const extracted = await eventually(async () => {
      const { rows } = await sql.query<{ text: string; failure: string | null; pages: number }>('SELECT text, failure, pages FROM document_file_text WHERE sha256 = $1', [sha256]);
      return rows[0];
    }, 'the text extraction');
    expect(extracted.failure, output()).toBeNull();
    expect(extracted.pages).toBe(1);
    expect(extracted.text).toContain(MARKER);
  });

  it('when the compiled CLIs run, then audit:verify finds the chain intact and every read model equal to a replay', async () => {
    await eventually(async () => ((await checkpointsBehind()) === 0 ? true : undefined), 'the worker projecting the upload');
    const run = (bundle: string, args: string[] = []) =>
      spawnSync(process.execPath, [join(SERVER_DIST, bundle), ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...apiEnv },
        encoding: 'utf8',
        timeout: 120_000,
      });
    const verify = run('audit-verify.js');
    expect(verify.status, `${verify.stdout}${verify.stderr}`).toBe(0);
    expect(verify.stdout).toMatch(/^Event log intact: \d+ events re-hashed/m);
    expect(verify.stdout).toMatch(/^Read models equal a replay of the log/m);
    const list = run('projections-cli.js', ['--list']);
    expect(list.status, `${list.stdout}${list.stderr}`).toBe(0);
    expect(list.stdout).toContain('user-accounts');
    expect(list.stdout).toContain('document-search');
  });
});
