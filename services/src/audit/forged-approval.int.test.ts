import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { documentStreamId } from '@ifu/contracts';
import { allProjections, catchUp } from '@ifu/projections';
import type { Database } from '@ifu/storage/database/database';
import { ChainBrokenError, type RecordedEvent } from '@ifu/storage/event-store/event-store';
import { TEST_AUDIT_KEY } from '../../../test-support/audit-key';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { verifyAndCheckpoint } from './checkpoints';
import { formatAuditDate } from './audit-dates';
import { QuarantineRefused, quarantineEvent } from './quarantine';

import '../../../test-support/provided-context';

const serverUrl = inject('testDatabaseUrl');

/**
 * The forge of the penetration test: as the API's own database role (on the server, the documented two-role setup;
 * on the embedded database, its one role), `append_events` called directly with a made-up hash, appending an approval
 * nobody signed to a pending change order. No reader of the log may act on it: the read models, the public page and
 * its PDF and the audit trail stay as they were, /health names the break, writes wait, audit:verify names the event;
 * the operator's quarantine makes the product healthy again without applying it.
 */
const where = serverUrl ? "the API's own role on PostgreSQL" : 'the embedded database';

// Each part arranges its own product and forge, so that neither depends on the other having run (or not) first.
describe(`an approval appended with a made-up hash, while it is in the log (${where})`, () => forgedApproval('while-in-the-log'));
describe(`an approval appended with a made-up hash, set aside by the operator (${where})`, () => forgedApproval('quarantined'));

function forgedApproval(part: 'while-in-the-log' | 'quarantined') {
  let t: TestApi;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let pending: { parentChangeId: string; documentNumber: string };
  let forged: { position: number; stream: string };
  /** As the API's role where the server has one: what the penetration test did. */
  let asApi: Database;
  let today: string;
  /** What the API logged at error level. */
  const errorLines: string[] = [];

  const documentOf = async (parentChangeId: string) => {
    const view = await t.call('GET', `/document/get/${parentChangeId}`, { token: admin });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    return view.body as { status: string; children: Array<{ documentNumber: string }> };
  };
  const publicGet = (path: string) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html' } });
  const auditCsv = async () => {
    const response = await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } });
    return { status: response.status, text: await response.text() };
  };
  const approvalRowsOf = (csv: string, parentChangeId: string) => csv.split('\n').filter((line) => line.includes(parentChangeId) && line.includes('ChangeOrderApproved'));

  beforeAll(async () => {
    t = await startTestApi({}, { asApiRole: serverUrl !== undefined, logger: pino({ level: 'error' }, { write: (line: string) => void errorLines.push(line) }) });
    asApi = t.apiRole?.db ?? t.database.db;
    today = formatAuditDate(t.clock.now());
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: `${unique('approver-')}@example.com`, password: 'the approver password' };
    approver.id = await t.createUser({ email: approver.email, password: approver.password, role: 'ADMIN', firstName: 'Alma', lastName: 'Approver' });
    author = { email: `${unique('author-')}@example.com`, password: 'the author password 1' };
    await t.createUser({ ...author, role: 'USER' });
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Forge Clinic '));
    const opened = await t.call('PUT', '/customer/openAccess', { token: admin, body: { id: customerId, openAccess: true } });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    // One change order approved by its approver: the signature the forger copies.
    const signed = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Signed Pump', children: [{ lotNumber: 'S-1', partNumber: 'PN-S' }] });
    await arrangeDecision(t, { parentChangeId: signed.parentChangeId, approver, approve: true });
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Pending Pump', children: [{ lotNumber: 'P-1', partNumber: 'PN-P' }] });
    pending = { parentChangeId, documentNumber: (await documentOf(parentChangeId)).children[0]!.documentNumber };

    const events = await t.store.readAll(0, 100_000);
    const genuine = events.find((e) => e.type === 'ChangeOrderApproved' && e.streamId === documentStreamId(signed.parentChangeId))!;
    forged = await forgeApproval(asApi, documentStreamId(parentChangeId), genuine);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  if (part === 'while-in-the-log') {
    it('when the forged approval is in the log, then /health answers 503 naming its position and stream', async () => {
      const health = await t.call('GET', '/health');
      expect(health.status).toBe(503);
      expect(health.body.code).toBe('event-log-broken');
      expect(health.body.message).toContain(`position ${forged.position} (stream ${forged.stream}, type ChangeOrderApproved)`);
    });

    it('then no projection applies it: the change order stays pending, its public page and PDF are not served', async () => {
      // Each read model's catch-up reads the log as the runner does: it stops before the forged event (or refuses it
      // outright when it is the next one), whatever the runner has done meanwhile.
      for (const projection of allProjections) {
        const reached = await catchUp(t.api.context.db, t.store, projection).catch((error: unknown) => {
          if (error instanceof ChainBrokenError && error.chainBreak.position === forged.position) return forged.position - 1;
          throw error;
        });
        expect(reached, projection.name).toBe(forged.position - 1);
      }
      expect((await documentOf(pending.parentChangeId)).status).toBe('REQUIRE_APPROVAL');
      const { rows } = await t.database.db.query<{ position: string }>('SELECT min(position) AS position FROM projection_checkpoints');
      expect(Number(rows[0]!.position)).toBeLessThan(forged.position);
      expect((await publicGet(`/p/${pending.documentNumber}`)).status).toBe(404);
      expect((await publicGet(`/p/${pending.documentNumber}/v/1/pdf`)).status).toBe(404);
    });

    it('then the audit report shows no approval signature for it, and further writes are refused with 503', async () => {
      const csv = await auditCsv();
      expect(csv.status).toBe(503);
      expect(JSON.parse(csv.text)).toMatchObject({ code: 'event-log-broken' });
      const login = await t.call('POST', '/user/get/token', { body: { username: author.email, password: author.password } });
      expect(login).toMatchObject({ status: 503, body: { code: 'event-log-broken' } });
      expect(await t.store.lastPosition()).toBe(forged.position);
      // Loudly, once: however often /health, the writes and the projections met the break meanwhile.
      const told = errorLines.filter((line) => line.includes('EVENT LOG BROKEN'));
      expect(told).toHaveLength(1);
      expect(JSON.parse(told[0]!)).toMatchObject({ level: 50, chainBreak: { position: forged.position, streamId: forged.stream, type: 'ChangeOrderApproved' } });
    });

    it('then audit:verify names the event by position, stream and type', async () => {
      const verification = await verifyAndCheckpoint(t.store, TEST_AUDIT_KEY, `${t.dataDir}/audit-checkpoints.jsonl`, t.clock.now());
      expect(verification).toMatchObject({ ok: false, firstBrokenPosition: forged.position, firstBrokenStream: forged.stream, firstBrokenType: 'ChangeOrderApproved' });
      if (!serverUrl) return; // the command itself opens the database as a server's client
      const cli = await runCli('services/src/audit/verify-cli.ts', [], operatorEnvironment(t));
      expect(cli.code, cli.output).toBe(1);
      expect(cli.output).toContain(`Event log BROKEN at position ${forged.position} (stream ${forged.stream}, type ChangeOrderApproved)`);
    });

    it('when a quarantine is written without the audit key, then it sets nothing aside (and the API role may not write one at all)', async () => {
      const row = [forged.position, forged.stream, 'ChangeOrderApproved', 'ab'.repeat(32), 'not an operator', new Date().toISOString(), '0'.repeat(64)];
      const insert = 'INSERT INTO quarantined_events (position, stream_id, type, hash, reason, quarantined_at, mac) VALUES ($1, $2, $3, $4, $5, $6, $7)';
      if (t.apiRole) await expect(t.apiRole.db.query(insert, row)).rejects.toThrow(/permission denied/);
      await t.database.db.query(insert, row);
      try {
        expect((await t.call('GET', '/health')).status).toBe(503);
      } finally {
        await t.database.db.query('DELETE FROM quarantined_events WHERE position = $1', [forged.position]);
      }
    });
  }

  if (part === 'quarantined') {
    it('when the operator quarantines it, then the product is healthy again, writes resume, the approval is never applied, and the approver can still decide with a signature, and only then is it public', async () => {
      // An event the key wrote is not set aside.
      await expect(quarantineEvent(t.database.db, TEST_AUDIT_KEY, forged.position - 1, 'by mistake', new Date())).rejects.toThrow(QuarantineRefused);
      const reason = 'approval nobody signed, appended with the API role';
      if (serverUrl) {
        // As the operator runs it: the command, as the schema owner, with the audit key.
        const cli = await runCli('services/src/audit/quarantine-cli.ts', ['--position', String(forged.position), '--reason', reason], operatorEnvironment(t));
        expect(cli.output).toContain(`Quarantined position ${forged.position} (stream ${forged.stream}, type ChangeOrderApproved)`);
        expect(cli.output).toContain('The event log verifies again');
        expect(cli.code, cli.output).toBe(0);
      } else {
        const quarantined = await quarantineEvent(t.database.db, TEST_AUDIT_KEY, forged.position, reason, new Date());
        expect(quarantined).toMatchObject({ position: forged.position, streamId: forged.stream, type: 'ChangeOrderApproved' });
      }

      expect(await t.call('GET', '/health')).toMatchObject({ status: 200, body: { status: 'ok' } });
      await t.login(author.email, author.password);
      await t.api.readModels.waitFor(await t.store.lastPosition(), allProjections.map((p) => p.name));
      expect((await documentOf(pending.parentChangeId)).status).toBe('REQUIRE_APPROVAL');
      expect((await publicGet(`/p/${pending.documentNumber}`)).status).toBe(404);
      const csv = await auditCsv();
      expect(csv.status).toBe(200);
      expect(approvalRowsOf(csv.text, pending.parentChangeId)).toEqual([]);
      const verification = await verifyAndCheckpoint(t.store, TEST_AUDIT_KEY, `${t.dataDir}/audit-checkpoints.jsonl`, t.clock.now());
      expect(verification).toMatchObject({ ok: true, quarantined: [{ position: forged.position, streamId: forged.stream, type: 'ChangeOrderApproved' }] });

      // The approver can still decide the change order with a signature, and only then is it public.
      await arrangeDecision(t, { parentChangeId: pending.parentChangeId, approver, approve: true });
      expect((await documentOf(pending.parentChangeId)).status).toBe('APPROVED');
      expect((await publicGet(`/p/${pending.documentNumber}`)).status).toBe(200);
    });
  }
}

/** The environment of an operator's command on the test's schema: the owner's connection (the API's role's where it reads), the audit key. */
function operatorEnvironment(t: TestApi): Record<string, string> {
  const inSchema = (url: string) => {
    const withPath = new URL(url);
    withPath.searchParams.set('options', `-c search_path=${t.database.schema}`);
    return withPath.toString();
  };
  return {
    DATABASE_URL: inSchema(t.apiRole?.url ?? t.database.connectionString!),
    DATABASE_OWNER_URL: inSchema(t.database.connectionString!),
    AUDIT_KEY: TEST_AUDIT_KEY,
    DATA_DIR: t.dataDir,
  };
}

function runCli(entry: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, entry), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}

const ROOT = resolve(import.meta.dirname, '../../..');

/** What the writer with the API's role can do: call the append function directly, with a hash of their own making. */
async function forgeApproval(db: Database, stream: string, copied: RecordedEvent): Promise<{ position: number; stream: string }> {
  const { rows } = await db.query<{ version: number; position: string }>(
    'SELECT (SELECT max(stream_version) FROM events WHERE stream_id = $1) AS version, (SELECT max(position) FROM events) AS position',
    [stream],
  );
  const { version, position } = rows[0]!;
  await db.query(
    `SELECT append_events($1, $2, $3, ARRAY[gen_random_uuid()], ARRAY['ChangeOrderApproved'], ARRAY[$4::jsonb], ARRAY[$5::jsonb], now(), ARRAY[repeat('ab', 32)], $6)`,
    [stream, version, Number(position), JSON.stringify(copied.data), JSON.stringify(copied.metadata), db.kind === 'postgres'],
  );
  return { position: Number(position) + 1, stream };
}
