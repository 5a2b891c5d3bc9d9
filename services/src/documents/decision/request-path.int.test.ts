import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeRegisteredCustomer, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder, reviewedCustomer } from '../../../../test-support/reviewed-versions';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';

const SERVICES = fileURLToPath(new URL('../../', import.meta.url));
/** The pipeline, the authentication and the storage every command crosses: not the use case's own files. */
const SHARED = ['platform/', 'auth/'];
const MAX_FILES = 8;

interface CoveredScript {
  scriptId: string;
  url: string;
  functions: Array<{ functionName: string; ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>;
}

/** A getter the module transform adds for an export (`() => { try { return name } catch {} }`), or an older form. */
const EXPORT_GETTER = /^(?:\(\)\s*=>\s*\{\s*try\s*\{\s*return\s+[\w$.]+;?\s*\}\s*catch\s*(?:\(\w*\)\s*)?\{\s*\}\s*\}|get\s*\(\)\s*\{\s*return\s+[\w$.]+;?\s*\})$/;

const callsOf = (scripts: CoveredScript[]) =>
  new Map(scripts.flatMap((script) => script.functions.map((fn) => [`${script.url}#${fn.ranges[0]!.startOffset}`, fn.ranges[0]!.count] as const)));

/**
 * The server files whose code runs while `action` runs, under services/src and outside the shared parts: how far a
 * change to one use case reaches. V8's precise coverage counts each function's calls; a function called during
 * `action` counts its file, except the getters the test runner's module transform adds for each export (they run
 * when another module reads the export, and are no code of the file's).
 */
async function filesRunBy(action: () => Promise<unknown>): Promise<{ files: string[]; calls: Map<string, number> }> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Debugger.enable');
    await session.post('Profiler.enable');
    await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const before = callsOf((await session.post('Profiler.takePreciseCoverage')).result as CoveredScript[]);
    await action();
    const after = (await session.post('Profiler.takePreciseCoverage')).result as CoveredScript[];
    const files = new Set<string>();
    const calls = new Map<string, number>();
    for (const script of after) {
      if (!script.url.startsWith('file://')) continue;
      const file = relative(SERVICES, fileURLToPath(script.url.split('?')[0]!));
      if (file.startsWith('..') || file.includes('.test.')) continue;
      const callsDuring = (fn: CoveredScript['functions'][number]) => fn.ranges[0]!.count - (before.get(`${script.url}#${fn.ranges[0]!.startOffset}`) ?? 0);
      const called = script.functions.filter((fn) => callsDuring(fn) > 0);
      for (const fn of called) if (fn.functionName) calls.set(`${file}#${fn.functionName}`, (calls.get(`${file}#${fn.functionName}`) ?? 0) + callsDuring(fn));
      if (called.length === 0 || SHARED.some((shared) => file.startsWith(shared))) continue;
      const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
      const own = called.filter((fn) => !EXPORT_GETTER.test(scriptSource.slice(fn.ranges[0]!.startOffset, fn.ranges[0]!.endOffset).trim()));
      if (process.env.REQUEST_PATH_DETAIL) console.log(file, own.map((fn) => fn.functionName || scriptSource.slice(fn.ranges[0]!.startOffset, fn.ranges[0]!.startOffset + 40)).join(' | '));
      if (own.length > 0) files.add(file);
    }
    return { files: [...files].sort(), calls };
  } finally {
    await session.post('Profiler.stopPreciseCoverage').catch(() => undefined);
    await session.post('Debugger.disable').catch(() => undefined);
    session.disconnect();
  }
}

/**
 * The files of two runs of the same request, each measured on its own: a file counts when its code ran in both. The
 * measure sees every function the process ran meanwhile, so a timer of the server's that happened to fire during one
 * request (a mail digest's minute, a projection's leadership check) would count a file that is not on the request's
 * path; it does not fire in both windows, the request's own code runs in both.
 */
function onBothRuns(first: { files: string[] }, second: { files: string[] }) {
  const files = first.files.filter((file) => second.files.includes(file));
  const incidental = [...first.files, ...second.files].filter((file) => !files.includes(file));
  if (incidental.length > 0) console.log(`ran during only one of the two requests (not on the path): ${[...new Set(incidental)].join(', ')}`);
  return files;
}

describe('a decision crosses few server files from route to answer (the use case, its rules, the signed step) and runs the approver policy once', () => {
  let t: TestApi;
  let approver: { id: string; email: string; password: string; token: string };
  let author: { id: string; email: string; password: string; token: string };
  let customerId: string;

  const person = async (role: 'USER' | 'ADMIN', name: string) => {
    const email = `${unique(`${name}-`)}@example.com`;
    const password = 'a long password 1';
    const id = await t.createUser({ email, role, password, firstName: name, lastName: role });
    return { id, email, password, token: await t.login(email, password) };
  };

  beforeAll(async () => {
    t = await startTestApi();
    approver = await person('ADMIN', 'paula');
    author = await person('USER', 'arno');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Path Clinic '));
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it(`POST /document/approveDocuments runs code in at most ${MAX_FILES} files outside platform/ and auth/`, async () => {
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Path Stent', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], supportingFiles: ['Risk.pdf'] });
    await openEveryFile(t, approver.token, parentChangeId);
    const headers = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, approverId: approver.id, documentApproval: true, username: approver.email, password: approver.password };
    // Once first, so that what runs once per process (a compiled pattern, a key made once) is not counted.
    const warm = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Path Stent', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], supportingFiles: ['Risk.pdf'] });
    await openEveryFile(t, approver.token, warm.parentChangeId);
    const warmHeaders = await reviewedChangeOrder(t, approver.token, warm.parentChangeId);
    expect((await t.call('POST', '/document/approveDocuments', { token: approver.token, headers: warmHeaders, body: { ...body, parentChangeId: warm.parentChangeId } })).status).toBe(200);

    const second = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: 'Path Stent', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], supportingFiles: ['Risk.pdf'] });
    await openEveryFile(t, approver.token, second.parentChangeId);
    const secondHeaders = await reviewedChangeOrder(t, approver.token, second.parentChangeId);

    const runs = [];
    for (const [id, reviewed] of [[parentChangeId, headers], [second.parentChangeId, secondHeaders]] as const) {
      let status = 0;
      const run = await filesRunBy(async () => {
        status = (await t.call('POST', '/document/approveDocuments', { token: approver.token, headers: reviewed, body: { ...body, parentChangeId: id } })).status;
      });
      // The approver policy decides once: not once to check and once more to sign.
      expect(run.calls.get('auth/approver-policy.ts#deciderRefusal')).toBe(1);
      expect(status).toBe(200);
      runs.push(run);
    }
    const files = onBothRuns(runs[0]!, runs[1]!);
    console.log(`approveDocuments runs code in ${files.length} files outside ${SHARED.join(', ')}:\n  ${files.join('\n  ')}`);
    expect(files.length, files.join(', ')).toBeGreaterThan(0);
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  });

  it(`POST /customer/approve/add runs code in at most ${MAX_FILES} files outside platform/ and auth/`, async () => {
    const admin = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
    const warm = await arrangeRegisteredCustomer(t, admin, approver.id, unique('Warm Clinic '));
    const id = await arrangeRegisteredCustomer(t, admin, approver.id, unique('Path Clinic '));
    const body = (customer: string) => ({ customerId: customer, customerApproverId: approver.id, customerApproval: true, changeDescription: 'Checked', changeJustification: '', username: approver.email, password: approver.password });
    expect((await t.call('POST', '/customer/approve/add', { token: approver.token, headers: await reviewedCustomer(t, approver.token, warm), body: body(warm) })).status).toBe(200);
    const other = await arrangeRegisteredCustomer(t, admin, approver.id, unique('Path Clinic '));
    const runs = [];
    for (const customer of [id, other]) {
      const headers = await reviewedCustomer(t, approver.token, customer);
      let status = 0;
      const run = await filesRunBy(async () => {
        status = (await t.call('POST', '/customer/approve/add', { token: approver.token, headers, body: body(customer) })).status;
      });
      expect(run.calls.get('auth/approver-policy.ts#deciderRefusal')).toBe(1);
      expect(status).toBe(200);
      runs.push(run);
    }
    const files = onBothRuns(runs[0]!, runs[1]!);
    console.log(`customer approval runs code in ${files.length} files outside ${SHARED.join(', ')}:\n  ${files.join('\n  ')}`);
    expect(files.length, files.join(', ')).toBeGreaterThan(0);
    expect(files.length, files.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  });
});
