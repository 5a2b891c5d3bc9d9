import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUDIT_KEY } from '../../../../test-support/audit-key';
import { completeLogIn } from '../../../../test-support/http-client';
import { reviewedUser } from '../../../../test-support/reviewed-versions';
import { unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { verifyAndCheckpoint, checkReadModels, describeReadModelCheck } from '../../audit';

/**
 * `npm run audit:verify` passes after any sequence of the commands that open or close an emailed link, run over HTTP
 * as people and ADMINs run them: forgot, the login's link (resend), set through the link, change while logged in,
 * expiry, deactivation, reactivation, a change of address (accepted and confirmed), a lock from many addresses and its
 * unlock link, a link for the first administrator. Seeded (FC_SEED, FC_RUNS to vary): a failure names its seed and
 * the shrunk sequence, and reproduces with them.
 */
const SEED = Number(process.env.FC_SEED ?? 3102);
const RUNS = Number(process.env.FC_RUNS ?? 15);
const STEPS = 8;

type Step = 'forgot' | 'resend' | 'set' | 'change' | 'expire' | 'minute' | 'deactivate' | 'reactivate' | 'change-email' | 'lock' | 'unlock' | 'forgot-admin';
const ALL_STEPS: Step[] = ['forgot', 'resend', 'set', 'change', 'expire', 'minute', 'deactivate', 'reactivate', 'change-email', 'lock', 'unlock', 'forgot-admin'];
/** The steps every link path goes through more often; the slow ones (a lock is twenty logins) less. */
const WEIGHTS: Partial<Record<Step, number>> = { forgot: 4, set: 2, change: 4, minute: 2 };

describe('emailed links: audit:verify passes after random sequences of the commands that open or close them (fast-check)', () => {
  let t: TestApi;
  beforeAll(async () => {
    // Callers told apart by X-Forwarded-For: each run and each guessing address has its own rate limits and lockout.
    t = await startTestApi({ TRUST_PROXY: '1', ANONYMOUS_MAIL_PER_HOUR: '100000' }, { asApiRole: Boolean(process.env.TEST_DATABASE_URL) });
  });
  afterAll(() => t?.dispose());

  /** What `npm run audit:verify` reports (its two halves: the chain, then read models and sealed rows); [] when clean. */
  const auditVerify = async () => {
    await t.api.context.work.settled();
    const now = t.clock.now();
    const chain = await verifyAndCheckpoint(t.store, TEST_AUDIT_KEY, t.api.context.config.AUDIT_CHECKPOINTS_FILE, now);
    const check = await checkReadModels(t.api.context.db, t.store, t.api.context.seals, now);
    return [...(chain.ok ? [] : [`Event log BROKEN: ${chain.reason}`]), ...describeReadModelCheck(check)];
  };

  let run = 0;

  /** One sequence: an ADMIN of its own adds a user (a set-password link is mailed), then the steps, then audit:verify. */
  async function sequence(setFirst: boolean, steps: readonly Step[]): Promise<void> {
    run += 1;
    const from = `10.31.${run % 250}.1`;
    const call = async (method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {}) => {
      const answer = await t.call(method, path, { ...options, headers: { 'x-forwarded-for': options.ip ?? from, ...options.headers } });
      // Any refusal is an answer the product may give in some order of steps; a server error never is.
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
      return answer;
    };
    const logIn = async (email: string, password: string) => {
      const answer = await call('POST', '/user/get/token', { body: { username: email, password } });
      return answer.status === 200 ? completeLogIn(t.url, email, answer.body, t.clock.now, (ms) => t.clock.advance(ms)) : undefined;
    };

    const admin = { email: `${unique('prop-admin-')}@example.com`, password: 'the property admin password' };
    await t.createUser({ ...admin, role: 'ADMIN', lastName: unique('Admin-') });
    let adminSession: string | undefined;
    const adminToken = async () => {
      if (!adminSession || (await call('GET', '/user/me', { token: adminSession })).status !== 200) adminSession = await logIn(admin.email, admin.password);
      if (!adminSession) throw new Error('the property ADMIN could not log in');
      return adminSession;
    };
    const signed = { username: admin.email, password: admin.password };

    const user = { email: `${unique('prop-')}@example.com`, firstName: 'Prop', lastName: unique('User-'), password: undefined as string | undefined };
    const links: { set?: string; unlock?: string } = {};
    let passwords = 0;
    const newPassword = () => `property password number ${++passwords} ${run}`;
    /** The links mailed to the user since `before` (the newest of each kind is the one in hand). */
    const collect = (before: number) => {
      for (const mail of t.mails().slice(before)) {
        if (!mail.to.toLowerCase().includes(user.email)) continue;
        links.set = mail.text.match(/\/user\/setpassword\/([\w-]+)/)?.[1] ?? links.set;
        links.unlock = mail.text.match(/\/user\/unlock\/([\w-]+)/)?.[1] ?? links.unlock;
      }
    };
    const mailed = async (work: () => Promise<unknown>) => {
      const before = t.mails().length;
      await work();
      await t.api.context.work.settled();
      collect(before);
    };

    let userId = '';
    await mailed(async () => {
      const added = await call('POST', '/user/add', { token: await adminToken(), body: { email: user.email, firstName: user.firstName, lastName: user.lastName, isTrainingCompleted: true } });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      userId = added.body.user.id as string;
    });

    const act: Record<Step, () => Promise<unknown>> = {
      forgot: () => mailed(() => call('POST', '/user/forgot/password', { body: { email: user.email } })),
      resend: () => mailed(() => call('POST', '/user/verify/email', { body: { email: user.email } })),
      async set() {
        if (!links.set) return;
        const password = newPassword();
        if ((await call('POST', '/user/set/password', { body: { token: links.set, password } })).status === 200) user.password = password;
      },
      async change() {
        if (!user.password) return;
        const session = await logIn(user.email, user.password);
        if (!session) return;
        const password = newPassword();
        const changed = await call('POST', '/user/change/password', { token: session, body: { email: user.email, oldPassword: user.password, newPassword: password } });
        if (changed.status === 200) user.password = password;
      },
      // Past every link's 24 hours (and every lock's 15 minutes).
      expire: async () => t.clock.advance(25 * 60 * 60_000),
      // Past the minute between two links.
      minute: async () => t.clock.advance(61_000),
      async deactivate() {
        const token = await adminToken();
        await call('DELETE', '/user/delete', { token, headers: await reviewedUser(t, token, userId), body: { id: userId, ...signed } });
      },
      reactivate: () =>
        mailed(async () => {
          const token = await adminToken();
          const answer = await call('POST', '/user/reactivate', { token, headers: await reviewedUser(t, token, userId), body: { id: userId, ...signed } });
          if (answer.status === 200) user.password = undefined;
        }),
      async 'change-email'() {
        const to = `${unique('prop-moved-')}@example.com`;
        const before = t.mails().length;
        const asked = await call('PUT', '/user/modify', {
          token: await adminToken(),
          body: { id: userId, email: to, firstName: user.firstName, lastName: user.lastName, role: 'USER', isTrainingCompleted: true },
        });
        if (asked.status !== 200) return;
        const confirmLink = (address: string) =>
          t.mails().slice(before).filter((m) => m.to.toLowerCase().includes(address)).map((m) => m.text.match(/\/user\/confirm\/([\w-]+)/)?.[1]).filter(Boolean).at(-1);
        const accept = confirmLink(user.email);
        if (!accept || (await call('POST', '/user/confirm/change', { body: { token: accept } })).status !== 200) return;
        const confirm = confirmLink(to);
        if (!confirm || (await call('POST', '/user/confirm/change', { body: { token: confirm } })).status !== 200) return;
        // The links in hand went to the old address: kept, so that later steps try them (they must not work).
        user.email = to;
      },
      // Five wrong passwords from each of four addresses: the whole account locks and its owner is mailed an unlock link.
      lock: () =>
        mailed(async () => {
          for (let i = 0; i < 20; i++) await call('POST', '/user/get/token', { body: { username: user.email, password: `a wrong guess ${i}` }, ip: `10.32.${run % 250}.${i % 4}` });
        }),
      async unlock() {
        if (links.unlock) await call('POST', '/user/unlock', { body: { token: links.unlock } });
      },
      'forgot-admin': () => call('POST', '/user/forgot/password', { body: { email: ADMIN_EMAIL } }),
    };

    const done: string[] = [];
    if (setFirst) {
      await act.set();
      done.push('set');
    }
    // After each step, not only at the end: a later step (an expiry, a newer link) may hide what an earlier one left.
    for (const step of steps) {
      await act[step]();
      done.push(step);
      expect(await auditVerify(), `audit:verify after: add user, ${done.join(', ')}`).toEqual([]);
    }
  }

  it(`when ${RUNS} random sequences of up to ${STEPS} steps run (seed ${SEED}), then audit:verify passes after each`, async () => {
    expect(await auditVerify()).toEqual([]);
    await fc.assert(
      fc.asyncProperty(
        // Mostly a user who set their password, so that logging in and changing it is possible.
        fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
        fc.array(fc.oneof(...ALL_STEPS.map((step) => ({ arbitrary: fc.constant(step), weight: WEIGHTS[step] ?? 1 }))), { minLength: 6, maxLength: STEPS, size: 'max' }),
        (setFirst, steps) => sequence(setFirst, steps),
      ),
      { seed: SEED, numRuns: RUNS },
    );
  }, 600_000);
});
