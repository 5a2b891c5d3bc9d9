import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { reviewedUser } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from '../audit';
import { forgetVisitor } from '../public-portal';
import { notifyOverduePaperCopies, OVERDUE_SUBJECT } from './commands';
import { expectEvery } from '../../../test-support/list-expectations';

const DAY_MS = 86_400_000;
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const NOT_PUBLIC = 'This document is not public: a paper copy can be requested only of a current document published on this portal.';

/** Paper copies on request over HTTP (EU 2021/2226): the public request, the staff list and dispatch, the reminder. */
describe('paper copies over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let user: string;
  let approver: Signer;
  let author: Credentials;
  let current: string;
  let superseded: string;
  let pending: string;
  let offline: string;
  let lastIp = 0;
  const nextIp = () => `198.51.100.${(++lastIp % 250) + 1}`;

  const order = async (customerId: string, productName: string, lot: string, options: { decide?: boolean; isInternal?: boolean } = {}) => {
    const { parentChangeId } = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName, isInternal: options.isInternal, children: [{ lotNumber: lot, partNumber: 'PN-9' }] });
    if (options.decide !== false) await arrangeDecision(t, { parentChangeId, approver, approve: true });
    const view = (await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Array<{ documentNumber: string }> };
    return view.children[0]!.documentNumber;
  };

  beforeAll(async () => {
    t = await startTestApi({ TRUST_PROXY: '1' });
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'paper.approver@example.com', password: 'paper approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password, firstName: 'Petra', lastName: 'Approver' });
    author = { email: 'paper.author@example.com', password: 'paper author password' };
    await t.createUser({ ...author, role: 'USER' });
    await t.createUser({ email: 'paper.user@example.com', role: 'USER', password: 'paper user password' });
    user = await t.login('paper.user@example.com', 'paper user password');
    const customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, unique('Paper Clinic '));
    const lot = unique('LOT-');
    superseded = await order(customerId, 'Paper Stent', lot);
    // The same lot and part again: version 2, and the first is no longer public.
    current = await order(customerId, 'Paper Stent', lot);
    pending = await order(customerId, 'Paper Stent', unique('LOT-'), { decide: false });
    offline = await order(customerId, 'Paper Stent', unique('LOT-'), { isInternal: true });
  });
  afterAll(async () => {
    await t?.dispose();
  });

  const request = (body: Record<string, unknown>, from = nextIp()) => t.call('POST', '/module2/paperCopyRequest', { body, headers: { 'x-forwarded-for': from } });
  const valid = (overrides: Record<string, unknown> = {}) => ({
    name: 'Dr. Vera Visitor',
    address: 'Station 4, St. Anna Hospital\r\nHauptstrasse 1\n8000 Zürich',
    email: `${unique('vera.')}@clinic.example`,
    documentNumber: current,
    version: 2,
    quantity: 2,
    ...overrides,
  });
  const list = async (status = 'open', token = admin) => {
    const answer = await t.call('GET', `/paperCopyRequests?status=${status}`, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as { today: string; list: Array<Record<string, unknown>> };
  };
  const visitorKeyCount = async () => Number((await t.api.context.db.query<{ n: string }>('SELECT count(*) AS n FROM visitor_keys')).rows[0]!.n);
  const dispatch = (id: string, token = admin, headers: Record<string, string> = {}) => t.call('POST', `/paperCopyRequests/${id}/dispatch`, { token, headers });

  describe('GET /module2/paperCopyDocument/:documentNumber', () => {
    it('answers the public document with its version now', async () => {
      const answer = await t.call('GET', `/module2/paperCopyDocument/${current}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ documentNumber: current, version: 2, productFamilyName: 'Paper Stent', docName: expect.any(String) });
    });
    it.each([
      ['a superseded version', () => superseded],
      ['a document awaiting approval', () => pending],
      ['an Offline document', () => offline],
      ['an unknown number', () => 'CO-1999-99999-01'],
      ['a malformed number', () => 'x%27%20OR%201=1'],
    ])('%s: 404 naming why', async (_what, number) => {
      const answer = await t.call('GET', `/module2/paperCopyDocument/${number()}`);
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 404, message: NOT_PUBLIC });
    });
  });

  describe('POST /module2/paperCopyRequest', () => {
    it('records the request with the personal data sealed, due 7 calendar days later, and mails a receipt with the due date', async () => {
      const body = valid();
      const today = t.clock.now().toISOString().slice(0, 10);
      const due = dayAfter(today, 7);
      const { answer, events } = await spec.when(() => request(body)).then({
        status: 200,
        body: { message: 'Your request for a paper copy is recorded. A receipt with the due date was sent to your email address.', dueDate: due, receiptSent: true },
        events: [{ stream: /^paper-copy-[0-9a-f-]{36}$/, type: 'PaperCopyRequested', data: { documentNumber: current, version: 2, quantity: 2, requestedOn: today, dueDate: due } }],
      });
      const requestId = answer.body.requestId as string;
      expect(events[0]!.streamId).toBe(`paper-copy-${requestId}`);
      // Nothing personal in the clear in the log: not the name, the address or the email, nor the IP address.
      const stored = JSON.stringify(events[0]);
      for (const secret of ['Vera', 'Hauptstrasse', body.email, '198.51.100']) expect(stored).not.toContain(secret);
      expect(events[0]!.metadata).toMatchObject({ actor: { type: 'visitor' }, ip: null, userAgent: null });
      const receipt = t.mails().filter((m) => m.to.includes(body.email)).at(-1);
      expect(receipt?.subject).toBe('IFU Portal: your request for a paper copy');
      expect(receipt?.text).toContain(`by ${due} (within 7 calendar days`);
      expect(receipt?.text).toContain(`document ${current}, version 2`);
      expect(receipt?.text).toContain(requestId);
      expect(receipt?.text).not.toContain('Hauptstrasse');
      // Staff see it with the personal data opened, not overdue.
      const row = (await list()).list.find((r) => r.requestId === requestId);
      expect(row).toMatchObject({
        name: 'Dr. Vera Visitor',
        address: 'Station 4, St. Anna Hospital\nHauptstrasse 1\n8000 Zürich',
        email: body.email,
        personalDataAvailable: true,
        documentNumber: current,
        documentVersion: 2,
        quantity: 2,
        dueDate: due,
        status: 'OPEN',
        overdue: false,
      });
    });

    it('gives each request a short reference to read out on the phone: 8 characters without look-alikes, unique, in the answer, the receipt, the log and the staff list', async () => {
      const references = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const body = valid({ email: `ref.${i}.${Date.now()}@clinic.example` });
        const { answer, events } = await spec.when(() => request(body)).then({ status: 200, events: [{ stream: /^paper-copy-/, type: 'PaperCopyRequested' }] });
        const shown = answer.body.reference as string;
        expect(shown).toMatch(/^[34679ACDEFGHJKMNPQRTWXY]{4}-[34679ACDEFGHJKMNPQRTWXY]{4}$/);
        expect(events[0]!.data.reference).toBe(shown.replace('-', ''));
        expect(t.mails().filter((m) => m.to.includes(body.email)).at(-1)?.text).toContain(`Your reference: ${shown}`);
        expect((await list()).list.find((r) => r.requestId === answer.body.requestId)?.reference).toBe(shown);
        references.add(shown);
      }
      expect(references.size).toBe(6);
    });

    it('takes quantity and version as the digits a form sends; 1 and 10 copies are accepted', async () => {
      expect((await request(valid({ quantity: '1', version: '2' }))).status).toBe(200);
      expect((await request(valid({ quantity: 10 }))).status).toBe(200);
    });

    const refused: Array<[string, () => Record<string, unknown>, number, string]> = [
      ['no name', () => valid({ name: undefined }), 400, 'name: Enter your name'],
      ['a blank name', () => valid({ name: '   ' }), 400, 'name: Enter your name'],
      ['a name over 100 characters', () => valid({ name: 'n'.repeat(101) }), 400, 'name must be at most 100 characters'],
      ['a control character in the name', () => valid({ name: 'Vera\u0007' }), 400, 'name must not contain control characters'],
      ['no address', () => valid({ address: undefined }), 400, 'address: Enter the delivery address'],
      ['a blank address', () => valid({ address: ' \n ' }), 400, 'address: Enter the delivery address'],
      ['an address over 500 characters', () => valid({ address: 'a'.repeat(501) }), 400, 'address must be at most 500 characters'],
      ['an address that is not text', () => valid({ address: 42 }), 400, 'address must be a string'],
      ['no email', () => valid({ email: undefined }), 400, 'email: Enter your email address'],
      ['a malformed email', () => valid({ email: 'vera@' }), 400, 'email: Invalid Email Address'],
      ['an email holding a link', () => valid({ email: 'https://evil.example/@x.de' }), 400, 'email: Invalid Email Address'],
      ['no document number', () => valid({ documentNumber: undefined }), 400, 'documentNumber is required'],
      ['a malformed document number', () => valid({ documentNumber: "x' OR 1=1" }), 400, 'documentNumber must be a document number'],
      ['no version', () => valid({ version: undefined }), 400, 'version is required'],
      ['version 0', () => valid({ version: 0 }), 400, 'version must be a version number (1 or more)'],
      ['a quantity of 0', () => valid({ quantity: 0 }), 400, 'quantity: Enter a quantity from 1 to 10'],
      ['a quantity of 11', () => valid({ quantity: 11 }), 400, 'quantity: Enter a quantity from 1 to 10'],
      ['a quantity of 1.5', () => valid({ quantity: 1.5 }), 400, 'quantity: Enter a quantity from 1 to 10'],
      ['no quantity', () => valid({ quantity: undefined }), 400, 'quantity is required'],
      ['a superseded document', () => valid({ documentNumber: superseded, version: 1 }), 404, NOT_PUBLIC],
      ['a document awaiting approval', () => valid({ documentNumber: pending, version: 1 }), 404, NOT_PUBLIC],
      ['an Offline document', () => valid({ documentNumber: offline, version: 1 }), 404, NOT_PUBLIC],
      ['an unknown document', () => valid({ documentNumber: 'CO-1999-99999-01', version: 1 }), 404, NOT_PUBLIC],
      ['a version that is not the current one', () => valid({ version: 1 }), 404, 'Version 1 of this document is not the one published today: request a paper copy of the current version (2).'],
    ];
    for (const [what, body, status, message] of refused) {
      it(`${what}: ${status} '${message}'; nothing stored (no event, no visitor key), no mail`, async () => {
        const [keys, mails] = [await visitorKeyCount(), t.mails().length];
        await spec.when(() => request(body())).thenNothingStored(status, message);
        expect(await visitorKeyCount()).toBe(keys);
        expect(t.mails().length).toBe(mails);
      });
    }

    it('when one caller address asks more than 5 times in 15 minutes, then 429, nothing stored, no mail', async () => {
      const from = '203.0.113.77';
      for (let i = 0; i < 5; i++) expect((await request(valid(), from)).status).toBe(200);
      const mails = t.mails().length;
      await spec.when(() => request(valid(), from)).thenNothingStored(429, 'Too many attempts from this address. Please wait 15 minutes and try again.');
      expect(t.mails().length).toBe(mails);
    });

    it('when the requester is forgotten (visitor:forget), then staff see "erased visitor" and the request stays', async () => {
      const body = valid({ email: `${unique('forget.')}@clinic.example` });
      const answer = await request(body);
      expect(answer.status).toBe(200);
      expect(await forgetVisitor(t.api.context.db, t.api.context.secrets.linkSecret, body.email as string)).toBe(1);
      const row = (await list()).list.find((r) => r.requestId === answer.body.requestId);
      expect(row).toMatchObject({ name: 'erased visitor', address: 'erased visitor', email: 'erased visitor', personalDataAvailable: false, status: 'OPEN' });
    });
  });

  describe('staff: GET /paperCopyRequests and POST /paperCopyRequests/:id/dispatch', () => {
    it('an ADMIN marks a request dispatched (who and when); it leaves the open list; a second dispatch is 409, nothing stored', async () => {
      const requestId = (await request(valid())).body.requestId as string;
      const { answer } = await spec.when(() => dispatch(requestId)).then({
        status: 200,
        body: { message: 'Paper copy marked dispatched', request: { requestId, status: 'DISPATCHED', dispatchedByName: 'System Administrator', overdue: false } },
        events: [{ stream: `paper-copy-${requestId}`, type: 'PaperCopyDispatched', data: { requestId, dispatchedByName: 'System Administrator', dispatchedAt: expect.any(String) } }],
      });
      expect(answer.headers?.get('etag')).toBe('"2"');
      expect((await list()).list.map((r) => r.requestId)).not.toContain(requestId);
      expect((await list('all')).list.find((r) => r.requestId === requestId)).toMatchObject({ status: 'DISPATCHED' });
      await spec.when(() => dispatch(requestId)).thenNothingStored(409, 'This paper copy has already been marked dispatched');
    });

    it('five ADMINs’ dispatches at once: exactly one is recorded, the others are 409', async () => {
      const requestId = (await request(valid())).body.requestId as string;
      const answers = await Promise.all(Array.from({ length: 5 }, () => dispatch(requestId)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const stream = await t.store.readStream(`paper-copy-${requestId}`);
      expect(stream.map((e) => e.type)).toEqual(['PaperCopyRequested', 'PaperCopyDispatched']);
    });

    it('refuses an unknown or malformed id with 404, a stale If-Match with 409, a bad status with 400', async () => {
      await spec.when(() => dispatch('00000000-0000-4000-8000-000000000000')).thenNothingStored(404, 'Paper-copy request not found');
      await spec.when(() => dispatch('1;DROP')).thenNothingStored(404, 'Paper-copy request not found');
      const requestId = (await request(valid())).body.requestId as string;
      await spec.when(() => dispatch(requestId, admin, { 'if-match': '"7"' })).thenNothingStored(409, 'Someone else changed this record at the same time. Reload and try again.');
      const bad = await t.call('GET', '/paperCopyRequests?status=closed', { token: admin });
      expect({ status: bad.status, message: bad.body.message }).toEqual({ status: 400, message: 'status must be open or all' });
    });

    it('who may: anonymous cannot list or dispatch (401); a USER can neither read the requesters’ names, addresses and emails nor dispatch (403), nothing stored', async () => {
      const requestId = (await request(valid())).body.requestId as string;
      await spec.when(() => t.call('GET', '/paperCopyRequests')).thenNothingStored(401, 'Authentication required');
      await spec.when(() => dispatch(requestId, '')).thenNothingStored(401, 'Authentication required');
      for (const query of ['', '?status=open', '?status=all']) {
        const answer = await t.call('GET', `/paperCopyRequests${query}`, { token: user });
        expect({ status: answer.status, message: answer.body.message, list: answer.body.list }).toEqual({ status: 403, message: 'This needs the ADMIN role', list: undefined });
      }
      expect((await list('all')).list.map((r) => r.requestId)).toContain(requestId);
      await spec.when(() => dispatch(requestId, user)).thenNothingStored(403, 'This needs the ADMIN role');
    });

    it('an ADMIN deactivated since signing in, or demoted to USER, cannot dispatch with the session they had', async () => {
      const requestId = (await request(valid())).body.requestId as string;
      const email = `${unique('former-')}@example.com`;
      const id = await t.createUser({ email, role: 'ADMIN', password: 'former admin password', firstName: 'Fiona', lastName: unique('Former') });
      const token = await t.login(email, 'former admin password');
      const deleted = await t.call('DELETE', '/user/delete', { token: admin, headers: await reviewedUser(t, admin, id), body: { id, username: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      const refusedInactive = await spec.when(() => dispatch(requestId, token)).thenNothingStored(401, 'Your session has ended. Please log in again.');
      expect(refusedInactive.status).toBe(401);

      const demotedEmail = `${unique('demoted-')}@example.com`;
      const demotedId = await t.createUser({ email: demotedEmail, role: 'ADMIN', password: 'demoted admin password', firstName: 'Dora', lastName: unique('Demoted') });
      const demotedToken = await t.login(demotedEmail, 'demoted admin password');
      const demoted = await t.call('PUT', '/user/modify', { token: admin, body: { id: demotedId, email: demotedEmail, firstName: 'Dora', lastName: 'Demoted', role: 'USER', isTrainingCompleted: true } });
      expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
      await spec.when(() => dispatch(requestId, demotedToken)).thenNothingStored(403, 'This needs the ADMIN role');
    });

    it('the audit CSV shows the request (by the visitor, no name or address) and its dispatch', async () => {
      const body = valid();
      const requestId = (await request(body)).body.requestId as string;
      expect((await dispatch(requestId)).status).toBe(200);
      const today = formatAuditDate(t.clock.now());
      const csv = await (await fetch(`${t.url}/user/create/report?from=${today}&to=${today}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      const lines = csv.split(/\r?\n/).filter((line) => line.includes(`Paper copy ${requestId}`));
      expect(lines).toHaveLength(2);
      expect(lines[0]).toContain(`Requested 2 paper copies of document ${current} version 2, due `);
      expect(lines[0]).toContain(`Public visitor,${body.email}`);
      expect(lines[1]).toContain(`Marked the paper copy of document ${current} dispatched (by System Administrator at `);
      for (const line of lines) {
        expect(line).not.toContain('Vera');
        expect(line).not.toContain('Hauptstrasse');
      }
    });
  });

  it('when the hour’s budget of receipts is spent, then the request is still recorded and the answer says the receipt was not mailed', async () => {
    const capped = await startTestApi({ ANONYMOUS_MAIL_PER_HOUR: '1', TRUST_PROXY: '1' });
    try {
      const approverId = await capped.createUser({ email: approver.email, role: 'ADMIN', password: approver.password, firstName: 'Petra', lastName: 'Approver' });
      const signer = { ...approver, id: approverId };
      await capped.createUser({ ...author, role: 'USER' });
      const customerId = await arrangeApprovedCustomer(capped, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, signer, unique('Capped Clinic '));
      const { parentChangeId } = await arrangeChangeOrder(capped, { author, approverId, customerId, productName: 'Capped Stent', children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }] });
      await arrangeDecision(capped, { parentChangeId, approver: signer, approve: true });
      const token = await capped.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const documentNumber = ((await capped.call('GET', `/document/get/${parentChangeId}`, { token })).body as { children: Array<{ documentNumber: string }> }).children[0]!.documentNumber;
      const ask = (email: string) => capped.call('POST', '/module2/paperCopyRequest', { body: valid({ email, documentNumber, version: 1 }), headers: { 'x-forwarded-for': nextIp() } });
      expect((await ask('first@clinic.example')).body).toMatchObject({ receiptSent: true });
      const second = await ask('second@clinic.example');
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ receiptSent: false, message: 'Your request for a paper copy is recorded, but the receipt could not be mailed. Please note the due date.' });
      expect(capped.mails().filter((m) => m.to.includes('second@clinic.example'))).toEqual([]);
      const listed = (await capped.call('GET', '/paperCopyRequests', { token })).body.list as Array<{ requestId: string }>;
      expect(listed.map((r) => r.requestId)).toContain(second.body.requestId);
    } finally {
      await capped.dispose();
    }
  });

  // Last: it moves the server's clock by days (sessions end; later tests would need to sign in again).
  describe('the daily overdue reminder (injected clock)', () => {
    it('none while nothing is overdue; once overdue, one mail to every active ADMIN a day, listing the open overdue requests only', async () => {
      const reminders = () => t.mails().filter((m) => m.subject === OVERDUE_SUBJECT);
      const before = await t.store.lastPosition();
      expect(await notifyOverduePaperCopies(t.api.context)).toMatchObject({ overdue: 0, mailed: 0 });
      expect(await t.store.lastPosition()).toBe(before);
      expect(reminders()).toHaveLength(0);

      const open = (await list()).list.map((r) => r.requestId as string);
      const dispatchedId = (await request(valid())).body.requestId as string;
      expect((await dispatch(dispatchedId)).status).toBe(200);
      // Day 7 after the requests: due today, not yet overdue.
      t.clock.advance(7 * DAY_MS);
      expect(await notifyOverduePaperCopies(t.api.context)).toMatchObject({ overdue: 0, mailed: 0 });
      expect(reminders()).toHaveLength(0);

      t.clock.advance(DAY_MS);
      const day = t.clock.now().toISOString().slice(0, 10);
      const first = await notifyOverduePaperCopies(t.api.context);
      expect(first).toMatchObject({ day, overdue: open.length + 0, mailed: 2 });
      const mailed = reminders();
      expect(mailed.map((m) => m.to).sort()).toEqual([ADMIN_EMAIL, approver.email].sort());
      for (const id of open) expect(mailed[0]!.text).toContain(id);
      expect(mailed[0]!.text).not.toContain(dispatchedId);
      expect(mailed[0]!.text).not.toContain('Vera');
      const notified = (await t.store.readAll(0, 100_000)).filter((e) => e.type === 'PaperCopyOverdueNotified');
      expect(notified.map((e) => e.data)).toEqual([{ day, requestIds: expect.arrayContaining(open), recipients: 2 }]);

      // The same day again (another tick, another API process): nothing.
      expect(await notifyOverduePaperCopies(t.api.context)).toMatchObject({ mailed: 0 });
      expect(reminders()).toHaveLength(2);
      // The next day: again.
      t.clock.advance(DAY_MS);
      expect(await notifyOverduePaperCopies(t.api.context)).toMatchObject({ mailed: 2 });
      expect(reminders()).toHaveLength(4);

      // Staff see them marked overdue, the longest overdue first.
      const fresh = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
      const rows = (await list('open', fresh)).list;
      expectEvery(rows, (r) => r.overdue === true);
      const dues = rows.map((r) => r.dueDate as string);
      expect(dues).toEqual([...dues].sort());
    });
  });
});
