import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_REVIEWS_STREAM, type ChildDocumentView, childTextFields, documentFilesStreamId, documentStreamId, type HistoryEntry, toDayMonthYear } from '@ifu/contracts';
import { arrangeApproverAndCustomer, arrangeChangeOrder, arrangeDecision, type Signer } from '../../../test-support/document-arrangements';
import { multipart, parentFields, sendForm } from '../../../test-support/documents';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';
import { formatAuditDate } from '../audit';
import { expectEvery } from '../../../test-support/list-expectations';

/**
 * The audit-trail review screen's API. A record's history is read from the log (never from a read
 * model) and must be the log: the same events, in the same order, at the same chain positions, each with what it
 * changed as the fold of the record's events gives it. Reviews of a date range are signed (meaning `review`).
 */
describe('the audit-trail review API', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let user: string;
  let author: { email: string; password: string };
  let approver: Signer;
  let customerId: string;
  const reviewer = { email: `${unique('reviewer-')}@example.com`, password: 'reviewer password 1' };
  let reviewerToken: string;

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    author = { email: `${unique('author-')}@example.com`, password: 'author password 1' };
    await t.createUser({ ...author, role: 'USER', firstName: 'Ada', lastName: 'Author' });
    user = await t.login(author.email, author.password);
    ({ approver, customerId } = await arrangeApproverAndCustomer(
      t,
      { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      { email: `${unique('approver-')}@example.com`, password: 'approver password 1', firstName: 'Alma', lastName: 'Approver' },
      unique('Clinic '),
    ));
    await t.createUser({ ...reviewer, role: 'ADMIN', firstName: 'Rita', lastName: 'Reviewer' });
    reviewerToken = await t.login(reviewer.email, reviewer.password);
  });
  afterAll(async () => {
    await t?.dispose();
  });

  /** The author renames the change order's product family: a signed edit (meaning authorship) with its comments. */
  const rename = async (parentChangeId: string, productFamilyName: string, comments: string) => {
    const answer = await sendForm(
      t.url,
      'PUT',
      '/document/updateParent',
      multipart({
        ...(parentFields(customerId, approver.id, { productFamilyName, effectiveDate: toDayMonthYear(new Date().toISOString().slice(0, 10)) }) as unknown as Record<string, string>),
        parantChangeId: parentChangeId,
        username: author.email,
        password: author.password,
        comments,
      }),
      user,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  const givenChangeOrderRenamedTwice = async () => {
    const first = unique('Family A ');
    const order = await arrangeChangeOrder(t, { author, approverId: approver.id, customerId, productName: first, children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-1' }], waitForText: false });
    await rename(order.parentChangeId, `${first} B`, 'Renamed once');
    await rename(order.parentChangeId, `${first} C`, 'Renamed twice');
    return { ...order, names: [first, `${first} B`, `${first} C`] };
  };

  const history = (path: string, token = admin) => t.call('GET', path, { token });

  describe('GET /audit/history/:kind/:id', () => {
    it("when the history of a change order whose field was edited twice is asked for, then it equals the log: same events, order, positions and hashes, and the field's old → new values", async () => {
      const order = await givenChangeOrderRenamedTwice();
      await arrangeDecision(t, { parentChangeId: order.parentChangeId, approver, approve: true });

      const answer = await history(`/audit/history/changeOrder/${order.parentChangeId}`);
      expect(answer.status).toBe(200);

      // The log itself, read from the event store: the change order's stream and its downloads' stream.
      const log = [...(await t.store.readStream(documentStreamId(order.parentChangeId))), ...(await t.store.readStream(documentFilesStreamId(order.parentChangeId)))].sort(
        (a, b) => a.position - b.position,
      );
      const entries = answer.body.entries as Array<Record<string, unknown> & { changes: Array<{ field: string; old: string; new: string }> }>;
      expect(answer.body.total).toBe(log.length);
      expect(entries.length).toBe(log.length);
      expect(entries.map((e) => [e.position, e.hash, e.streamId, e.streamVersion, e.type, e.recordedAt])).toEqual(
        log.map((e) => [e.position, e.hash, e.streamId, e.streamVersion, e.type, e.recordedAt]),
      );
      // Who, as the log recorded them.
      expect(entries.map((e) => e.actor)).toEqual(
        log.map((e) => (e.metadata.actor.type === 'user' ? { type: 'user', name: e.metadata.actor.name ?? '', email: e.metadata.actor.email } : expect.anything())),
      );

      // The field edited twice: the values before and after each event, from the events' own data.
      const renames = log.filter((e) => e.type === 'ChangeOrderCreated' || e.type === 'ChangeOrderUpdated');
      const names = renames.map((e) => (e.data as { details: { productFamilyName: string } }).details.productFamilyName);
      expect(names).toEqual(order.names);
      const shown = renames.map((event) => entries.find((e) => e.position === event.position)!.changes.find((c) => c.field === 'productFamilyName'));
      expect(shown).toEqual([
        { field: 'productFamilyName', label: 'Product Name', old: '', new: order.names[0] },
        { field: 'productFamilyName', label: 'Product Name', old: order.names[0], new: order.names[1] },
        { field: 'productFamilyName', label: 'Product Name', old: order.names[1], new: order.names[2] },
      ]);
      // The recorded edit says the same (its own `changes`, written by the product when it was decided).
      expect((renames[2]!.data as { changes: unknown[] }).changes).toContainEqual({ field: 'productFamilyName', old: order.names[1], new: order.names[2] });

      // Why and the signature meaning.
      const secondRename = entries.find((e) => e.position === renames[2]!.position)!;
      expect(secondRename).toMatchObject({ why: [{ label: 'Comments', text: 'Renamed twice' }], signature: { meaning: 'authorship', email: author.email } });
      expect(entries.find((e) => e.type === 'ChangeOrderApproved')).toMatchObject({
        signature: { meaning: 'approval', email: approver.email },
        changes: expect.arrayContaining([{ field: 'status', label: 'Status', old: 'Draft', new: 'Approved' }]),
      });
      expect(answer.body).toMatchObject({ kind: 'changeOrder', id: order.parentChangeId, title: `${order.documentId} ${order.names[2]}`, truncated: false });
    });

    it('when filtered by kind of event, actor or date range, then only those entries are listed, their old values still those before each event', async () => {
      const order = await givenChangeOrderRenamedTwice();
      const path = `/audit/history/changeOrder/${order.parentChangeId}`;

      const updates = await history(`${path}?type=ChangeOrderUpdated`);
      expect(updates.body.entries.map((e: { type: string }) => e.type)).toEqual(['ChangeOrderUpdated', 'ChangeOrderUpdated']);
      expect(updates.body.entries[1].changes).toContainEqual({ field: 'productFamilyName', label: 'Product Name', old: order.names[1], new: order.names[2] });
      expect(updates.body.eventTypes).toEqual(expect.arrayContaining(['ChangeOrderCreated', 'ChangeOrderUpdated']));

      const byAuthor = await history(`${path}?actor=${encodeURIComponent(author.email.toUpperCase())}`);
      expect(byAuthor.body.entries.length).toBeGreaterThanOrEqual(3);
      expectEvery(byAuthor.body.entries, (e: { actor: { email: string } }) => e.actor.email === author.email);
      expect((await history(`${path}?actor=nobody@example.com`)).body.entries).toEqual([]);

      const today = formatAuditDate(new Date());
      expect((await history(`${path}?from=${today}&to=${today}`)).body.entries.length).toBe(updates.body.total);
      expect((await history(`${path}?to=01-Jan-2020`)).body.entries).toEqual([]);
    });

    it("when a notice, a customer and a user are asked for, then each answers its own history from the log", async () => {
      const added = await t.call('POST', '/user/addNotification', { token: admin, body: { customerID: null, productID: null, notificationText: 'Before' } });
      const id = added.body.notification.id as number;
      await t.call('POST', '/user/updateNotification', { token: admin, body: { id, customerID: null, productID: null, notificationText: 'After' } });
      const notice = await history(`/audit/history/notice/${id}`);
      expect(notice.body.entries[1].changes).toEqual([{ field: 'notificationText', label: 'Notification', old: 'Before', new: 'After' }]);

      const customer = await history(`/audit/history/customer/${customerId}`);
      expect(customer.body.entries.map((e: { type: string }) => e.type)).toEqual(['CustomerRegistered', 'CustomerApproved']);

      const userId = await t.createUser({ email: `${unique('someone-')}@example.com`, role: 'USER', password: 'someone password 1' });
      const someone = await history(`/audit/history/user/${userId.toUpperCase()}`);
      expect(someone).toMatchObject({ status: 200, body: { kind: 'user', id: userId.toLowerCase(), streams: [`user-${userId}`, `user-credentials-${userId}`] } });
      expect(someone.body.entries[0]).toMatchObject({
        type: 'UserRegistered',
        changes: expect.arrayContaining([
          { field: 'role', label: 'Role', old: '', new: 'USER' },
          { field: 'active', label: 'Status', old: '', new: 'Active' },
        ]),
      });
      // The password set for the account is in its history too, from its credentials stream.
      expect(someone.body.entries.map((e: { type: string }) => e.type)).toContain('PasswordSet');
    });

    it("when a change order's events name its approver, customer and child fields by id and field name, then the history and the audit CSV say them by name and label, each name as the log had it when the event was recorded", async () => {
      const customerName = unique('Named Clinic ');
      const named = await arrangeApproverAndCustomer(
        t,
        { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
        { email: `${unique('nora-')}@example.com`, password: 'nora approver password 1', firstName: 'Nora', lastName: 'Named' },
        customerName,
      );
      const order = await arrangeChangeOrder(t, {
        author,
        approverId: named.approver.id,
        customerId: named.customerId,
        productName: unique('Named Stent '),
        children: [{ lotNumber: unique('LOT-'), partNumber: 'PN-OLD', countryList: 'DE' }],
        waitForText: false,
      });
      // The author corrects the child's Part Number (a signed modification)...
      const child = (await t.call('GET', `/document/get/${order.parentChangeId}`, { token: user })).body.children[0] as ChildDocumentView;
      const edited = await sendForm(
        t.url,
        'PUT',
        '/document/updateSingleChildDocument',
        multipart({ ...childTextFields(child), childDocumentId: child.childDocumentId, productSubFamilyNameOne: 'PN-NEW', countryList: 'DE,FR', username: author.email, password: author.password, comments: 'Part number corrected' }),
        user,
      );
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      // ...and later the approver changes their own name: what was recorded before keeps the name they had then.
      const approverToken = await t.login(named.approver.email, named.approver.password);
      const renamed = await t.call('PUT', '/user/modify', {
        token: approverToken,
        body: { id: named.approver.id, email: named.approver.email, firstName: 'Nora', lastName: 'Renamed', role: 'ADMIN', isTrainingCompleted: true },
      });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

      const entries = (await history(`/audit/history/changeOrder/${order.parentChangeId}`)).body.entries as HistoryEntry[];
      const created = entries.find((e) => e.type === 'ChangeOrderCreated')!;
      const today = new Date().toISOString().slice(0, 10);
      expect(created.changes).toEqual(
        expect.arrayContaining([
          { field: 'approverId', label: 'Approver', old: '', new: 'Nora Named' },
          { field: 'customerId', label: 'Customer', old: '', new: customerName },
          { field: 'isInternal', label: 'Accessibility', old: '', new: 'Online' },
          { field: 'effectiveDate', label: 'Effective Date', old: '', new: today.split('-').reverse().join('/') },
        ]),
      );
      expect(entries.find((e) => e.type === 'ChildDocumentAdded')!.changes).toContainEqual({
        field: `${child.documentNumber} productSubFamilyNameOne`,
        label: `${child.documentNumber} Part Number`,
        old: '',
        new: 'PN-OLD',
      });
      expect(created.action).toContain(`for customer ${customerName}, approver Nora Named,`);
      const edit = entries.find((e) => e.type === 'ChildDocumentUpdated')!;
      expect(edit.changes).toHaveLength(2);
      expect(edit.changes).toEqual(
        expect.arrayContaining([
          { field: `${child.documentNumber} productSubFamilyNameOne`, label: `${child.documentNumber} Part Number`, old: 'PN-OLD', new: 'PN-NEW' },
          { field: `${child.documentNumber} countryList`, label: `${child.documentNumber} Country`, old: 'Germany', new: 'Germany, France' },
        ]),
      );
      expect(edit.action).toBe(`Edited child document ${child.documentNumber}: Part Number: "PN-OLD" → "PN-NEW"; Country: "Germany" → "Germany, France" (electronic signature)`);
      expect(edit.signature).toMatchObject({ meaning: 'modification', email: author.email });
      // No id a reader would have to look up, no field name.
      const said = JSON.stringify(entries.map((e) => [e.action, e.changes.map((c) => [c.label, c.old, c.new])]));
      for (const id of [named.approver.id, named.customerId]) expect(said).not.toContain(id);
      expect(said).not.toContain('productSubFamilyNameOne');

      // The audit CSV says the same, its dates as the spec audits them (DD-MMM-YYYY).
      const day = formatAuditDate(new Date());
      const csv = await (await fetch(`${t.url}/user/create/report?from=${day}&to=${day}`, { headers: { authorization: `Bearer ${admin}` } })).text();
      const rows = csv.split(/\r?\n/).filter((line) => line.includes(`,change order,${order.parentChangeId},`));
      const createdRow = rows.find((line) => line.includes(',ChangeOrderCreated,'))!;
      expect(createdRow).toContain(`for customer ${customerName}, approver Nora Named,`);
      const editRow = rows.find((line) => line.includes(',ChildDocumentUpdated,'))!;
      expect(editRow).toContain('Part Number: ""PN-OLD"" → ""PN-NEW""; Country: ""Germany"" → ""Germany, France""');
      expect(editRow).toContain(',modification,Part number corrected,');
      for (const id of [named.approver.id, named.customerId]) expect(rows.join('\n')).not.toContain(id);
      expect(rows.join('\n')).not.toContain('productSubFamilyNameOne');
    });

    it.each([
      ['a kind the screen does not know', '/audit/history/invoice/0f8fad5b-d9cb-469f-a165-70867728950e', 'kind must be one of user, customer, changeOrder, notice'],
      ['an id that is no UUID', '/audit/history/changeOrder/not-a-uuid', 'id must be a record id (a UUID)'],
      ['an id of 2000 characters', `/audit/history/changeOrder/${'a'.repeat(2000)}`, 'id must be a record id (a UUID)'],
      ['notice number 0', '/audit/history/notice/0', 'id must be a notification number'],
      ['a notice number of 10 digits', '/audit/history/notice/1234567890', 'id must be a notification number'],
      ['from as an ISO date', '/audit/history/notice/1?from=2026-11-01', 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
      ['from a day that does not exist', '/audit/history/notice/1?from=31-Feb-2026', 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
      ['from after to', '/audit/history/notice/1?from=02-Nov-2026&to=01-Nov-2026', 'Date Start must be on or before Date End'],
      ['an actor of 300 characters', `/audit/history/notice/1?actor=${'a'.repeat(300)}`, 'actor must be at most 254 characters'],
      ['a type that is no event type', '/audit/history/notice/1?type=drop%20table', 'type must be an event type'],
      ['type given twice', '/audit/history/notice/1?type=A&type=B', 'type must be a string'],
    ])('when GET with %s, then 400 naming the field and nothing stored', async (_case, path, message) => {
      const answer = await spec.when(() => history(path)).thenNothingStored(400, message);
      expect(answer.body.code).toBe('invalid-request');
    });

    it.each([
      ['changeOrder', '0f8fad5b-d9cb-469f-a165-70867728950e', 'Document not found'],
      ['customer', '0f8fad5b-d9cb-469f-a165-70867728950e', 'Customer not found'],
      ['user', '0f8fad5b-d9cb-469f-a165-70867728950e', 'User not found'],
      ['notice', '999999999', 'Notification not found'],
    ])('when the %s asked for has no events in the log, then 404', async (kind, id, message) => {
      expect(await history(`/audit/history/${kind}/${id}`)).toMatchObject({ status: 404, body: { message } });
    });
  });

  describe('who may use it', () => {
    const routes: Array<[string, string]> = [
      ['GET', `/audit/history/customer/0f8fad5b-d9cb-469f-a165-70867728950e`],
      ['GET', '/audit/reviews'],
      ['POST', '/audit/reviews'],
    ];
    it.each(routes)('when a USER calls %s %s, then 403 and nothing is stored', async (method, path) => {
      const body = method === 'POST' ? { from: '01-Nov-2026', to: '01-Nov-2026', username: author.email, password: author.password } : undefined;
      await spec
        .when(() => t.call(method, path, { token: user, body }))
        .thenNothingStored(403, 'This needs the ADMIN role');
    });
    it.each(routes)('when nobody is logged in and calls %s %s, then 401 and nothing is stored', async (method, path) => {
      const body = method === 'POST' ? { from: '01-Nov-2026', to: '01-Nov-2026' } : undefined;
      await spec.when(() => t.call(method, path, { body })).thenNothingStored(401, 'Authentication required');
    });
  });

  describe('the signed review of a date range', () => {
    const sign = (body: Record<string, unknown>) => t.call('POST', '/audit/reviews', { token: reviewerToken, body: { username: reviewer.email, password: reviewer.password, ...body } });
    const reviews = async () => (await t.call('GET', '/audit/reviews', { token: admin })).body;

    it('when the password is wrong, then it is refused, no review is stored (only the failed signature, counted toward lockout)', async () => {
      const before = await t.store.readStream(AUDIT_TRAIL_REVIEWS_STREAM);
      const today = formatAuditDate(new Date());
      const refused = await spec.when(() => sign({ from: today, to: today, password: 'not the password' })).then({
        status: 403,
        body: { message: 'Signature refused: enter your own username and password.', code: 'signature-refused' },
        events: [{ stream: /^user-credentials-/, type: 'CredentialCheckFailed', data: { purpose: 'signature', reason: 'wrong-password' } }],
      });
      expect(refused.events).toHaveLength(1);
      expect(await t.store.readStream(AUDIT_TRAIL_REVIEWS_STREAM)).toEqual(before);
    });

    it.each([
      [{ from: '02-Nov-2026', to: '01-Nov-2026' }, 'Date Start must be on or before Date End'],
      [{ from: '01-Nov-2026', to: formatAuditDate(new Date(Date.now() + 2 * 86_400_000)) }, 'Date End must be on or before today (UTC)'],
      [{ from: '2026-11-01', to: '01-Nov-2026' }, 'from must be a date as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
      [{ to: '01-Nov-2026' }, 'from is required, as DD-MMM-YYYY (e.g. 21-Nov-2026)'],
      [{ from: '01-Nov-2026', to: '01-Nov-2026', comments: 'x'.repeat(256) }, "comments: Reason can't be more than 255 characters."],
      [{ from: '01-Nov-2026', to: '01-Nov-2026', password: undefined }, 'password: Enter Password'],
    ])('when the request is %j, then 400 with a clear message, the password not checked and nothing stored', async (body, message) => {
      await spec.when(() => sign(body)).thenNothingStored(400, message);
    });

    it('when the reviewer signs a range, then AuditTrailReviewed is recorded with the review signature, and the range shows as reviewed', async () => {
      const today = new Date();
      const yesterday = new Date(today.getTime() - 86_400_000);
      const { answer } = await spec.when(() => sign({ from: formatAuditDate(yesterday), to: formatAuditDate(today), comments: 'No anomalies' })).then({
        status: 200,
        events: [
          {
            stream: AUDIT_TRAIL_REVIEWS_STREAM,
            type: 'AuditTrailReviewed',
            data: {
              from: formatAuditDate(yesterday),
              to: formatAuditDate(today),
              comments: 'No anomalies',
              signature: { meaning: 'review', email: reviewer.email, name: 'Rita Reviewer', subject: { stream: AUDIT_TRAIL_REVIEWS_STREAM } },
            },
          },
        ],
      });
      expect(answer.body).toMatchObject({ message: 'Audit trail review signed', review: { from: formatAuditDate(yesterday), signature: { meaning: 'review' } } });

      const listed = await reviews();
      const review = listed.reviews.find((r: { reviewId: string }) => r.reviewId === answer.body.review.reviewId);
      expect(review).toMatchObject({ comments: 'No anomalies', signature: { name: 'Rita Reviewer', email: reviewer.email }, coversFrom: `${yesterday.toISOString().slice(0, 10)}T00:00:00.000Z` });
      // Reviewed up to its signing: no unreviewed stretch starts before it inside the range.
      for (const gap of listed.unreviewed as Array<{ from: string; until: string }>) {
        expect(Date.parse(gap.until) <= Date.parse(review.coversFrom) || Date.parse(gap.from) >= Date.parse(review.coversUntil)).toBe(true);
      }
      expect(listed.firstEventAt).toEqual(expect.any(String));

      // The review reads in words in the audit trail, and an overlapping review is allowed.
      const again = await sign({ from: formatAuditDate(today), to: formatAuditDate(today) });
      expect(again.status).toBe(200);
      const csv = await fetch(`${t.url}/user/create/report?from=${formatAuditDate(today)}&to=${formatAuditDate(today)}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(await csv.text()).toContain(`Signed the review of the audit trail ${formatAuditDate(yesterday)} to ${formatAuditDate(today)}`);
    });
  });
});
