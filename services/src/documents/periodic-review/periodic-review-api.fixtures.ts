import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { addCalendarMonths } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, openEveryFile } from '../../../../test-support/document-arrangements';
import { reviewedChangeOrder } from '../../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../../test-support/test-api';
import { setPassword } from '../../auth';
import { AuditDictionary } from '../../platform/audit-vocabulary';
import { documentsVocabulary } from '../audit';

/**
 * The periodic review tests' API: approved change orders of an author and their approver, another ADMIN and a USER
 * colleague, the reminders mailed through a real SMTP server whose mails the tests read. Each test file starts its own
 * (`startPeriodicReviewApi` in `beforeAll`) and takes its steps from `periodicReviewSteps`, which reads the file's API
 * when a test runs.
 */

export interface Person {
  id: string;
  email: string;
  password: string;
  token: string;
}
export interface Received {
  to: string[];
  subject: string;
  text: string;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the tests read answers field by field */
export type View = any;

export const DAY_MS = 86_400_000;
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);
export const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

export interface PeriodicReviewApi {
  t: TestApi;
  spec: ReturnType<typeof apiSpec>;
  /** Every mail the SMTP server received, in order. */
  received: Received[];
  approver: Person;
  otherAdmin: Person;
  author: Person;
  colleague: Person;
  customerId: string;
  dispose(): Promise<void>;
}

const createPerson = async (t: TestApi, role: 'USER' | 'ADMIN', firstName: string): Promise<Person> => {
  const email = `${unique(`${firstName.toLowerCase()}-`)}@example.com`;
  const password = 'a long password 1';
  const id = await t.createUser({ email, role, password, firstName, lastName: 'Periodic' });
  return { id, email, password, token: await t.login(email, password) };
};

export async function startPeriodicReviewApi(): Promise<PeriodicReviewApi> {
  const received: Received[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // nodemailer sends plain text quoted-printable: undo soft line breaks and =XX escapes.
        const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: raw.replace(/\r?\n[ \t]+/g, ' ').match(/^Subject: (.*)$/im)?.[1]?.trim() ?? '', text });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const t = await startTestApi({ SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  const spec = apiSpec(t);
  const approver = await createPerson(t, 'ADMIN', 'Alma');
  const otherAdmin = await createPerson(t, 'ADMIN', 'Otto');
  const author = await createPerson(t, 'USER', 'Ada');
  const colleague = await createPerson(t, 'USER', 'Carl');
  const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Clinic '));
  const dispose = async () => {
    await t.dispose();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
  return { t, spec, received, approver, otherAdmin, author, colleague, customerId, dispose };
}

/** The steps of the periodic review tests, on the API `api()` answers when the step runs (the file's, once started). */
export function periodicReviewSteps(api: () => PeriodicReviewApi) {
  /** After the clock moved by months: a password set now (they age out after 90 days) and a new session. */
  const renew = async (who: Person) => {
    const { t } = api();
    const run = t.arrange();
    await setPassword(t.api.context, run, who.id, who.password, { via: 'bootstrap' }, run.now);
    await run.settle(['user-accounts']);
    who.token = await t.login(who.email, who.password);
  };
  const view = async (parentChangeId: string, who: Person = api().author): Promise<View> => (await api().t.call('GET', `/document/get/${parentChangeId}`, { token: who.token })).body;
  const list = async (who: Person, query = '') => {
    const answer = await api().t.call('GET', `/document/getDocumentList?tab=all&page=0&pageSize=100${query}`, { token: who.token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as { list: View[]; total: number };
  };

  /** A change order by `by` with one child, approved by the approver (the default review date unless one is given). */
  const givenApproved = async (by: Person = api().author, reviewDate?: string) => {
    const { t, approver, customerId } = api();
    const order = await arrangeChangeOrder(t, { author: by, approverId: approver.id, customerId, productName: unique('Stent '), children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-7' }] });
    if (reviewDate === undefined) await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: true });
    else {
      await openEveryFile(t, approver.token, order.parentChangeId);
      expect((await approve(order.parentChangeId, { reviewDate })).status).toBe(200);
    }
    return order;
  };
  /** The approver's signed approval (their files opened before: `openEveryFile`), with the body's extra fields. */
  const approve = async (parentChangeId: string, extra: Record<string, unknown>) => {
    const { t, approver } = api();
    const seen = await reviewedChangeOrder(t, approver.token, parentChangeId);
    const body = { parentChangeId, documentApproval: true, username: approver.email, password: approver.password, ...extra };
    return t.call('POST', '/document/approveDocuments', { token: approver.token, body, headers: seen });
  };
  const setDate = async (who: Person, parentChangeId: string, body: Record<string, unknown> = {}) =>
    api().t.call('POST', '/document/periodicReview/date', { token: who.token, body: { parentChangeId, reviewDate: addCalendarMonths(utcDay(api().t.clock.now()), 6), reason: 'Aligned with the annual audit', ...body } });
  const complete = async (who: Person, parentChangeId: string, body: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    api().t.call('POST', '/document/periodicReview/complete', {
      token: who.token,
      body: { parentChangeId, outcome: 'still-valid', comments: 'Checked against the current label', username: who.email, password: who.password, ...body },
      headers: headers ?? (await reviewedChangeOrder(api().t, who.token, parentChangeId)),
    });
  const describeEvent = (event: { type: string; data: unknown }) => new AuditDictionary([documentsVocabulary]).describe(event as never).action;
  return { renew, view, list, givenApproved, approve, setDate, complete, describeEvent };
}
