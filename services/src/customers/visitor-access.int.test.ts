import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gs1CheckDigitOf, VISITOR_ACCESS_LABEL } from '@ifu/contracts';
import { arrangeApprovedCustomer, arrangeChangeOrder, arrangeDecision, type Credentials, type Signer } from '../../../test-support/document-arrangements';
import { reviewedCustomer } from '../../../test-support/reviewed-versions';
import { apiSpec, unique } from '../../../test-support/specs';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestApi, type TestApi } from '../../../test-support/test-api';

const newGtin = () => {
  const body = `0${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
  return `${body}${gs1CheckDigitOf(body)}`;
};

type Child = { childDocumentId: string; documentNumber: string; associatedReferenceNumber: string };

/**
 * The customer's choice of who reads without an emailed link (`visitorAccess`): (a) `emailed-link`, the default;
 * (b) `scanned-document`, a scanned label's document opens, search stays behind the link; (c) `open`. A field of the
 * customer record: an ADMIN edits it, the approver signs it, then it applies.
 */
describe('a customer’s choice of reading without an emailed link, over HTTP', () => {
  let t: TestApi;
  let spec: ReturnType<typeof apiSpec>;
  let admin: string;
  let approver: Signer;
  let author: Credentials;
  let customerId: string;
  let customerName: string;
  let familyId: string;
  let child: Child;
  const gtin = newGtin();

  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${t.url}${path}`, { redirect: 'manual', headers: { accept: 'text/html', ...headers } });
  const pathOf = (location: string | null) => (location ? new URL(location).pathname + new URL(location).search : '');
  const fields = (extra: Record<string, string> = {}) => ({
    id: customerId,
    customerName,
    contactInformation: '4930901820',
    contactEmail: `${customerName.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    countryExclusionList: 'DE,US',
    customerWebsiteLink: 'https://example.com',
    approverId: approver.id,
    ...extra,
  });
  const edit = async (token: string, extra: Record<string, string> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields(extra))) form.set(k, v);
    const answer = await fetch(`${t.url}/customer/update`, { method: 'PUT', body: form, headers: { authorization: `Bearer ${token}` } });
    return { status: answer.status, body: (await answer.json()) as { message: string; customer?: Record<string, unknown> } };
  };
  const approveChange = async () => {
    const approverToken = await t.login(approver.email, approver.password);
    const decided = await t.call('POST', '/customer/approve/add', {
      token: approverToken,
      headers: await reviewedCustomer(t, approverToken, customerId),
      body: { customerId, customerApproverId: approver.id, customerApproval: true, username: approver.email, password: approver.password },
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
  };
  const view = async () => (await t.call('GET', `/customer/get/${customerId}`, { token: admin })).body as Record<string, unknown> & { pendingChange: null | Record<string, unknown> };
  const openSearch = () => t.call('POST', '/module2/openSearchLink', { body: { customerName, parentChangeId: familyId } });

  beforeAll(async () => {
    t = await startTestApi();
    spec = apiSpec(t);
    admin = await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    approver = { id: '', email: 'access.approver@example.com', password: 'access approver password' };
    approver.id = await t.createUser({ email: approver.email, role: 'ADMIN', password: approver.password });
    author = { email: 'access.author@example.com', password: 'access author password' };
    await t.createUser({ ...author, role: 'USER' });
    customerName = unique('Ward Clinic ');
    customerId = await arrangeApprovedCustomer(t, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, approver, customerName);
    const { parentChangeId } = await arrangeChangeOrder(t, {
      author,
      approverId: approver.id,
      customerId,
      productName: 'Ward Catheter',
      children: [{ lotNumber: 'WC-1', partNumber: 'PN-WC', gtin, countryList: 'FR', languageList: 'fr' }],
      waitForText: false,
    });
    await arrangeDecision(t, { parentChangeId, approver, approve: true });
    familyId = parentChangeId;
    child = ((await t.call('GET', `/document/get/${parentChangeId}`, { token: admin })).body as { children: Child[] }).children[0]!;
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('(a) by default: the customer shows emailed-link, a scan leads to the page that asks for the emailed link, its PDF is refused, search needs the link', async () => {
    expect((await view()).visitorAccess).toBe('emailed-link');
    const scan = await get(`/01/${gtin}/10/WC-1`);
    expect(pathOf(scan.headers.get('location'))).toBe(`/p/${child.documentNumber}`);
    expect(await (await get(`/p/${child.documentNumber}`)).text()).toContain('gives its instructions for use through a link sent by email');
    expect((await get(`/p/${child.documentNumber}/v/1/pdf`)).status).toBe(403);
    expect((await openSearch()).status).toBe(403);
  });

  it('a value that is not one of the three is refused naming the field, nothing stored; a USER may not change it, nor anyone signed out', async () => {
    const user = await t.login(author.email, author.password);
    const before = await t.store.lastPosition();
    const refused = await edit(admin, { visitorAccess: 'everyone' });
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('visitorAccess must be emailed-link, scanned-document or open') } });
    expect(refused.body.message).toMatch(/^visitorAccess/);
    expect(await edit(user, { visitorAccess: 'open' })).toMatchObject({ status: 403, body: { message: 'This needs the ADMIN role' } });
    expect(await edit('', { visitorAccess: 'open' })).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
    expect(await t.store.readAll(before, 10)).toEqual([]);
  });

  it('(b) scanned-document: the ADMIN’s edit waits for the approver (nothing opens meanwhile); once signed, a scan opens the PDF without a mail, the permalink offers it, search stays behind the emailed link', async () => {
    const proposed = await edit(admin, { visitorAccess: 'scanned-document' });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
    const pending = await view();
    expect(pending.visitorAccess).toBe('emailed-link');
    expect(pending.pendingChange).toMatchObject({ visitorAccess: 'scanned-document', changed: ['visitorAccess'] });
    expect((await get(`/p/${child.documentNumber}/v/1/pdf`)).status).toBe(403);

    await approveChange();
    expect(await view()).toMatchObject({ visitorAccess: 'scanned-document', openAccess: false, pendingChange: null });
    const scan = await get(`/01/${gtin}/10/WC-1?lang=fr`);
    expect(scan.status).toBe(307);
    const target = pathOf(scan.headers.get('location'));
    expect(target).toBe(`/p/${child.documentNumber}/v/1/pdf?via=digital-link&lang=fr`);
    const pdf = await get(target);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const page = await (await get(`/p/${child.documentNumber}`)).text();
    expect(page).toContain(`/p/${child.documentNumber}/v/1/pdf`);
    expect(page).not.toContain('gives its instructions for use through a link sent by email');
    // Search is not opened: the customer page still asks for an email, and no open search link is given.
    expect((await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`)).body.openAccess).toBe(false);
    await spec.when(() => openSearch()).thenNothingStored(403, 'This customer gives its documents through a link sent by email: ask for one on its page.');
  });

  it('an edit that does not name the choice keeps it; the audit trail names the field and its values', async () => {
    const kept = await edit(admin, { customerWebsiteLink: 'https://ward.example.com' });
    expect(kept.status).toBe(200);
    expect((await view()).pendingChange).toMatchObject({ visitorAccess: 'scanned-document', changed: ['customerWebsiteLink'] });
    // Back to the approved website: the change is withdrawn.
    expect((await edit(admin)).status).toBe(200);
    expect((await view()).pendingChange).toBeNull();
    const events = await t.store.readStream(`customer-${customerId}`);
    const approved = events.find((e) => e.type === 'CustomerChangeApproved')!;
    expect(approved.data).toMatchObject({ details: { visitorAccess: 'scanned-document' }, changes: [{ field: 'visitorAccess', from: 'emailed-link', to: 'scanned-document' }] });
    expect(VISITOR_ACCESS_LABEL['scanned-document']).toMatch(/scanned label/);
  });

  it('(c) open: once signed, search opens without an email too; back to (a), everything is behind the link again', async () => {
    expect((await edit(admin, { visitorAccess: 'open' })).status).toBe(200);
    await approveChange();
    expect((await t.call('GET', `/module2/getParentLogosForCustomer/${encodeURIComponent(customerName)}`)).body.openAccess).toBe(true);
    expect((await openSearch()).status).toBe(200);
    expect((await get(`/p/${child.documentNumber}/v/1/pdf`)).status).toBe(200);

    expect((await edit(admin, { visitorAccess: 'emailed-link' })).status).toBe(200);
    await approveChange();
    expect((await view()).visitorAccess).toBe('emailed-link');
    expect((await openSearch()).status).toBe(403);
    expect((await get(`/p/${child.documentNumber}/v/1/pdf`)).status).toBe(403);
    expect(pathOf((await get(`/01/${gtin}/10/WC-1`)).headers.get('location'))).toBe(`/p/${child.documentNumber}`);
  });
});
