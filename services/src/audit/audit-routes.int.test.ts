import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { AUDIT_VERIFY_LIMITS } from './routes';

/**
 * Each run of the chain verification walks the whole log and appends a checkpoint, so an ADMIN could load the server
 * with it: it is limited per administrator and in total, and its checkpoints can live outside DATA_DIR.
 */
describe('GET /audit/verify: limits and where its checkpoints go', () => {
  let t: TestApi | undefined;
  const elsewhere: string[] = [];
  afterEach(async () => {
    await t?.dispose();
    t = undefined;
    for (const dir of elsewhere.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const checkpointLines = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).length : 0);
  const verify = (token: string) => t!.call('GET', '/audit/verify', { token });
  const newAdmin = async () => {
    const email = `${unique('verifier-')}@example.com`;
    await t!.createUser({ email, role: 'ADMIN', password: 'verifier password 1', firstName: unique('Vera'), lastName: 'Verifier' });
    return t!.login(email, 'verifier password 1');
  };

  it('when one ADMIN verifies more often than the hourly limit, then 429 naming the limit, and the refused call writes no checkpoint', async () => {
    t = await startTestApi();
    const admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const file = t.api.context.config.AUDIT_CHECKPOINTS_FILE;
    for (let i = 1; i <= AUDIT_VERIFY_LIMITS.perUserPerHour; i++) expect((await verify(admin)).status, `call ${i}`).toBe(200);
    expect(checkpointLines(file)).toBe(AUDIT_VERIFY_LIMITS.perUserPerHour);

    const refused = await verify(admin);
    expect(refused).toMatchObject({ status: 429, body: { code: 'audit-verify-limited' } });
    expect(refused.body.message).toContain(`${AUDIT_VERIFY_LIMITS.perUserPerHour} times an hour for each administrator`);
    expect(checkpointLines(file)).toBe(AUDIT_VERIFY_LIMITS.perUserPerHour);
    // Another administrator still may, within the total.
    expect((await verify(await newAdmin())).status).toBe(200);
  });

  it('when several ADMINs together verify more often than the total hourly limit, then the next one is refused with 429', async () => {
    t = await startTestApi();
    const file = t.api.context.config.AUDIT_CHECKPOINTS_FILE;
    let calls = 0;
    while (calls < AUDIT_VERIFY_LIMITS.totalPerHour) {
      const admin = await newAdmin();
      for (let i = 0; i < AUDIT_VERIFY_LIMITS.perUserPerHour && calls < AUDIT_VERIFY_LIMITS.totalPerHour; i++, calls++) {
        expect((await verify(admin)).status).toBe(200);
      }
    }
    const refused = await verify(await newAdmin());
    expect(refused).toMatchObject({ status: 429, body: { code: 'audit-verify-limited' } });
    expect(refused.body.message).toContain(`${AUDIT_VERIFY_LIMITS.totalPerHour} times in all`);
    expect(checkpointLines(file)).toBe(AUDIT_VERIFY_LIMITS.totalPerHour);
  });

  it('when AUDIT_CHECKPOINTS_FILE names a file outside DATA_DIR, then the checkpoints go there and none into DATA_DIR', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ifu-checkpoints-elsewhere-'));
    elsewhere.push(dir);
    const file = join(dir, 'audit', 'checkpoints.jsonl');
    t = await startTestApi({ AUDIT_CHECKPOINTS_FILE: file });
    const answer = await verify(await t.login(ADMIN_EMAIL, ADMIN_PASSWORD));
    expect(answer).toMatchObject({ status: 200, body: { ok: true, checkpoint: { position: expect.any(Number) } } });
    expect(checkpointLines(file)).toBe(1);
    expect(existsSync(join(t.dataDir, 'audit-checkpoints.jsonl'))).toBe(false);
  });
});
